"""The admin as a club's staff read it: one language at a time (Russian by default, English
by the browser's Accept-Language or the pages' language cookie), no English field label on
a Russian page, the rules and the result in words (not JSON, not twice), the event log as a
table of moves, links to the replay viewer and the players' pages; and the English
catalogue complete and compiled."""

from __future__ import annotations

import gettext
import html
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client as DjangoClient
from django.urls import reverse

from accounts.models import Player
from coins import services as coin_services
from games.models import Game
from tests.harness.clients import member_create
from tests.harness.moves import play_until
from tests.harness.tables import table_create
from tournaments import services
from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")

# Labels the admin showed in English before (and Django would show for untranslated names).
ENGLISH = ["Status:", "Seq:", "Rules", "Created at", "Started at", "Finished at", "Last event at", "Result:",
           "Creator:", "Replay", "Move timer", "Reconnect window", "Spectator delay", "Hints:", "Outcome",
           "Variant", "Seats", "Name:", "Is guest", "User:", "Format:", "Entry fee", "Rake percent",
           "Added prize", "Guarantee", "Payouts", "Leaves", "Min entrants", "Max entrants", "Starts at",
           "Standings", "Organiser:", "waiting for players", "game_started", "cards_dealt", "attack_played",
           "bout_ended", "Game ", "event log", "the replay viewer", "novice", "registration", "running",
           "elimination", "round_robin", "Payload", "Actor", "Type:"]


def visible(page: str) -> str:
    """The text a person sees: no scripts, styles, tags or attributes."""
    page = re.sub(r"(?is)<(script|style|svg)\b.*?</\1>", " ", page)
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(page))


