from django.apps import AppConfig


class CeilingConfig(AppConfig):
    name = "benchmarks.ceiling"
    label = "ceiling"
    verbose_name = "Benchmark ceiling"
