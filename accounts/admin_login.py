"""The admin's sign-in page, throttled (issue 26): failed sign-ins are counted per address,
and against the account the name finds as the API counts them (``accounts.signin_limit``:
per name and address, and per name from every address); past a limit a POST is answered
429 without checking the password at all."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape

from accounts import signin_limit
from accounts.network import client_ip
from accounts.services import signin_key

IP_SCOPE = "admin-ip"


def _refusal(wait: int) -> HttpResponse:
    text = (f"Слишком много неудачных попыток входа. Попробуйте через {wait} с. / "
            f"Too many failed sign-in attempts. Try again in {wait} s.")
    response = HttpResponse(f"<!doctype html><meta charset=utf-8><title>429</title><p>{escape(text)}</p>",
                            status=429)
    response["Retry-After"] = str(wait)
    return response


def admin_login(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return admin.site.login(request)
    ip = client_ip(request) or "unknown"
    name = signin_key(str(request.POST.get("username", "")))
    per_ip = int(settings.DURAK_ADMIN_LOGIN_FAILURES_PER_IP)
    wait = max(signin_limit.blocked_for(ip, scope=IP_SCOPE, limit=per_ip), signin_limit.name_blocked_for(name, ip))
    if wait:
        return _refusal(wait)
    response = admin.site.login(request)
    if response.status_code == 302 and request.user.is_authenticated:  # signed in: on to the admin
        signin_limit.name_succeeded(name, ip)
    else:  # the form again, with its error
        signin_limit.failed(ip, scope=IP_SCOPE)
        signin_limit.name_failed(name, ip)
    return response
