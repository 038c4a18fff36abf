"""Fingerprint of the engine's and the computer players' choices: a refactor must keep it.

One command (from the repository root)::

    .venv/bin/python benchmarks/fingerprint.py [--games N] [--master-games M] [--work W] [--seed S]

Everything runs from fixed seeds and without the clock (the master is bounded by ``--work``
playouts a move), so two runs of the same code print the same hashes, and a change that
only reorganises code must print them too. So must a new rules option that keeps today's
game by default: an option (and a ``State`` field) added after this tool was written is
hashed only when it is away from its default (``V1_OPTIONS``, ``V1_STATE_FIELDS``). Each line is a section, how many things it
hashed and the SHA-256 of them in order:

- ``engine``: random games under random rules (every option, 2 to 8 players) through
  ``decide`` and ``apply``: every event's JSON; and the same moves through ``step``:
  every state reached (the search path's bout endings, draws, hands passed).
- ``tips``: every actor of every moment of random games under random rules: the page's
  tips (``experienced.tips``) and their full-state twin (``experienced.tips_state``).
- ``levels``: games between the levels (``random``, ``novice``, ``greedy``,
  ``experienced``, ``master``) at 2, 3 and 4 seats, both variants and some options:
  every action ``choose_action`` returned, through the arena's own loop.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import (  # noqa: E402
    Event,
    Rules,
    State,
    actors,
    apply,
    decide,
    event_to_dict,
    legal_actions,
    replay,
    shuffled_deck,
    start,
)
from games.engine.ai import choose_action, experienced, observe  # noqa: E402
from games.engine.decide import step  # noqa: E402
from games.engine.rules import DRAW_FIRST, LAST_CARDS, LEADS, LIMITS, VARIANTS, max_players  # noqa: E402
from games.engine.state import FIELDS, NO_SEAT  # noqa: E402

# The rules options and state fields this fingerprint was first written over, in their
# order then. Anything added since is hashed only when it differs from its default, so a
# new option left at its default (today's game) prints the same hashes as before it.
V1_OPTIONS = (
    "variant", "players", "deck", "teams", "lead", "bout_limit", "first_bout_limit",
    "first_bout_take_sixth", "limit_by", "cap_when_deck_empty", "throw_in", "throw_after_take",
    "transfer_first_bout", "transfer_with_trump_on_table", "proezdnoy", "transfer_out",
    "draw_allowed", "draw_first", "last_cards", "pass_hands", "redeal_five_of_suit",
    "spades_by_spades",
)
V1_STATE_FIELDS = 25  # rules … thrower
# The defaults of the state fields added since (a field at its default is not hashed).
LATER_FIELD_DEFAULTS: dict[str, object] = {"turn": NO_SEAT, "barred": 0, "given_up": 0}
V1_THROW_INS = ("all", "neighbours")


def rules_options(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()`` without the options added since V1 that are at their default."""
    defaults = {option.name: option.default for option in fields(Rules)}
    return {name: value for name, value in rules.to_dict().items()
            if name in V1_OPTIONS or value != defaults[name]}


def rules_text(rules: Rules) -> str:
    """``repr(rules)`` as it read over the V1 options, with any later option that is set."""
    names = [*V1_OPTIONS, *(name for name in rules_options(rules) if name not in V1_OPTIONS)]
    return "Rules(" + ", ".join(f"{name}={getattr(rules, name)!r}" for name in names) + ")"


def state_text(state: State) -> str:
    """``repr(tuple(state))`` as it read over the V1 fields, with any later field that is
    away from its default (named, so that it cannot pass for another)."""
    values = state.values()
    parts = [rules_text(state.rules), *(repr(value) for value in values[1:V1_STATE_FIELDS])]
    for name, value in zip(FIELDS[V1_STATE_FIELDS:], values[V1_STATE_FIELDS:], strict=True):
        if value != LATER_FIELD_DEFAULTS[name]:
            parts.append(f"{name}={getattr(state, name)!r}")
    return "(" + ", ".join(parts) + ")"


def event_data(event: Event) -> dict[str, Any]:
    """``event_to_dict(event)``, a ``game_started`` event's rules as ``rules_options``."""
    data = event_to_dict(event)
    if "rules" in data:
        data["rules"] = rules_options(Rules.from_dict(data["rules"]))
    return data


# (levels by seat, rules options) for the ``levels`` section; seats rotate every game.
TABLES: tuple[tuple[tuple[str, ...], dict[str, object]], ...] = (
    (("master", "experienced"), {"variant": "podkidnoy"}),
    (("master", "experienced"), {"variant": "perevodnoy"}),
    (("master", "greedy", "experienced"), {"variant": "podkidnoy"}),
    (("experienced", "greedy"), {"variant": "podkidnoy"}),
    (("experienced", "greedy"), {"variant": "perevodnoy"}),
    (("experienced", "novice", "random"), {"variant": "perevodnoy", "draw_first": "defender"}),
    (("experienced", "greedy", "novice", "random"), {"variant": "podkidnoy", "last_cards": "even"}),
    (("experienced", "greedy", "experienced", "greedy"), {"variant": "podkidnoy", "teams": True}),
    (("experienced", "greedy", "novice"), {"variant": "podkidnoy", "pass_hands": True}),
)


