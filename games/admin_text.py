"""The admin's words for a game: its rules, its result and each stored event as a club's
staff read them («Подкидной, 36 карт, 4 игрока», «Дурак: место 2 (Иван)»), in the
request's language. The source strings are Russian; locale/en holds their English.

Counting words are chosen here, not by ngettext: with Russian as the source language
gettext knows only two forms, and Russian needs three («1 карта, 3 карты, 5 карт»).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import get_language, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _

from games.engine.rules import Rules

SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def counted(n: int, one: str, few: str, many: str) -> str:
    """``n`` with its noun: each form is a gettext string holding %(n)s; Russian picks
    among three, any other language has one for 1 and the "many" form for the rest."""
    if (get_language() or "ru").startswith("ru"):
        d, h = n % 10, n % 100
        form = one if d == 1 and h != 11 else few if 2 <= d <= 4 and not 12 <= h <= 14 else many
    else:
        form = one if n == 1 else many
    return _(form) % {"n": n}


def cards_count(n: int) -> str:
    return counted(n, gettext_noop("%(n)s карта"), gettext_noop("%(n)s карты"), gettext_noop("%(n)s карт"))


def players_count(n: int) -> str:
    return counted(n, gettext_noop("%(n)s игрок"), gettext_noop("%(n)s игрока"), gettext_noop("%(n)s игроков"))


def card_text(card: str) -> str:
    """"QS" → "Q♠": staff read cards as the contract spells them, with the suit drawn."""
    return f"{card[:-1]}{SUITS.get(card[-1:], card[-1:])}" if card else "?"


def cards_text(cards: Iterable[str]) -> str:
    return " ".join(card_text(c) for c in cards)


VARIANTS = {"podkidnoy": gettext_lazy("Подкидной"), "perevodnoy": gettext_lazy("Переводной"),
            "simple": gettext_lazy("Простой")}
LEVELS = {"random": gettext_lazy("случайный"), "novice": gettext_lazy("новичок"),
          "experienced": gettext_lazy("опытный"), "master": gettext_lazy("мастер"),
          "greedy": gettext_lazy("жадный")}

# Each option that differs from the default, in words; ints take %(n)s.
OPTION_WORDS: dict[tuple[str, Any], Any] = {
    ("teams", True): gettext_lazy("командами"),
    ("lead", "pair"): gettext_lazy("заход одной картой или парой"),
    ("lead", "same_rank"): gettext_lazy("заход любым числом карт одного достоинства"),
    ("first_bout_take_sixth", True): gettext_lazy("в первом бою вдогонку можно шестую"),
    ("limit_by", "current_hand"): gettext_lazy("не больше карт, чем осталось у отбивающегося"),
    ("cap_when_deck_empty", False): gettext_lazy("без колоды подкидывать сколько угодно"),
    ("throw_in", "neighbours"): gettext_lazy("подкидывают ходящий и сосед слева"),
    ("throw_in", "both_neighbours"): gettext_lazy("подкидывают только соседи отбивающегося"),
    ("throw_in_order", "round"): gettext_lazy("подкидывают по кругу"),
    ("throw_after_take", False): gettext_lazy("вдогонку не подкидывают"),
    ("transfer_first_bout", False): gettext_lazy("в первом бою не переводят"),
    ("transfer_with_trump_on_table", False): gettext_lazy("с козырем на столе не переводят"),
    ("proezdnoy", True): gettext_lazy("проездной"),
    ("transfer_out", False): gettext_lazy("переводом не выходят"),
    ("transfer_cards", "one"): gettext_lazy("переводят одной картой"),
    ("initiator_throws_after_transfer", False): gettext_lazy("после перевода зачинщик не подкидывает"),
    ("draw_allowed", False): gettext_lazy("без ничьих"),
    ("draw_first", "defender"): gettext_lazy("первым добирает отбивающийся"),
    ("draw_others", "left_of_defender"): gettext_lazy("добирают слева от отбивающегося"),
    ("last_cards", "even"): gettext_lazy("остаток колоды поровну"),
    ("pass_hands", True): gettext_lazy("круглый дурак"),
    ("redeal_five_of_suit", True): gettext_lazy("пересдача при пяти картах одной масти"),
    ("spades_by_spades", True): gettext_lazy("пики пиками"),
}
INT_WORDS = {"bout_limit": gettext_lazy("в бою до %(n)s карт"),
             "first_bout_limit": gettext_lazy("первый отбой — %(n)s карт")}


def rules_text(rules: Mapping[str, Any] | None) -> str:
    """«Подкидной, 36 карт, 4 игрока; командами, пики пиками»: the variant, the deck, the
    table, then only the options that differ from the defaults."""
    if not rules:
        return "—"
    defaults = Rules().to_dict()
    head = [str(VARIANTS.get(rules.get("variant", ""), rules.get("variant", "?"))),
            cards_count(int(rules.get("deck", 36))), players_count(int(rules.get("players", 2)))]
    extra: list[str] = []
    for name, default in defaults.items():
        value = rules.get(name, default)
        if name in ("variant", "deck", "players") or value == default:
            continue
        if name in INT_WORDS:
            extra.append(str(INT_WORDS[name]) % {"n": value})
        elif (name, value) in OPTION_WORDS:
            extra.append(str(OPTION_WORDS[(name, value)]))
        else:
            extra.append(f"{name}: {value}")
    return ", ".join(head) + ("; " + ", ".join(extra) if extra else "")


def seat_text(seat: int | None, names: Mapping[int, str]) -> str:
    """«место 2 (Иван)»; seats are numbered from 0 as in the API."""
    if seat is None:
        return "—"
    name = names.get(seat)
    return _("место %(n)s (%(name)s)") % {"n": seat, "name": name} if name else _("место %(n)s") % {"n": seat}


def seats_text(seats: Iterable[int], names: Mapping[int, str]) -> str:
    return ", ".join(seat_text(s, names) for s in seats)


def result_text(result: Mapping[str, Any] | None, names: Mapping[int, str]) -> str:
    """«Дурак: место 2 (Иван)»; a draw; a team's loss; who forfeited; the order out."""
    if not result:
        return "—"
    if result.get("draw"):
        parts = [_("Ничья")]
    elif result.get("durak") is not None:
        parts = [_("Дурак: %(who)s") % {"who": seat_text(result["durak"], names)}]
    else:
        parts = [_("Проиграли: %(who)s") % {"who": seats_text(result.get("losers") or (), names)}]
    if result.get("forfeits"):
        parts.append(_("не вернулись к столу: %(who)s") % {"who": seats_text(result["forfeits"], names)})
    if result.get("places"):
        parts.append(_("порядок выхода: %(who)s") % {"who": seats_text(result["places"], names)})
    return "; ".join(parts)


