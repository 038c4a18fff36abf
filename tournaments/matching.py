"""Swiss pairing at tables of two by a maximum-weight matching (networkx's blossom
algorithm), instead of filling tables greedily from the top.

Every pair of players that may meet is an edge whose weight says how good the pairing is,
in strict priorities (each outweighs everything below it together):

1. fewer earlier meetings of the two (over the whole round: a repeat is avoided whenever
   any pairing of the field, or of the block, avoids it, not only when a greedy fill
   happens to);
2. a smaller gap in points (players of equal points meet; squared, so two small gaps
   are better than one big one);
3. closer in the round's order (points, then the drawn order; squared too), which keeps
   the pairing the same from one run to the next.

The matching is of maximum cardinality, so everyone is paired (the caller has taken the
bye out of an odd field). Up to ``FULL_FIELD`` players every pair is an edge. networkx's
blossom is pure Python and grows fast with the field (1,024 players joined each to their
24 nearest: about 20 s), so a larger field is cut, in the round's order, into blocks of
``BLOCK`` players (the last block takes a short rest with it) and each block is matched on
its own: players far apart in points would not meet anyway, and 1,024 are paired in about
a second on a busy 2-core machine.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import networkx as nx

FULL_FIELD = 64  # at most this many: one matching of every pair
BLOCK = 32


def pairs(order: Sequence[int], points: Mapping[int, Fraction | int], met: Mapping[int, Counter[int]]) -> list[list[int]]:
    """Tables of two for the players of ``order`` (best first; an even count), by a
    maximum-weight matching (module docstring). Each table is listed better player first,
    tables best first."""
    n = len(order)
    if n % 2:
        raise ValueError("pairing needs an even number of players (take the bye out first).")
    if n <= FULL_FIELD:
        return _matched(order, points, met)
    starts = list(range(0, n, BLOCK))
    if n - starts[-1] < BLOCK // 2:
        starts.pop()  # a short rest joins the block before it
    tables: list[list[int]] = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else n
        tables.extend(_matched(order[start:end], points, met))
    return tables


def _matched(order: Sequence[int], points: Mapping[int, Fraction | int], met: Mapping[int, Counter[int]]) -> list[list[int]]:
    """One maximum-weight matching of every pair of ``order``."""
    n = len(order)
    if n == 0:
        return []
    given = [Fraction(points.get(p, 0)) for p in order]  # half-points, exact fractions when scaled
    scale = math.lcm(*(x.denominator for x in given))
    score = [int(x * scale) for x in given]  # whole numbers keep the blossom in integers
    top_gap = max(score) - min(score)
    most_met = max((met.get(p, Counter()).most_common(1)[0][1] for p in order if met.get(p)), default=0)
    # Strict priorities over the whole matching (weights add up over its n / 2 pairs). Gaps
    # and rank distances count squared, so two small gaps beat one big one. The squared rank
    # distances of all pairs sum to less than n³, so a squared gap of 1 weighs n³; all the
    # gaps together weigh less than one meeting.
    gap_weight = n ** 3
    repeat_weight = n * (top_gap ** 2 + 1) * gap_weight
    base = n * repeat_weight * (most_met + 1)  # keeps every weight positive
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        seen = met.get(order[i])
        for j in range(i + 1, n):
            repeats = seen[order[j]] if seen else 0
            weight = base - repeats * repeat_weight - (score[i] - score[j]) ** 2 * gap_weight - (j - i) ** 2
            graph.add_edge(i, j, weight=weight)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) != n:  # cannot happen: every pair is an edge and the count is even
        raise RuntimeError("the matching left a player unpaired.")
    tables = sorted((min(a, b), max(a, b)) for a, b in matched)
    return [[order[a], order[b]] for a, b in tables]
