"""The experienced player: the page's tips (docs/rules.md#the-pages-tips) as a deterministic
heuristic.

- Small cards first while the deck is thick: it leads and throws in its cheapest plain
  card; no trump is led or thrown in while more than 4 cards are left to draw.
- Attack with pairs: among cheap leads it prefers a rank it holds twice or more, to throw
  in the rest.
- Sometimes take: a lone low plain card early in the game that only a high trump beats
  is taken, not beaten (the page's king-on-a-six); otherwise it beats with the cheapest
  card that beats, or transfers when that is cheaper.
- Remember the discard and what others picked up: the cards a seat may hold are the unseen
  ones plus those it was seen to pick up. With the stock gone, it leads cards the defender
  cannot beat; with two players left and at most the face-up trump in the stock every
  card is known, and it reads the endgame out exactly (alpha-beta, a fixed node budget)
  when the position is small enough.
- Mind the last, face-up trump: it does not give up a bout whose beating brings it a
  strong face-up trump (others draw first, the defender last).

The tips give its move; with two players left and some card still hidden, a small search
may overrule it. It deals the unseen cards a fixed number of times consistently with what
it saw (``determinize``), plays each candidate action in each deal and finishes the game
with greedy playouts; another candidate replaces the tips' move only when it leads it
clearly over the same deals. The candidates keep to the tips (no trump led or thrown in
while the stock is thick; the cheap bout is still taken), and the work is a fixed count of
playouts, fewer while the stock is thick, for about 5 ms a move.

It is a pure function of the ``Observation`` (no clock; the search's random deals are
seeded from the observation itself). The weights in ``W`` were tuned in the arena against
the greedy baseline (``benchmarks/arena.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random
from typing import NamedTuple

from games.engine.actions import ATTACK_ONE, PASS, TAKE, Action, Attack, Defend, Transfer
from games.engine.ai.determinize import determinize
from games.engine.ai.greedy import cheapest, greedy_state
from games.engine.ai.observe import Observation
from games.engine.ai.prune import defender_choices
from games.engine.ai.rollout import playout
from games.engine.ai.sim import step
from games.engine.ai.solver import NodeLimit, Solver
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


# A greedy game from the first deal of 36 cards lasts under 100 moves; a playout longer
# than this many moves per card still in play is going round in circles (perevodnoy
# transfers) and counts as a draw. Tighter than ``rollout.circle_bound`` (fit to the tips'
# longer playouts, which the master uses); kept as the arena tuned this level with it.
PLAYOUT_MOVES = (30, 2)


class Scale(NamedTuple):
    """Card strength in one game, shared by the tips and their full-state twin: the
    trump suit's cards and the deck's ranks."""

    trumps: int  # the trump suit's cards (none in «пики пиками» with a spade turned up)
    low: int  # the deck's lowest rank
    span: int  # ranks above the lowest (at least 1)

    def share(self, card: int) -> float:
        """Rank as a share of the deck's ranks: 0 for the lowest, 1 for the ace."""
        return (RANK_OF[card] - self.low) / self.span

    def key(self, card: int) -> float:
        """Cheapness order: plain cards by rank, then trumps by rank."""
        return self.share(card) + (2.0 if self.trumps >> card & 1 else 0.0)


# Every deck size's scale for each trump suit (-1: no trump), looked up rather than built
# on every move of a playout.
_SCALES: dict[int, tuple[Scale, ...]] = {
    size: tuple(Scale(SUIT_MASK[suit] if suit >= 0 else 0, low, max(14 - low, 1)) for suit in range(-1, 4))
    for size, low in DECK_LOWEST_RANK.items()
}


def scale_of(deck_size: int, trump_suit: int) -> Scale:
    return _SCALES[deck_size][trump_suit + 1]


