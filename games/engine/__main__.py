"""Terminal mode: play a text game of Durak against random computer players.

    python -m games.engine [--players N] [--variant podkidnoy|perevodnoy|simple]
                           [--deck 24|36|52] [--teams] [--seed S] [--rule NAME=VALUE ...]

You sit at seat 0; the others choose uniformly among their legal actions. Each turn
shows your hand, the table, the trump, the deck and the other hands' counts, and what
the others did; pick an action by its number. Input may be piped (``yes 1 | python -m
games.engine --seed 3`` plays a whole game); the game stops quietly at end of input.
It is a quick check of the engine, so it shows only what seat 0 may see.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from games.engine.actions import PASS, Action
from games.engine.decide import decide
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.fold import apply, replay, shuffled_deck, start
from games.engine.legal import actors, legal_actions
from games.engine.rules import Rules
from games.engine.state import State
from games.engine.view import redact, view

YOU = 0
MAX_BAD_ANSWERS = 20  # piped input that never names an option must not loop forever


def describe_action(action: Action) -> str:
    data = action.to_dict()
    kind = data["type"]
    if kind == "attack":
        return "attack / throw in " + " ".join(data["cards"])
    if kind == "defend":
        return f"beat table card {data['target']} with {data['card']}"
    if kind == "transfer":
        how = "show " if data.get("shown") else ""
        return f"transfer: {how}" + " ".join(data["cards"])
    if kind == "take":
        return "take the table (взять)"
    return "pass (бито / пусть берёт)"


def _who(seat: int) -> str:
    return "You" if seat == YOU else f"Seat {seat}"


def _does(seat: int, verb: str, verb_s: str) -> str:
    """'You take' or 'Seat 2 takes'."""
    return f"You {verb}" if seat == YOU else f"Seat {seat} {verb_s}"


def _whom(seat: int) -> str:
    return "you" if seat == YOU else f"seat {seat}"


def describe_event(data: dict[str, Any]) -> str | None:
    """One line for an event as seat 0 sees it (``redact``), or None for bookkeeping."""
    kind = data["type"]
    if kind == "game_started":
        return None
    if kind == "cards_dealt":
        return f"Cards dealt, {data['hand_counts'][0]} each. Trump: {data['trump']}."
    if kind == "bout_started":
        return f"-- New bout: {_does(data['attacker'], 'attack', 'attacks')} {_whom(data['defender'])}."
    if kind == "attack_played":
        return f"{_who(data['seat'])}: {' '.join(data['cards'])} on the table."
    if kind == "card_beaten":
        return f"{_who(data['seat'])}: beat table card {data['target']} with {data['card']}."
    if kind == "attack_transferred":
        how = "showing" if data["shown"] else "with"
        defends = "you defend" if data["defender"] == YOU else f"seat {data['defender']} defends"
        return f"{_who(data['seat'])}: transferred {how} {' '.join(data['cards'])}; {defends}."
    if kind == "take_declared":
        return f"{_does(data['seat'], 'take', 'takes')}."
    if kind == "passed":
        return f"{_does(data['seat'], 'pass', 'passes')}."
    if kind == "bout_ended":
        if data["outcome"] == "taken":
            return f"{_does(data['defender'], 'pick up', 'picks up')} {' '.join(data['cards'])}."
        return "Бито: the table goes to the discard pile."
    if kind == "cards_drawn":
        if "cards" in data and data["seat"] == YOU:
            return f"You draw {' '.join(data['cards'])}."
        return f"Seat {data['seat']} draws {data['count']}."
    if kind == "player_out":
        return f"{_does(data['seat'], 'go', 'goes')} out (no cards left)."
    if kind == "game_finished":
        if data["draw"]:
            return "Game over: a draw."
        if data["durak"] is not None:
            return f"Game over: the durak is {'you' if data['durak'] == YOU else 'seat ' + str(data['durak'])}."
        return f"Game over: seats {', '.join(map(str, data['losers']))} lose together."
    return None


def show(state: State, out: TextIO) -> None:
    seen = view(state, YOU)
    table = "  ".join(
        f"[{i}] {t['attack']}" + (f"/{t['defense']}" if t["defense"] else "") for i, t in enumerate(seen["table"])
    )
    others = ", ".join(
        f"seat {s['seat']}: " + ("out" if s["out"] else f"{s['hand_count']} cards")
        + (f" (known {' '.join(s['known'])})" if s["known"] else "")
        for s in seen["seats"] if s["seat"] != YOU
    )
    print(f"Trump {seen['trump']} | deck {seen['deck_count']} | discard {seen['discard_count']} | {others}", file=out)
    print(f"Table: {table or '(empty)'}", file=out)
    print(f"Attacker seat {seen['attacker']}, defender seat {seen['defender']}"
          + (" (taking)" if seen["taking"] else ""), file=out)
    print(f"Your hand: {' '.join(seen['you']['hand']) or '(none)'}", file=out)


def ask(options: list[Action], read: Callable[[], str], out: TextIO) -> Action | None:
    """The action the person picks by number; None at end of input."""
    for number, action in enumerate(options, 1):
        print(f"  {number}. {describe_action(action)}", file=out)
    for _ in range(MAX_BAD_ANSWERS):
        print("> ", end="", file=out, flush=True)
        line = read()
        if not line:
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        print(f"Type a number from 1 to {len(options)}.", file=out)
    print("Too many answers that are not an option: stopping.", file=out)
    return None


def play_game(rules: Rules, seed: int, read: Callable[[], str], out: TextIO) -> State | None:
    """Play one game; returns the final state, or None if input ended first."""
    rng = random.Random(seed)
    events: list[Event] = start(rules, shuffled_deck(rules, rng))
    state = replay(events)

    def report(new: list[Event]) -> None:
        for event in new:
            line = describe_event(redact(event, YOU))
            if line:
                print(line, file=out)

    report(events)
    while state.result is None:
        seats = actors(state)
        computers = [s for s in seats if s != YOU]
        if computers:
            seat = rng.choice(computers)
            action = rng.choice(legal_actions(state, seat))
        elif seats and legal_actions(state, YOU) == [PASS]:
            # Asked by position with nothing of a table rank (docs/rules.md#throwing-in):
            # the one possible answer is given for the person, as the web page does.
            seat, action = YOU, PASS
            print("Nothing to throw in: you pass.", file=out)
        elif seats:
            seat = YOU
            print(file=out)
            show(state, out)
            picked = ask(legal_actions(state, YOU), read, out)
            if picked is None:
                print("\nGame left unfinished.", file=out)
                return None
            action = picked
        else:  # the engine promises this never happens
            raise RuntimeError("Nobody can act: the game stalled.")
        try:
            new = decide(state, seat, action)
        except EngineError as refusal:  # a legal action is always accepted
            raise RuntimeError(f"The engine refused a legal action: {refusal.message}") from refusal
        for event in new:
            state = apply(state, event)
        events.extend(new)
        report(new)
    print(f"({len(events)} events)", file=out)
    return state


def _rule_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description="Play Durak in the terminal.")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="podkidnoy", choices=("podkidnoy", "perevodnoy", "simple"))
    parser.add_argument("--deck", type=int, default=36, choices=(24, 36, 52))
    parser.add_argument("--teams", action="store_true", help="2×2 or 3×3 (4 or 6 players)")
    parser.add_argument("--seed", type=int, default=None, help="repeat a game: the deal and the others' moves")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="any other rule option, e.g. --rule lead=same_rank --rule proezdnoy=true")
    args = parser.parse_args(argv)
    data: dict[str, Any] = {"players": args.players, "variant": args.variant, "deck": args.deck}
    if args.teams:
        data["teams"] = True
    for item in args.rule:
        name, _, value = item.partition("=")
        data[name.strip()] = _rule_value(value.strip())
    try:
        rules = Rules.from_dict(data)
    except EngineError as error:
        print(f"Bad rules: {error.message}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    print(f"Durak ({rules.variant}, {rules.players} players, {rules.deck} cards), seed {seed}. You are seat 0.")
    try:
        state = play_game(rules, seed, sys.stdin.readline, sys.stdout)
    except BrokenPipeError:  # the output was cut short (e.g. piped into head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0 if state is not None else 1


if __name__ == "__main__":
    sys.exit(main())