def get(client: DjangoClient, url: str, lang: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200, url
    assert response["Content-Language"] == lang
    return response.content.decode()


@pytest.fixture
def staff(db: None, django_user_model: Any) -> DjangoClient:
    user = django_user_model.objects.create_superuser("steward", "steward@127.0.0.1", "kozyrnaya-dama")
    client = DjangoClient()
    client.force_login(user)
    return client


@pytest.fixture
def finished(db: None) -> Game:
    table = table_create(rules={"players": 2, "deck": 24})
    for seat, name in ((0, "Иван"), (1, "Пётр")):
        Player.objects.filter(pk=table.people[seat].pk).update(name=name)
    play_until(table.game, lambda game, state: game.status == Game.Status.FINISHED)
    return Game.objects.get(pk=table.id)


def test_the_russian_game_page_reads_in_russian_with_rules_result_and_moves_in_words(
        staff: DjangoClient, finished: Game) -> None:
    page = get(staff, reverse("admin:games_game_change", args=[finished.pk]), "ru")
    text = visible(page)
    assert f"Партия №{finished.pk}" in text
    assert "Изменить партия" not in text and "Просмотреть партия" not in text
    assert [word for word in ENGLISH if word in text] == []
    assert "Подкидной, 24 карты, 2 игрока" in text
    result = finished.result or {}
    if result.get("draw"):
        assert "Ничья" in text
    else:
        loser = "Иван" if result["durak"] == 0 else "Пётр"
        assert f"Дурак: место {result['durak']} ({loser})" in text
        assert text.count(f"Дурак: место {result['durak']}") == 1, "the result is shown once"
    # The event log as moves: types in words, who, cards with their suits; no stored JSON.
    assert "начало партии" in text and "раздача" in text and "конец партии" in text
    assert re.search(r"ход место \d \((Иван|Пётр)\) [0-9JQKA]+[♠♣♦♥]", text), text[:3000]
    assert '"variant"' not in text and "{'" not in text and '{"' not in text
    # Links: the replay viewer and the players' pages, not the API.
    assert f'href="/games/{finished.pk}/replay/"' in page
    assert f"/api/v1/games/{finished.pk}/replay/" not in page
    for seat in finished.seats.all():
        assert f'href="/players/{seat.player_id}/"' in page
    # No Latin word at all but the language button, the staff's own login name and «ID».
    latin = set(re.findall(r"\b[A-Za-z]{2,}\b", text)) - {"ID", "EN", "steward"}
    assert latin == set(), latin


def test_the_english_game_page_reads_in_english(staff: DjangoClient, finished: Game) -> None:
    page = get(staff, reverse("admin:games_game_change", args=[finished.pk]), "en")
    text = visible(page)
    assert f"Game #{finished.pk}" in text and "Podkidnoy, 24 cards, 2 players" in text
    assert "Status:" in text and "game started" in text
    # Nothing Russian but the people's names and the language button.
    cyrillic = set(re.findall(r"[А-Яа-яЁё]+", text)) - {"Иван", "Пётр", "РУ"}
    assert cyrillic == set(), cyrillic


def test_the_language_cookie_the_pages_switch_sets_chooses_the_admins_language(
        staff: DjangoClient, finished: Game) -> None:
    url = reverse("admin:games_game_change", args=[finished.pk])
    staff.cookies["django_language"] = "en"
    assert "Game #" in visible(staff.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    staff.post(reverse("set_language"), {"language": "ru", "next": url})
    assert f"Партия №{finished.pk}" in visible(staff.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())


def test_the_russian_lists_and_the_event_page_have_russian_headers(staff: DjangoClient, finished: Game) -> None:
    games = visible(get(staff, reverse("admin:games_game_changelist"), "ru"))
    assert "Партии" in games and "Выберите партия" not in games
    assert [word for word in ("Status", "Variant", "Seats", "Outcome", "Created at", "Finished at") if word in games] == []
    english = visible(get(staff, reverse("admin:games_game_changelist"), "en"))
    assert set(re.findall(r"[А-Яа-яЁё]+", english)) - {"Иван", "Пётр", "РУ"} == set()
    index = visible(get(staff, reverse("admin:index"), "ru"))
    assert "Турниры и монеты" in index and "Tournaments" not in index and "Games" not in index
    absences = visible(get(staff, reverse("admin:games_seatabsence_changelist"), "ru"))
    assert "Отошедшие от стола" in absences and "Away since" not in absences
    event = finished.events.get(seq=1)
    page = visible(get(staff, reverse("admin:games_gameevent_change", args=[event.pk]), "ru"))
    assert f"Событие 1 партии №{finished.pk}" in page and "начало партии" in page
    assert [word for word in ENGLISH if word in page] == []


def test_the_russian_player_page_has_no_english_labels_and_links_the_players_page(
        staff: DjangoClient, finished: Game) -> None:
    seat = finished.seats.get(number=0)
    page = get(staff, reverse("admin:accounts_player_change", args=[seat.player_id]), "ru")
    text = visible(page)
    assert "Игрок Иван" in text and "Изменить игрок" not in text
    assert [word for word in ENGLISH if word in text] == []
    assert f'href="/players/{seat.player_id}/"' in page
    assert f"Партия №{finished.pk}" in text and f'href="/games/{finished.pk}/replay/"' in page
    english = visible(get(staff, reverse("admin:accounts_player_change", args=[seat.player_id]), "en"))
    assert "Player Иван" in english and f"Game #{finished.pk}" in english
    assert set(re.findall(r"[А-Яа-яЁё]+", english)) - {"Иван", "РУ"} == set()


@pytest.mark.django_db(transaction=True)
def test_the_russian_tournament_page_has_no_english_labels_and_reads_its_terms(staff: DjangoClient) -> None:
    # Registered accounts: coins at stake are theirs only.
    organiser, alice, bob = (member_create(name)[0] for name in ("Организатор", "Алиса", "Борис"))
    for person in (organiser, alice, bob):
        coin_services.wallet_welcome(player=person)
    made = services.tournament_create(organiser=organiser, data={
        "name": "Кубок клуба", "format": "round_robin", "rules": {"players": 2}, "entry_fee": 10,
        "payouts": [100], "max_entrants": 2})
    services.tournament_join(tournament_id=made.pk, player=alice)
    services.tournament_join(tournament_id=made.pk, player=bob)  # the last place starts it
    assert Tournament.objects.get(pk=made.pk).status == Tournament.Status.RUNNING
    page = get(staff, reverse("admin:tournaments_tournament_change", args=[made.pk]), "ru")
    text = visible(page)
    assert "Турнир «Кубок клуба»" in text and "Изменить турнир" not in text
    assert [word for word in ENGLISH if word in text] == []
    assert "Подкидной, 36 карт, 2 игрока" in text and "1 место: 100 %" in text
    assert "круговая система" in text and "идёт" in text
    assert '"players"' not in text and "[100]" not in text, "the terms are words, not JSON"
    assert 'href="/players/' in page and f'href="/tournaments/{made.pk}/"' in page
    english = visible(get(staff, reverse("admin:tournaments_tournament_change", args=[made.pk]), "en"))
    assert "Tournament “Кубок клуба”" in english and "Podkidnoy, 36 cards, 2 players" in english
    cyrillic = set(re.findall(r"[А-Яа-яЁё]+", english)) - {"Кубок", "клуба", "Организатор", "Алиса", "Борис", "РУ"}
    assert cyrillic == set(), cyrillic


def po_entries(path: Path) -> dict[str, str]:
    """msgid → msgstr of a .po file (the header left out)."""
    entries: dict[str, str] = {}
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        match = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', block + "\n", re.M)
        if not match:
            continue
        def join(part: str) -> str:
            return "".join(re.findall(r'"(.*)"', part)).replace('\\"', '"').replace("\\n", "\n")
        msgid = join(match.group(1))
        if msgid:
            assert "#, fuzzy" not in block, msgid
            entries[msgid] = join(match.group(2))
    return entries


def test_the_english_catalogue_is_complete_and_its_compiled_copy_current() -> None:
    entries = po_entries(PO)
    assert len(entries) > 250
    assert [msgid for msgid, msgstr in entries.items() if not msgstr] == []
    with MO.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)
    stale = [msgid for msgid, msgstr in entries.items() if catalog.gettext(msgid) != msgstr]
    assert stale == [], "run: msgfmt -o locale/en/LC_MESSAGES/django.mo locale/en/LC_MESSAGES/django.po"
    for msgid, msgstr in entries.items():
        assert re.findall(r"%\(\w+\)s", msgid) == re.findall(r"%\(\w+\)s", msgstr) or sorted(
            re.findall(r"%\(\w+\)s", msgid)) == sorted(re.findall(r"%\(\w+\)s", msgstr)), msgid
