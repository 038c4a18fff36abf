"""Production: a real secret, no debug, collected static files, secure cookies."""

from django.core.exceptions import ImproperlyConfigured

from durak_platform.settings.base import *  # noqa: F403
from durak_platform.settings.base import SECRET_KEY
from durak_platform.settings.environment import env

DEBUG = False
if not SECRET_KEY:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY for production.")
WHITENOISE_USE_FINDERS = env.bool("DJANGO_WHITENOISE_USE_FINDERS", default=False)
SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
