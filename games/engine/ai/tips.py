"""The page's tips (docs/rules.md#the-pages-tips) as decisions on plain card sets, and
``tips_state``: the tips' move read straight from a full state, every seat's policy in the
master's playouts. Compiled with the engine's core (``build_engine.py``): the master's
playouts spend most of their time here. ``experienced`` reads the same tips from an
observation, and holds the rest of the experienced level.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.engine.actions import ATTACK_ONE, PASS, TAKE, Action, Defend
from games.engine.ai.greedy import cheapest, greedy_state
from games.engine.cards import DECK_LOWEST_RANK, RANK_MASK, RANK_OF, SUIT_MASK
from games.engine.state import State, partners

W: dict[str, float] = {
    "pair": 3.0,  # lead-score bonus per extra card of the led rank in hand
    "trump_lead": 100.0,  # never lead a trump while the stock is thick
    # Early (stock ≥ take_stock), a lone plain card of rank share ≤ take_low that only a
    # trump of rank share ≥ take_rank beats is taken instead: the page's king-on-a-six.
    # The arena says taking more often than that loses to greedy play.
    "take_rank": 0.75,
    "take_low": 0.25,
    "take_stock": 12,
    "last_trump": 0.5,  # fight for the face-up trump when its rank share is at least this
    "throw_rank": 1.0,  # throw in plain cards of rank share ≤ this while the stock is thick
    "unbeatable": 1.0,  # endgame lead bonus for a card the defender cannot beat
    "keep_trumps": 4.0,  # stock size above which trumps are not thrown in
    "solve_nodes": 1000,  # endgame search nodes (a deterministic bound, about 10 ms)
    # The search (two players left, some card unknown): deals sampled per candidate
    # action, playouts per decision at an empty stock, halved for every ``search_scale``
    # cards still to draw (a playout from a thick stock is that much longer).
    "search_rounds": 30,
    "search_playouts": 150,
    "search_scale": 5,
    "prior_z": 1.0,  # standard errors by which a candidate must beat the tips' move
}



class Scale:
    """Card strength in one game, shared by the tips and their full-state twin: the
    trump suit's cards and the deck's ranks."""

    __slots__ = ("trumps", "low", "span")

    def __init__(self, trumps: int, low: int, span: int) -> None:
        self.trumps = trumps  # the trump suit's cards (none in «пики пиками» with a spade turned up)
        self.low = low  # the deck's lowest rank
        self.span = span  # ranks above the lowest (at least 1)

    def share(self, card: int) -> float:
        """Rank as a share of the deck's ranks: 0 for the lowest, 1 for the ace."""
        return (RANK_OF[card] - self.low) / self.span

    def key(self, card: int) -> float:
        """Cheapness order: plain cards by rank, then trumps by rank."""
        return self.share(card) + (2.0 if self.trumps >> card & 1 else 0.0)


# Every deck size's scale for each trump suit (-1: no trump), looked up rather than built
# on every move of a playout.
_SCALES: Final[dict[int, tuple[Scale, ...]]] = {
    size: tuple(Scale(SUIT_MASK[suit] if suit >= 0 else 0, low, max(14 - low, 1)) for suit in range(-1, 4))
    for size, low in DECK_LOWEST_RANK.items()
}


def scale_of(deck_size: int, trump_suit: int) -> Scale:
    return _SCALES[deck_size][trump_suit + 1]


# The tips' decisions, shared by ``tips`` (an observation) and ``tips_state`` (a full
# state, for playouts): each takes plain card sets and counts, so both twins ask the same
# questions and only gather the answers' inputs in their own way.

def _best_lead(cards: int, hand: int, scale: Scale, deck_count: int, beaters: tuple[int, ...],
               can_beat: int) -> int:
    """The lead the tips choose among ``cards`` (-1 for none): small cards first, no trump
    while the stock is thick, a rank held twice or more (to throw in the rest), and with
    the stock gone a card the defender, who may hold ``can_beat``, cannot beat."""
    thick = deck_count > W["keep_trumps"]
    trumps, low, span = scale.trumps, scale.low, scale.span
    pair = W["pair"] * 0.1
    lead = -1
    best_score = -1e9
    rest = cards
    while rest:
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        trump = trumps & bit
        score = -((RANK_OF[card] - low) / span + (2.0 if trump else 0.0))
        if thick and trump:
            score -= W["trump_lead"]
        if not deck_count and not beaters[card] & can_beat:
            score += W["unbeatable"]
        score += pair * min((hand & RANK_MASK[RANK_OF[card]]).bit_count() - 1, 2)
        if score > best_score:
            lead, best_score = card, score
    return lead


