"""WSGI entry point (HTTP only; live play needs the ASGI one)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.local")

application = get_wsgi_application()

from durak_platform import collector  # noqa: E402

collector.settle()  # started: what lives now lives as long as the process
