"""The Django project: settings, URLs, the ASGI entry point and the Celery app."""

# Importing the Celery app here makes @shared_task bind to it whenever Django starts.
from durak_platform.celery import app as celery_app

__all__ = ["celery_app"]