def level_text(level: str) -> str:
    return str(LEVELS.get(level, level))


EVENT_TYPES = {
    "game_started": gettext_lazy("начало партии"), "cards_dealt": gettext_lazy("раздача"),
    "bout_started": gettext_lazy("новый бой"), "attack_played": gettext_lazy("ход"),
    "card_beaten": gettext_lazy("отбился"), "attack_transferred": gettext_lazy("перевод"),
    "take_declared": gettext_lazy("берёт"), "passed": gettext_lazy("пас"),
    "bout_ended": gettext_lazy("конец боя"), "cards_drawn": gettext_lazy("добор"),
    "player_out": gettext_lazy("вышел из игры"), "hands_passed": gettext_lazy("карты по кругу"),
    "game_finished": gettext_lazy("конец партии"),
}


def event_type_text(kind: str) -> str:
    return str(EVENT_TYPES.get(kind, kind))


class EventReader:
    """Reads a game's stored events in seq order into rows (seq, type, who, what); it
    remembers the attack cards of the bout so a beaten card is named, not its index."""

    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names
        self.attacks: list[str] = []

    def row(self, seq: int, payload: Mapping[str, Any]) -> tuple[int, str, str, str]:
        kind = str(payload.get("type", ""))
        seat = payload.get("seat")
        who = seat_text(seat, self.names) if isinstance(seat, int) else ""
        what = self._what(kind, payload)
        return seq, event_type_text(kind), who, what

    def _what(self, kind: str, p: Mapping[str, Any]) -> str:
        describe: dict[str, Callable[[], str]] = {
            "game_started": lambda: _("%(rules)s; козырь — последняя карта колоды: %(trump)s") % {
                "rules": rules_text(p.get("rules")), "trump": card_text((p.get("deck") or ["?"])[-1])},
            "cards_dealt": lambda: _("по %(n)s; козырь %(trump)s") % {
                "n": cards_count(len((p.get("hands") or [[]])[0])), "trump": card_text(p.get("trump", ""))},
            "bout_started": lambda: _("ходит %(a)s, отбивается %(d)s") % {
                "a": seat_text(p.get("attacker"), self.names), "d": seat_text(p.get("defender"), self.names)},
            "attack_played": lambda: self._attack(p.get("cards") or []),
            "card_beaten": lambda: _("%(card)s на %(target)s") % {"card": card_text(p.get("card", "")),
                                                                  "target": self._target(p.get("target"))},
            "attack_transferred": lambda: self._transfer(p),
            "bout_ended": lambda: self._bout_ended(p),
            "cards_drawn": lambda: cards_text(p.get("cards") or []) or "—",
            "hands_passed": lambda: _("каждый передаёт свои карты соседу слева"),
        }
        if kind == "game_finished":  # the result itself is the game's own field, said once
            places = p.get("places") or ()
            return _("порядок выхода: %(who)s") % {"who": seats_text(places, self.names)} if places else ""
        return describe[kind]() if kind in describe else ""

    def _attack(self, cards: list[str]) -> str:
        self.attacks.extend(cards)
        return cards_text(cards)

    def _target(self, index: Any) -> str:
        if isinstance(index, int) and 0 <= index < len(self.attacks):
            return card_text(self.attacks[index])
        return "?"

    def _transfer(self, p: Mapping[str, Any]) -> str:
        cards = list(p.get("cards") or [])
        if not p.get("shown"):
            self.attacks.extend(cards)
        words = _("показан козырь %(cards)s") if p.get("shown") else "%(cards)s"
        return (words % {"cards": cards_text(cards)} + "; "
                + _("отбивается %(d)s") % {"d": seat_text(p.get("defender"), self.names)})

    def _bout_ended(self, p: Mapping[str, Any]) -> str:
        self.attacks = []
        n = cards_count(len(p.get("cards") or []))
        if p.get("outcome") == "taken":
            return _("%(d)s забирает %(n)s: %(cards)s") % {
                "d": seat_text(p.get("defender"), self.names), "n": n, "cards": cards_text(p.get("cards") or [])}
        return _("бито: %(n)s в отбой") % {"n": n}
