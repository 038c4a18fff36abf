"""The rules of one game: every reading of the rule texts as an option (docs/rules.md).

Defaults follow the page's own text (docs/rules.md#defaults): podkidnoy with 36 cards,
lead with one card, throw-ins by everyone but the defender, at most six cards a bout and
never more than the defender held, throw-ins after a take allowed, a draw when the last
attacker and defender run out together. Where the page is silent, the default is the
game as played before the option existed, so a stored game keeps its meaning.

The texts are named as docs/rules.md#sources names them: "the page" (the platform's own
page, «Дурак онлайн»), "text 000", "text 001" and "text 004".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from games.engine.errors import InvalidAction

VARIANTS: Final = ("podkidnoy", "perevodnoy", "simple")
DECK_SIZES: Final = (24, 36, 52)
LEADS: Final = ("single", "pair", "same_rank")
LIMITS: Final = ("start_hand", "current_hand")
THROW_INS: Final = ("all", "neighbours", "both_neighbours")
THROW_IN_ORDERS: Final = ("attacker_first", "round")
DRAW_FIRST: Final = ("attacker", "defender")
DRAW_OTHERS: Final = ("from_lead", "left_of_defender")
LAST_CARDS: Final = ("in_turn", "even")
TRANSFER_CARDS: Final = ("one_or_more", "one")
HAND_SIZE: Final = 6


@dataclass(frozen=True, slots=True)
class Rules:
    """One game's rules; ``Rules.from_dict`` validates and fills in the defaults."""

    # Every option's readings, default and reasons: docs/rules.md (the section named by each
    # comment); docs/rules.md#options-at-a-glance lists them all.
    variant: str = "podkidnoy"  # docs/rules.md#variants (the page; простой: text 000)
    players: int = 2  # docs/rules.md#players-and-teams (up to 8 with 52 cards: text 004)
    deck: int = 36  # docs/rules.md#the-deck (36 by the page, 52 by text 004)
    # Partners sit apart (seat % 2 is the team: text 000), never attack a partner (text
    # 000) nor throw in to one (text 001), and lose together (text 000). Only with 4 or 6
    # players (docs/rules.md#players-and-teams).
    teams: bool = False
    # docs/rules.md#the-lead: "single", one card (the page's «любую карту»); "pair", one
    # card or two of a rank (text 000's простой); "same_rank", any number of one rank
    # (texts 000, 004).
    lead: str = "single"
    bout_limit: int = 6  # docs/rules.md#the-bout-limit (the page: «не больше шести карт»)
    # docs/rules.md#the-first-bout: «первый отбой — 5 карт» (text 004; text 000 in other
    # words); six by the page.
    first_bout_limit: int = 6
    # docs/rules.md#the-first-bout: «если игрок не отбивается, то можно подкинуть 6-ю
    # карту» (text 000): once the defender of the first bout takes, throw-ins go on up to
    # ``bout_limit``.
    first_bout_take_sixth: bool = False
    # docs/rules.md#the-defenders-hand: "start_hand", attack cards never outnumber the
    # defender's hand when the bout began (the page, text 004); "current_hand", unbeaten
    # cards never outnumber the defender's hand now (the same limit in the wording of texts
    # 000 and 004, «чем остаётся у отбивающегося игрока»).
    limit_by: str = "start_hand"
    # docs/rules.md#with-the-deck-empty: True, six at most to the end (the page, text 004);
    # False, once the deck is empty throw in as many as the defender holds (text 000).
    cap_when_deck_empty: bool = True
    # docs/rules.md#throwing-in: who throws in. "all", everyone but the defender (the page:
    # «ходящий и остальные соперники»); "neighbours", the attacker and the defender's
    # left-hand neighbour; "both_neighbours", the attacker and the defender's nearest
    # seats still in the game on either side (text 004: «только соседними с отбивающимся
    # игроками»).
    throw_in: str = "all"
    # docs/rules.md#throwing-in: the order. "attacker_first", after every card laid the
    # attacker has the first right again (text 004: «право подкидывать карту первым
    # принадлежит заходящему»); "round", the right stays with a thrower while it throws
    # and moves on round the table when it passes (text 004: «Ходящий игрок может подкинуть
    # опять, когда до него вновь дойдёт очередь по кругу»).
    throw_in_order: str = "attacker_first"
    # Throwing in after the defender chose to take (вдогонку: the page, text 000;
    # docs/rules.md#taking).
    throw_after_take: bool = True
    # Perevodnoy options: docs/rules.md#transfers and docs/rules.md#proezdnoy.
    # False: «В первом раунде нельзя переводить карты» (text 000).
    transfer_first_bout: bool = True
    # False: no transfer while a trump lies on the table (text 000).
    transfer_with_trump_on_table: bool = True
    # «Проездной» (texts 000, 004): a trump of the rank shown, not laid, once a game.
    proezdnoy: bool = False
    # False: «нельзя ... выходить из игры «переводом»» (text 004).
    transfer_out: bool = True
    # docs/rules.md#transfers: "one_or_more", any number of the attack's rank at once (the
    # engine's reading so far); "one", a single card, as texts 000 and 004 describe it: «он
    # может положить её рядом с уже лежащей картой».
    transfer_cards: str = "one_or_more"
    # docs/rules.md#transfers, three players only when False: after a transfer the
    # attacker it came from no longer throws in (text 000: «при игре втроем ... инициатор
    # хода больше не может подбрасывать, и это делает переводивший игрок»).
    initiator_throws_after_transfer: bool = True
    # When the final attacker and defender run out together: a draw (text 004: «возможна
    # ничья»), or (False) the last defender is the durak (text 004: «последняя рука хуже
    # дурака»): docs/rules.md#the-end-of-the-game.
    draw_allowed: bool = True
    # Who draws first after a bout (docs/rules.md#drawing-order): "attacker" (who opened it;
    # the others clockwise, the defender last: the page) or "defender" (text 000:
    # «иногда первым добирает отбивающийся»; then who opened it and the others clockwise).
    draw_first: str = "attacker"
    # Who draws after who opened the bout (docs/rules.md#drawing-order): "from_lead", the
    # others clockwise from who opened it (the page: «затем остальные по кругу»);
    # "left_of_defender", the others from the seat left of the defender (text 004:
    # «начиная с игрока, сидящего слева от отбивающегося»), which differs after a transfer.
    draw_others: str = "from_lead"
    # When the deck cannot fill every hand to six (docs/rules.md#the-last-cards): "in_turn"
    # (each draws in order until the deck runs out) or "even" (text 000: «остаток
    # распределяется поровну»: the last cards are dealt one at a time round the drawing
    # order).
    last_cards: str = "in_turn"
    # «Круглый дурак» (text 000, docs/rules.md#passing-hands): after every bout each player
    # still in passes their whole hand to the next player clockwise; once the deck is
    # empty, only after a bout beaten off (our reading: it keeps every game finite, see
    # moves._hands_move_on).
    pass_hands: bool = False
    # 5 or more cards of one suit in a hand at the deal oblige a redeal (text 004,
    # docs/rules.md#redeal).
    redeal_five_of_suit: bool = False
    # «Пики пиками» (texts 000, 004; docs/rules.md#spades-by-spades): spades are beaten only
    # by higher spades (the queen of spades beats any spade: text 004), spades are never
    # trumps; a spade turned up means no trump.
    spades_by_spades: bool = False

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Validated rules from JSON; unknown keys and bad values are ``InvalidAction``."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise InvalidAction("bad_rules", "Rules must be an object.")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidAction("bad_rules", f"Unknown rule option(s): {', '.join(unknown)}.")
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = known[name].default
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise InvalidAction("bad_rules", f"Rule '{name}' must be true or false.")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidAction("bad_rules", f"Rule '{name}' must be a whole number.")
            elif not isinstance(value, str):
                raise InvalidAction("bad_rules", f"Rule '{name}' must be text.")
            values[name] = value
        if values.get("variant") == "simple" and "lead" not in values:
            values["lead"] = "pair"
        rules = cls(**values)
        rules.check()
        return rules

    def to_dict(self) -> dict[str, Any]:
        # Every option is a bool, int or str: no deep copy (asdict's) is needed. Every view
        # calls this, so it is on every move's and every read's path.
        return {option.name: getattr(self, option.name) for option in fields(self)}

    def check(self) -> None:
        """Raise ``InvalidAction`` unless the options fit together."""
        def bad(message: str) -> InvalidAction:
            return InvalidAction("bad_rules", message)

        if self.variant not in VARIANTS:
            raise bad(f"variant must be one of {', '.join(VARIANTS)}.")
        if self.deck not in DECK_SIZES:
            raise bad("deck must be 24, 36 or 52 cards.")
        most = max_players(self.deck)
        if not 2 <= self.players <= most:
            raise bad(f"A {self.deck}-card deck seats 2 to {most} players.")
        if self.teams and self.players not in (4, 6):
            raise bad("Teams are 2×2 or 3×3: 4 or 6 players.")
        if self.lead not in LEADS:
            raise bad(f"lead must be one of {', '.join(LEADS)}.")
        if self.limit_by not in LIMITS:
            raise bad(f"limit_by must be one of {', '.join(LIMITS)}.")
        for name, choices in (("throw_in", THROW_INS), ("throw_in_order", THROW_IN_ORDERS),
                              ("draw_first", DRAW_FIRST), ("draw_others", DRAW_OTHERS),
                              ("last_cards", LAST_CARDS), ("transfer_cards", TRANSFER_CARDS)):
            if getattr(self, name) not in choices:
                raise bad(f"{name} must be one of {', '.join(choices)}.")
        if not self.initiator_throws_after_transfer and self.players != 3:
            raise bad("initiator_throws_after_transfer: false is a rule for three players.")
        if not 1 <= self.bout_limit <= HAND_SIZE:
            raise bad(f"bout_limit must be 1 to {HAND_SIZE}.")
        if not 1 <= self.first_bout_limit <= self.bout_limit:
            raise bad("first_bout_limit must be 1 to bout_limit.")

    @property
    def transfers(self) -> bool:
        return self.variant == "perevodnoy"

    @property
    def throw_ins(self) -> bool:
        return self.variant != "simple"


def max_players(deck: int) -> int:
    """Six hands of six must fit in the deck: 4 with 24 cards, 6 with 36, 8 with 52."""
    return {24: 4, 36: 6, 52: 8}[deck]
