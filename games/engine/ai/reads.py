"""Reads: what another seat's own moves say about the cards it holds.

Most players, people and programs alike, play cheap first: they lead their lowest plain
card while the stock is thick, beat with the cheapest card that beats, throw in the plain
cards they can spare, and take only when beating would cost a card they value. So a move
says which cards the mover probably did *not* hold at that moment: a seat that led a
jack held no plain six; a seat that took a lone seven of hearts held no higher heart.

A read is ``(seat, cards, allowed, likelihood)``: when it moved, ``seat`` probably held
none of ``cards``; it has drawn ``allowed`` cards since, so of its hidden hand now at most
``allowed`` cards can be among ``cards`` (a card drawn later may be anything). Reads are
a likelihood, not a fact: a deal that breaks one is kept with probability ``likelihood``
(``determinize``), never ruled out, since a player may have had its reasons. The
likelihoods are how often the experienced level (the page's tips with its search) broke
each kind of read in the arena; the greedy baseline never breaks one.

``reads_for(events, seat)`` folds a game's events and reads every other seat's moves from
what ``seat`` itself could see then: its ``Observation`` before the move and the move's
public part (who drew how many cards, never which).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.ai.greedy import THICK_DECK
from games.engine.ai.observe import Observation, observe
from games.engine.cards import RANK_OF, SUIT_MASK
from games.engine.events import (
    AttackPlayed,
    CardBeaten,
    CardsDrawn,
    Event,
    HandsPassed,
    Passed,
    TakeDeclared,
)
from games.engine.fold import apply
from games.engine.state import NO_SEAT, State, partners

Read = tuple[int, int, int, float]  # (seat, cards it held none of, drawn since, likelihood)

# Stock sizes above THICK: nobody spends a trump on a lead or a throw-in (the greedy
# baseline's bound; the page's tips keep the same one).
THICK = THICK_DECK
# A lead may be a pair or a card kept for its rank: only plain cards more than this many
# ranks below the led one count as surely not held.
LEAD_SLACK = 2
# How likely each kind of move is from a seat that held a card the read excludes. Measured
# against the experienced level (the master at 4,000 playouts a move, seeds 7 and 8, 400
# games paired with benchmarks/baselines/): no reads (every value 1.0) -3.6 points
# [-8.8, +1.6], every value halved -2.8 [-7.5, +2.0], doubled (lead 0.9) -3.5 [-8.5, +1.5].
LIKELIHOOD = {"lead": 0.6, "throw": 0.05, "pass": 0.15, "beat": 0.15, "take": 0.35}


def _below_rank(rank: int) -> int:
    """Every card (any suit) of a rank below ``rank``."""
    return (1 << max(rank - 2, 0) * 4) - 1


def _trumps(obs: Observation) -> int:
    return SUIT_MASK[obs.trump_suit] if obs.trump_suit >= 0 else 0


def _cheaper(card: int, cards: int, trumps: int) -> int:
    """The cards of ``cards`` cheaper than ``card``: lower plain ones first, trumps last."""
    if trumps >> card & 1:
        return (cards & ~trumps) | (cards & trumps & ((1 << card) - 1))
    return cards & ~trumps & ((1 << card) - 1)


def read_lead(obs: Observation, card: int) -> int:
    """A seat led ``card`` on an empty table."""
    if obs.deck_count == 0:
        return 0  # endgame leads follow what the defender can beat, not cheapness
    trumps = _trumps(obs)
    plain = obs.all_cards & ~trumps
    if trumps >> card & 1:
        return plain  # a trump is led only by a seat with no plain card
    return plain & _below_rank(RANK_OF[card] - LEAD_SLACK)


def read_throw(obs: Observation, card: int) -> int:
    """A seat threw ``card`` in: it held no cheaper card of a rank on the table."""
    trumps = _trumps(obs)
    eligible = obs.table_ranks & obs.all_cards
    if obs.deck_count > THICK:
        eligible &= ~trumps
    return _cheaper(card, eligible, trumps)


def read_pass(obs: Observation, seat: int, room: int) -> int:
    """A seat passed while ``room`` more cards could go on the table: it held nothing of
    a table rank it would spare (no plain card while the stock is thick)."""
    if partners(obs.rules, seat, obs.defender) or room <= 0:
        return 0
    eligible = obs.table_ranks & obs.all_cards
    if obs.deck_count > THICK:
        eligible &= ~_trumps(obs)
    return eligible


def read_beat(obs: Observation, target: int, card: int) -> int:
    """The defender beat ``target`` with ``card``: it held no cheaper card that beats it."""
    attack = obs.table[target][0]
    return _cheaper(card, obs.beaters[attack], _trumps(obs))


def read_take(obs: Observation) -> int:
    """The defender took a lone card: it held no plain card that beats it (a trump it may
    keep for later, the page's king-on-a-six)."""
    unbeaten = [attack for attack, defense in obs.table if defense < 0]
    if len(unbeaten) != 1:
        return 0  # several cards: any one it could not beat explains the take
    return obs.beaters[unbeaten[0]] & ~_trumps(obs)


def read_move(obs: Observation, event: Event, room: int) -> tuple[int, int, str]:
    """The seat ``event`` shows moving, the cards it probably did not hold then (0:
    nothing learnt) and the kind of read. ``obs`` is the reader's observation just before
    the move and ``room`` the cards the table could still take (public: it follows from
    the table and the defender's card count)."""
    if type(event) is AttackPlayed:
        if len(event.cards) != 1:
            return event.seat, 0, "lead"
        if not obs.table:
            return event.seat, read_lead(obs, event.cards[0]), "lead"
        return event.seat, read_throw(obs, event.cards[0]), "throw"
    if type(event) is CardBeaten:
        return event.seat, read_beat(obs, event.target, event.card), "beat"
    if type(event) is TakeDeclared:
        return event.seat, read_take(obs), "take"
    if type(event) is Passed:
        return event.seat, read_pass(obs, event.seat, room), "pass"
    return NO_SEAT, 0, ""


_MOVES = (AttackPlayed, CardBeaten, TakeDeclared, Passed)


def reads_for(events: Iterable[Event], seat: int) -> tuple[Read, ...]:
    """Every read ``seat`` can make of the others' moves in ``events`` (a whole game so
    far, from its ``GameStarted``), each with the cards the mover has drawn since."""
    state: State | None = None
    drawn: list[int] = []
    taken: list[tuple[int, int, int, str]] = []  # (seat, cards, drawn by then, kind)
    for event in events:
        if state is None:
            state = apply(state, event)  # GameStarted
            drawn = [0] * state.players
            continue
        if isinstance(event, _MOVES) and event.seat != seat:
            mover, cards, kind = read_move(observe(state, seat), event, state.room)
            if cards:
                taken.append((mover, cards, drawn[mover], kind))
        elif type(event) is CardsDrawn:
            drawn[event.seat] += len(event.cards)
        elif type(event) is HandsPassed:
            taken = []  # every hand moved on: what a seat held is someone else's now
        state = apply(state, event)
    if state is None:
        return ()
    final = observe(state, seat)
    unseen = final.unseen
    reads = []
    for mover, cards, then, kind in taken:
        hidden = final.hand_counts[mover] - final.known[mover].bit_count()
        allowed = drawn[mover] - then
        if final.out >> mover & 1 or not cards & unseen or allowed >= hidden:
            continue
        reads.append((mover, cards & unseen, allowed, LIKELIHOOD[kind]))
    return tuple(reads)


def likelihood(reads: tuple[Read, ...], hands: list[int]) -> float:
    """How likely the others' moves were had they held ``hands`` (relative to hands that
    break no read): the product of the likelihoods of the reads the hands break."""
    chance = 1.0
    for mover, cards, allowed, odds in reads:
        if (hands[mover] & cards).bit_count() > allowed:
            chance *= odds
    return chance
