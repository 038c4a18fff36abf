from django.apps import AppConfig


class CeilingConfig(AppConfig):
    name = "durak_platform.ceiling"
    label = "ceiling"
    verbose_name = "Benchmark ceiling"