def _throw_in(cards: int, scale: Scale, deck_count: int) -> int:
    """The card the tips throw in of ``cards`` (-1: pass): the cheapest, and while the
    stock is thick neither a trump nor a card above ``throw_rank``."""
    if deck_count > W["keep_trumps"]:
        cards &= ~scale.trumps
        if W["throw_rank"] < 1.0:  # no share is above 1 (the ace's)
            rest = cards
            while rest:
                bit = rest & -rest
                rest ^= bit
                if scale.share(bit.bit_length() - 1) > W["throw_rank"]:
                    cards ^= bit
    # The lowest plain card, else the lowest trump: the least by ``Scale.key``, the lower
    # suit first between equal ranks.
    return cheapest(cards, scale.trumps) if cards else -1


def _cheap_bout(scale: Scale, table: tuple[tuple[int, int], ...], beater: int, deck_count: int) -> bool:
    """The page's king-on-a-six, the face-up trump aside: early, a lone low plain card
    whose cheapest beater ``beater`` is a high trump (docs/rules.md#the-pages-tips)."""
    if len(table) != 1 or deck_count < W["take_stock"] or not scale.trumps >> beater & 1:
        return False
    attack = table[0][0]
    return (not scale.trumps >> attack & 1 and scale.share(attack) <= W["take_low"]
            and scale.share(beater) >= W["take_rank"])


def _draws_last_trump(seat: int, counts: Sequence[int], out: int, table: tuple[tuple[int, int], ...],
                      deck_count: int, trump_share: float) -> bool:
    """Whether the defender ``seat`` draws the face-up trump (of rank share ``trump_share``)
    after beating the bout on ``table``, when it is strong enough to fight for: the others
    draw first after a bout and the defender last, so it is ours if the stock outlasts
    their needs and reaches ours."""
    if not deck_count or trump_share < W["last_trump"]:
        return False
    others = sum(max(0, 6 - counts[s]) for s in range(len(counts)) if s != seat and not out >> s & 1)
    unbeaten = sum(1 for _, d in table if d < 0)
    ours = max(0, 6 - (counts[seat] - unbeaten))
    return others < deck_count <= others + ours


def tips_state(state: State, seat: int) -> Action:
    """``tips(observe(state, seat))`` for the seat that is to move, read straight from a
    full state, for the master's playouts. One difference: with the stock gone it leads
    what the defender's real hand cannot beat (in a playout's deal that hand is known), as
    ``tips`` would if it were shown every hand."""
    table = state.table
    deck_count = len(state.deck) - state.deck_pos
    scale = scale_of(len(state.deck), state.trump_suit)
    if not table:
        hand = state.hands[seat]
        return ATTACK_ONE[_best_lead(hand, hand, scale, deck_count, state.beaters, state.hands[state.defender])]
    if seat != state.defender:
        if partners(state.rules, seat, state.defender):
            return PASS
        card = _throw_in(state.hands[seat] & state.table_ranks if state.room > 0 else 0, scale, deck_count)
        return ATTACK_ONE[card] if card >= 0 else PASS
    best = greedy_state(state, seat)  # the cheapest defence, as ``_cheapest_defence``
    # The playouts' defender takes the cheap bout as the experienced level does. Measured
    # against the stored baselines (4,000 playouts a move): taking it whatever trump beats
    # it -6.0 points [-13.2, +1.2] (seed 7, 150 games); never taking it -1.4 [-4.6, +1.9]
    # (seeds 7 and 8, 400 games).
    if (type(best) is Defend and _cheap_bout(scale, table, best.card, deck_count)
            and not _draws_last_trump(seat, [h.bit_count() for h in state.hands], state.out, table,
                                      deck_count, scale.share(state.trump))):
        return TAKE
    return best