def random_rules(rng: random.Random) -> Rules:
    """Any option V1 offered (the readings added since would change every later draw, and
    so every hash: the property tests play them)."""
    deck = rng.choice((24, 36, 52))
    players = rng.randint(2, max_players(deck))
    bout_limit = rng.choice((6, 6, 6, 1, 3, 5))
    return Rules.from_dict({
        "variant": rng.choice(VARIANTS), "players": players, "deck": deck,
        "teams": players in (4, 6) and rng.random() < 0.4, "lead": rng.choice(LEADS),
        "bout_limit": bout_limit, "first_bout_limit": rng.choice((bout_limit, min(5, bout_limit), 1)),
        "first_bout_take_sixth": rng.random() < 0.5, "draw_first": rng.choice(DRAW_FIRST),
        "last_cards": rng.choice(LAST_CARDS), "pass_hands": rng.random() < 0.3,
        "limit_by": rng.choice(LIMITS), "cap_when_deck_empty": rng.random() < 0.7,
        "throw_in": rng.choice(V1_THROW_INS), "throw_after_take": rng.random() < 0.7,
        "transfer_first_bout": rng.random() < 0.7, "transfer_with_trump_on_table": rng.random() < 0.7,
        "proezdnoy": rng.random() < 0.3, "transfer_out": rng.random() < 0.7,
        "draw_allowed": rng.random() < 0.7, "redeal_five_of_suit": rng.random() < 0.1,
        "spades_by_spades": rng.random() < 0.2,
    })


class Section:
    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0
        self.digest = hashlib.sha256()
        self.began = time.perf_counter()

    def add(self, item: object) -> None:
        self.add_text(repr(item))

    def add_text(self, text: str) -> None:
        self.count += 1
        self.digest.update(text.encode())
        self.digest.update(b"\n")

    def line(self) -> str:
        return (f"{self.name:<8} {self.count:>9}  {self.digest.hexdigest()}"
                f"  ({time.perf_counter() - self.began:.0f} s)")


def random_games(rng: random.Random, games: int) -> Iterator[tuple[State, list[int]]]:
    """Every moment of random games: the state and who may act."""
    for _ in range(games):
        rules = random_rules(rng)
        state = replay(start(rules, shuffled_deck(rules, rng)))
        for _ in range(5000):
            seats = actors(state)
            if not seats:
                break
            yield state, seats
            seat = rng.choice(seats)
            state = step(state, seat, rng.choice(legal_actions(state, seat)))


def engine_section(seed: int, games: int) -> Section:
    section = Section("engine")
    rng = random.Random(f"engine-{seed}")
    for _ in range(games):
        rules = random_rules(rng)
        events = start(rules, shuffled_deck(rules, rng))
        state = searched = replay(events)
        for event in events:
            section.add(event_data(event))
        for _ in range(5000):
            seats = actors(state)
            if not seats:
                break
            seat = rng.choice(seats)
            action = rng.choice(legal_actions(state, seat))
            for event in decide(state, seat, action):
                section.add(json.dumps(event_to_dict(event), sort_keys=True))
                state = apply(state, event)
            searched = step(searched, seat, action)
            section.add_text(state_text(searched))
    return section


def tips_section(seed: int, games: int) -> Section:
    section = Section("tips")
    rng = random.Random(f"tips-{seed}")
    for state, seats in random_games(rng, games):
        for seat in seats:
            section.add((experienced.tips(observe(state, seat)), experienced.tips_state(state, seat)))
    return section


def play_game(rules: Rules, levels: tuple[str, ...], seed: int, work: int, section: Section) -> None:
    """One game as the arena plays it (``benchmarks/arena.py``'s ``play_game``)."""
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    for _ in range(5000):
        seats = actors(state)
        if not seats:
            break
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        action = choose_action(state, seat, levels[seat], seed=rng.getrandbits(32), history=events, work=work)
        section.add((levels[seat], seat, action))
        for event in decide(state, seat, action):
            state = apply(state, event)
            events.append(event)
    section.add(state.result)


def levels_section(seed: int, games: int, master_games: int, work: int) -> Section:
    section = Section("levels")
    for number, (levels, options) in enumerate(TABLES):
        rules = Rules.from_dict({"players": len(levels), **options})
        count = master_games if "master" in levels else games
        for game in range(count):
            shift = game % len(levels)
            seated = levels[shift:] + levels[:shift]
            play_game(rules, seated, seed * 1_000_003 + number * 10_007 + game, work, section)
    return section


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per table without the master (default 40)")
    parser.add_argument("--master-games", type=int, default=12, help="games per table with the master (default 12)")
    parser.add_argument("--work", type=int, default=300, help="the master's playouts a move (default 300)")
    parser.add_argument("--engine-games", type=int, default=300, help="random games of the engine section")
    parser.add_argument("--tips-games", type=int, default=300, help="random games of the tips section")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"fingerprint: seed {args.seed}, {args.engine_games} engine games, {args.tips_games} tips games, "
          f"{args.games} games a table ({args.master_games} with the master, {args.work} playouts a move)")
    for section in (lambda: engine_section(args.seed, args.engine_games),
                    lambda: tips_section(args.seed, args.tips_games),
                    lambda: levels_section(args.seed, args.games, args.master_games, args.work)):
        print(section().line())
        sys.stdout.flush()


if __name__ == "__main__":
    main()
