"""The fair-play report: pairs who keep playing only each other, one side always the durak;
from real games played out through the services."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client as DjangoClient

from accounts.models import Player
from accounts.services import guest_create
from games import engine, selectors, services
from games.fairplay import suspect_pairs
from games.models import Game
from tests.harness.tables import table_create


def _play_out(game: Game, loser: Player | None) -> Game:
    """Play ``game`` to its end: ``loser`` takes whenever it may and never throws in, the
    others play the first legal action that is not taking (they beat when they can)."""
    for _ in range(1000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        state = selectors.game_state(game)
        people = {s.number: s.player for s in selectors.seats_of(game) if s.player is not None}
        seat = engine.actors(state)[0]
        options = engine.legal_actions(state, seat)
        kinds = [type(a).__name__.lower() for a in options]
        if people[seat] == loser and ("take" in kinds or "pass" in kinds):
            choice = options[kinds.index("take" if "take" in kinds else "pass")]
        else:
            keep = [a for a, k in zip(options, kinds, strict=True) if k != "take"]
            choice = (keep or options)[0]
        services.action_play(game_id=game.pk, player=people[seat], action=choice, expected_seq=game.seq)
    raise AssertionError("the game did not end")


def _games(a: Player, b: Player, n: int, loser: Player | None) -> list[Game]:
    games = []
    for _ in range(n):
        table = table_create(creator=a, rules={"players": 2}, people=1)
        services.game_join(game_id=table.id, player=b)
        games.append(_play_out(Game.objects.get(pk=table.id), loser))
    return games


def _durak(game: Game) -> int | None:
    seats = {s.number: s.player_id for s in selectors.seats_of(game)}
    durak = (game.result or {}).get("durak")
    return None if durak is None else seats[durak]


def test_a_pair_where_one_always_loses_is_reported(db: None) -> None:
    main, feeder = guest_create()[0], guest_create()[0]
    games = _games(main, feeder, 6, loser=feeder)
    assert all(_durak(g) == feeder.pk for g in games), [g.result for g in games]  # the strategy worked
    assert [(p.loser_id, p.winner_id, p.shared, p.lost) for p in suspect_pairs()] == [(feeder.pk, main.pk, 6, 6)]

    staff = get_user_model().objects.create_superuser(username="boss", password="admin-pass-42")
    client = DjangoClient()
    client.force_login(staff)
    assert "/admin/games/game/fairplay/" in client.get("/admin/games/game/").content.decode()
    page = client.get("/admin/games/game/fairplay/").content.decode()
    assert 'class="suspect-pair"' in page and feeder.name in page and main.name in page


def test_too_few_games_or_other_opponents_or_mixed_results_are_not(db: None) -> None:
    a, b = guest_create()[0], guest_create()[0]
    _games(a, b, 4, loser=b)  # four: below five shared games
    assert suspect_pairs() == []
    c, d, e = guest_create()[0], guest_create()[0], guest_create()[0]
    _games(c, d, 5, loser=d)
    _games(c, e, 3, loser=None)  # c plays others too: d is 5/8 of c's games, under 80%
    assert suspect_pairs() == []
    f, g = guest_create()[0], guest_create()[0]
    games = _games(f, g, 3, loser=g) + _games(f, g, 3, loser=f)  # each loses half
    assert {_durak(x) for x in games} == {f.pk, g.pk}
    assert suspect_pairs() == []


def test_the_report_is_for_staff_who_may_see_games(db: None) -> None:
    assert DjangoClient().get("/admin/games/game/fairplay/").status_code == 302  # to the sign-in
    clerk = get_user_model().objects.create_user(username="clerk", password="admin-pass-42", is_staff=True)
    client = DjangoClient()
    client.force_login(clerk)
    assert client.get("/admin/games/game/fairplay/").status_code == 403
