from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from benchmarks.ceiling.models import Ping


class CeilingApi(APIView):
    """Authenticate like a move, insert one row, answer: the ceiling a move is compared to."""

    @extend_schema(exclude=True)
    def post(self, request: Request) -> Response:
        ping = Ping.objects.create(user_id=int(request.user.pk or 0))
        return Response({"id": ping.pk}, status=201)