class Seen:
    """What the observation says about card strength for this seat."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.scale = scale_of(obs.deck_size, obs.trump_suit)
        self.trumps = self.scale.trumps

    def share(self, card: int) -> float:
        """Rank as a share of the deck's ranks: 0 for the lowest, 1 for the ace."""
        return self.scale.share(card)

    def key(self, card: int) -> float:
        """Cheapness order: plain cards by rank, then trumps by rank."""
        return self.scale.key(card)

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold, as far as this seat knows."""
        return self.obs.unseen | self.obs.known[seat]


# The tips' decisions, shared by ``tips`` (an observation) and ``tips_state`` (a full
# state, for playouts): each takes plain card sets and counts, so both twins ask the same
# questions and only gather the answers' inputs in their own way.

def _best_lead(cards: int, hand: int, scale: Scale, deck_count: int, beaters: tuple[int, ...],
               can_beat: int) -> int:
    """The lead the tips choose among ``cards`` (-1 for none): small cards first, no trump
    while the stock is thick, a rank held twice or more (to throw in the rest), and with
    the stock gone a card the defender, who may hold ``can_beat``, cannot beat."""
    thick = deck_count > W["keep_trumps"]
    trumps, low, span = scale
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


# The tips read from an observation.

def _cheapest_defence(obs: Observation, seen: Seen) -> Action:
    """The cheapest beat of the first unbeaten card, or a cheaper plain transfer, else a
    take (``greedy_state`` is the same for ``tips_state``)."""
    legal = obs.legal
    target = next(i for i, (_, d) in enumerate(obs.table) if d < 0)
    best: Action = TAKE
    best_key = 1e9
    for action in legal:
        if type(action) is Defend and action.target == target:
            k = seen.key(action.card)
            if k < best_key:
                best, best_key = action, k
        elif type(action) is Transfer and len(action.cards) == 1 and not action.shown:
            k = seen.key(action.cards[0])
            if k < best_key:
                best, best_key = action, k
    return best


def _take_cheap_bout(obs: Observation, seen: Seen, best: Action) -> bool:
    """The page's king-on-a-six: early, a lone low plain card that only a high trump beats
    is taken rather than beaten, unless beating it brings us the strong face-up trump."""
    return (type(best) is Defend and _cheap_bout(seen.scale, obs.table, best.card, obs.deck_count)
            and not _draws_last_trump(obs.seat, obs.hand_counts, obs.out, obs.table, obs.deck_count,
                                      seen.share(obs.trump)))


def _lead(obs: Observation, seen: Seen) -> Action:
    singles = 0
    for action in obs.legal:
        if type(action) is Attack and len(action.cards) == 1:
            singles |= 1 << action.cards[0]
    can_beat = seen.possible(obs.defender) if obs.deck_count == 0 else 0
    card = _best_lead(singles, obs.hand, seen.scale, obs.deck_count, obs.beaters, can_beat)
    return ATTACK_ONE[card] if card >= 0 else obs.legal[0]


def _throw(obs: Observation, seen: Seen) -> Action:
    if partners(obs.rules, obs.seat, obs.defender):
        return PASS
    throwable = 0
    for action in obs.legal:
        if type(action) is Attack:
            throwable |= 1 << action.cards[0]
    card = _throw_in(throwable, seen.scale, obs.deck_count)
    return ATTACK_ONE[card] if card >= 0 else PASS


def _tips(obs: Observation, seen: Seen) -> tuple[Action, bool]:
    """The tips' move, and whether it is final: the cheap bout taken is a tip the search
    does not overrule."""
    if not obs.table:
        return _lead(obs, seen), False
    if obs.seat != obs.defender:
        return _throw(obs, seen), False
    best = _cheapest_defence(obs, seen)
    if _take_cheap_bout(obs, seen, best):
        return TAKE, True
    return best, False


def _candidates(obs: Observation, seen: Seen, prior: Action) -> list[Action]:
    """The actions the search weighs, the tips' move first. The tips still bound them: no
    trump is led or thrown in while the stock is thick, and a defender beats only the
    first unbeaten card, with its cheapest plain beater or any trump (a dearer plain
    beater only keeps a cheaper one in hand)."""
    legal = list(obs.legal)
    if obs.deck_count > W["keep_trumps"]:
        plain = [a for a in legal if type(a) is not Attack or not any(seen.trumps >> c & 1 for c in a.cards)]
        if prior in plain:
            legal = plain
    if obs.table and obs.seat == obs.defender:
        kept = defender_choices(obs, legal, seen.trumps)
        if prior in kept:
            legal = kept
    legal.remove(prior)
    legal.insert(0, prior)
    return legal


def _seed(obs: Observation) -> str:
    """The search's seed: what this seat saw and holds, nothing hidden (``Random`` hashes a
    string the same way in every process)."""
    return repr((obs.seat, obs.hand, obs.discard, obs.table, obs.deck_count, obs.trump, obs.known,
                 obs.hand_counts, obs.bouts, obs.attacker, obs.defender, obs.passed, obs.taking, obs.out))


def _search(obs: Observation, seen: Seen, prior: Action) -> Action:
    """Perfect-information sampling: deal the unseen cards a fixed number of times
    (``determinize``, seeded from the observation), play every candidate in the same deal
    and finish with greedy playouts. A candidate replaces the tips' move only when its
    paired lead over it is ``prior_z`` standard errors clear of sampling noise."""
    legal = _candidates(obs, seen, prior)
    k = len(legal)
    playouts = W["search_playouts"] / (1.0 + obs.deck_count / W["search_scale"])
    rounds = min(int(W["search_rounds"]), int(playouts) // k)
    if k == 1 or rounds < 2:
        return prior
    rng = Random(_seed(obs))
    in_play = sum(obs.hand_counts) + obs.deck_count + obs.table_cards.bit_count()
    moves = PLAYOUT_MOVES[0] + PLAYOUT_MOVES[1] * in_play
    seat = obs.seat
    diff = [0.0] * k
    diff2 = [0.0] * k
    for _ in range(rounds):
        world = determinize(obs, rng)
        base = playout(step(world, seat, prior), seat, moves)
        for i in range(1, k):
            d = playout(step(world, seat, legal[i]), seat, moves) - base
            diff[i] += d
            diff2[i] += d * d
    best, best_mean = 0, 0.0
    for i in range(1, k):
        mean = diff[i] / rounds
        var = max(diff2[i] / rounds - mean * mean, 0.0)
        if mean > W["prior_z"] * math.sqrt(var / rounds) and mean > best_mean:
            best, best_mean = i, mean
    return legal[best]


def tips(obs: Observation) -> Action:
    """The tips' move alone: no endgame reading, no search."""
    return _tips(obs, Seen(obs))[0]


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
    if (type(best) is Defend and _cheap_bout(scale, table, best.card, deck_count)
            and not _draws_last_trump(seat, [h.bit_count() for h in state.hands], state.out, table,
                                      deck_count, scale.share(state.trump))):
        return TAKE
    return best


def choose(obs: Observation) -> Action:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    seen = Seen(obs)
    if obs.everything_known:
        # Every card is known now: read the endgame out when it is small enough.
        world = determinize(obs, Random(0))  # the only deal consistent with obs
        try:
            return Solver(obs.seat, int(W["solve_nodes"])).best_action(world, list(legal))[0]
        except NodeLimit:
            pass
    prior, final = _tips(obs, seen)
    if not final and obs.players - obs.out.bit_count() == 2 and not obs.everything_known:
        return _search(obs, seen, prior)
    return prior
