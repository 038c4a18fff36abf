"""The ratings API's shapes, for the schema (drf-spectacular) and its tests."""

from __future__ import annotations

from rest_framework import serializers

from games.engine.rules import VARIANTS


class LeaderboardQuerySerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=list(VARIANTS), required=False, default="podkidnoy",
                                      help_text="Which game's ratings (each variant is rated apart)")


class LeaderboardRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1 the best")
    player = serializers.IntegerField(help_text="The player's id")
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="1000 + 25 × (mu − 3 sigma), rounded: newcomers start at 1000")
    games = serializers.IntegerField(help_text="Rated games of this variant")
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated games, or still too unsure: listed after every established player")


class LeaderboardSerializer(serializers.Serializer):
    variant = serializers.CharField()
    ratings = LeaderboardRowSerializer(many=True)
