/* The tournament page's layout from one GET /api/v1/tournaments/{id}/ answer: rounds as
 * columns of tables, each table's players in the order they went out once it is over
 * (docs/tournaments.md, "One finished table"), byes, the standings and the pool's payouts
 * by place. Pure: no DOM, no requests (node tests it); the page draws what it returns. */

/* The seats of result[key], kept only when they are seats of this table. */
function seatsOf(result, key, n) {
  const raw = result && Array.isArray(result[key]) ? result[key] : [];
  const out = [];
  for (const s of raw) if (Number.isInteger(s) && s >= 0 && s < n && !out.includes(s)) out.push(s);
  return out;
}

/* A finished table as a ranking: groups of player ids, best first (places.table_order):
 * who went out in order, a draw tying the last two, the durak last, forfeited seats below. */
export function tableOrder(players, result) {
  const n = players.length;
  const places = seatsOf(result, "places", n);
  const losers = seatsOf(result, "losers", n);
  const forfeits = new Set(seatsOf(result, "forfeits", n));
  const durak = result ? result.durak : null;
  if (Number.isInteger(durak) && durak >= 0 && durak < n && !losers.includes(durak)) losers.push(durak);
  const draw = !!(result && result.draw);
  let groups = places.filter((s) => !losers.includes(s)).map((s) => [s]);
  // Seats the result does not place (it should place all) share the place above the durak.
  const missing = [];
  for (let s = 0; s < n; s++) if (!losers.includes(s) && !groups.some((g) => g.includes(s))) missing.push(s);
  if (missing.length) groups.push(missing);
  if (draw && groups.length > 1) groups = groups.slice(0, -2).concat([groups.slice(-2).flat()]);
  if (losers.length) groups.push(losers.slice());
  const order = [];
  for (const g of groups) {
    const kept = g.filter((s) => !forfeits.has(s)).map((s) => players[s]);
    if (kept.length) order.push(kept);
  }
  if (forfeits.size) order.push([...forfeits].sort((a, b) => a - b).map((s) => players[s]));
  return {
    groups: order,
    draw,
    durak: losers.filter((s) => !forfeits.has(s)).map((s) => players[s]),
    forfeits: [...forfeits].map((s) => players[s]),
  };
}

/* Half-points at the table: at a table of k a group covering places p..q scores 2k - (p + q) each. */
export function tablePoints(groups) {
  const k = groups.reduce((sum, g) => sum + g.length, 0);
  const points = new Map();
  let first = 1;
  for (const g of groups) {
    const last = first + g.length - 1;
    for (const p of g) points.set(p, 2 * k - (first + last));
    first = last + 1;
  }
  return points;
}

/* The fixed prizes (prize_amounts) of `places` places (prizes.fixed_amounts): those of
 * places beyond the field fold into first place; never more than `total`, best place first. */
export function fixedAmounts(fixed, places, total) {
  if (places <= 0) return [];
  const amounts = fixed.slice(0, places);
  while (amounts.length < places) amounts.push(0);
  amounts[0] += fixed.slice(places).reduce((a, b) => a + b, 0);
  let left = total;
  return amounts.map((coins) => {
    const paid = Math.min(coins, left);
    left -= paid;
    return paid;
  });
}

/* Coins for each of `places` places (prizes.place_amounts): the fixed prizes first, then
 * the percentages split what they leave: payouts beyond the field fold into first place;
 * floors, then a coin each to the largest remainders, better place first. */
export function placeAmounts(total, percents, places, fixed = []) {
  if (places <= 0) return [];
  const paid = fixedAmounts(fixed, places, total);
  const pool = total - paid.reduce((a, b) => a + b, 0);
  const shares = percents.slice(0, places);
  while (shares.length < places) shares.push(0);
  shares[0] += percents.slice(places).reduce((a, b) => a + b, 0);
  const floors = shares.map((p) => Math.floor((pool * p) / 100));
  let rest = pool - floors.reduce((a, b) => a + b, 0);
  const ahead = shares.map((p, i) => i).sort((a, b) => ((pool * shares[b]) % 100) - ((pool * shares[a]) % 100) || a - b);
  for (const i of ahead) {
    if (rest <= 0) break;
    floors[i] += 1;
    rest -= 1;
  }
  return floors.map((coins, i) => coins + paid[i]);
}

function roundLabel(detail, round) {
  if (round.tiebreak) return { key: "round.tiebreak" };
  if (round.final) return { key: "round.final" };
  if (detail.format !== "elimination" && detail.rounds_total) return { key: "round.nOf", params: { n: round.number, total: detail.rounds_total } };
  return { key: "round.n", params: { n: round.number } };
}

/* Everything the page draws, from the detail and the viewer's player id (or null). */
export function layout(detail, me) {
  const elimination = detail.format === "elimination";
  const names = new Map();
  for (const e of detail.entrants || []) names.set(e.player, e.name);
  for (const s of detail.standings || []) if (!names.has(s.player)) names.set(s.player, s.name);
  const nameOf = (id) => (names.has(id) ? names.get(id) : "#" + id);
  const status = new Map((detail.entrants || []).map((e) => [e.player, e.status]));
  const rounds = detail.rounds || [];
  // Who sits in each round (at a table or with a bye): in elimination, who went on.
  const seated = rounds.map((r) => {
    const set = new Set(r.byes || []);
    for (const tb of r.tables || []) for (const p of tb.players) set.add(p);
    return set;
  });
  let myTable = null;
  const columns = rounds.map((round, ri) => {
    const next = ri + 1 < rounds.length ? seated[ri + 1] : null;
    // Before the next round is seated, the format's rule says who goes on (docs/tournaments.md,
    // Elimination): "durak" sends all but the durak on, "half" the best ceil(k/2) places (a
    // tied group reaching the cut goes on whole); a forfeited seat leaves.
    const leaves = detail.leaves === "half" ? "half" : "durak";
    const through = (row, k) => {
      if (!elimination || round.final) return null;
      if (next) return next.has(row.player);
      if (row.forfeit) return false;
      if (leaves === "durak") return !row.durak;
      return row.place <= Math.ceil(k / 2);
    };
    let done = 0;
    const tables = (round.tables || []).map((tb, ti) => {
      const over = tb.status === "finished" && !!tb.result;
      if (over) done += 1;
      const mine = me !== null && tb.players.includes(me);
      if (mine && !over) myTable = { game: tb.game, round: round.number };
      let rows;
      let draw = false;
      if (over) {
        const order = tableOrder(tb.players, tb.result);
        draw = order.draw;
        const points = tablePoints(order.groups);
        const durak = new Set(order.durak);
        const forfeits = new Set(order.forfeits);
        rows = [];
        let place = 1;
        order.groups.forEach((g) => {
          const tied = g.length > 1;
          // Seat order within a tied group, as the table sat.
          const sorted = g.slice().sort((a, b) => tb.players.indexOf(a) - tb.players.indexOf(b));
          for (const p of sorted) {
            rows.push({
              player: p, name: nameOf(p), me: p === me, place, tied,
              durak: durak.has(p), forfeit: forfeits.has(p),
              drawn: draw && tied && !forfeits.has(p),
              points: points.get(p) / 2,
              winner: round.final && detail.status === "finished" && place === 1 && !durak.has(p) && !forfeits.has(p),
            });
          }
          place += g.length;
        });
        for (const row of rows) row.through = through(row, tb.players.length);
      } else {
        rows = tb.players.map((p) => ({ player: p, name: nameOf(p), me: p === me, place: null, through: null }));
      }
      return { game: tb.game, no: ti + 1, status: tb.status, over, mine, draw, rows };
    });
    const byes = (round.byes || []).map((p) => ({ player: p, name: nameOf(p), me: p === me, through: elimination ? true : null }));
    return {
      number: round.number, final: !!round.final, label: roundLabel(detail, round),
      tables, byes, done, total: tables.length, over: tables.length > 0 && done === tables.length,
    };
  });
  const standings = (detail.standings || []).map((s) => Object.assign({}, s, { me: s.player === me, status: status.get(s.player) || null }));
  const entrantsCount = (detail.entrants || []).length;
  const percents = detail.payouts || [];
  const fixed = detail.prize_amounts || [];
  const paidPlaces = Math.max(percents.length, fixed.length);
  const places = entrantsCount > 0 ? entrantsCount : paidPlaces;
  const total = detail.pool ? detail.pool.total : 0;
  const amounts = placeAmounts(total, percents, places, fixed);
  const fixedPaid = fixedAmounts(fixed, places, total);
  const finished = detail.status === "finished";
  const payouts = [];
  for (let i = 0; i < Math.min(paidPlaces, places); i++) {
    const folded = i === 0 ? percents.slice(places).reduce((a, b) => a + b, 0) : 0;
    const percent = (i < percents.length ? percents[i] : 0) + folded;
    const winners = finished ? standings.filter((s) => s.place === i + 1).map((s) => ({ name: s.name, prize: s.prize, me: s.me })) : [];
    payouts.push({ place: i + 1, percent, fixed: fixedPaid[i], coins: amounts[i], winners });
  }
  const winners = finished ? standings.filter((s) => s.place === 1) : [];
  return {
    elimination, columns, standings, payouts, winners, myTable,
    entrants: (detail.entrants || []).map((e) => Object.assign({}, e, { me: e.player === me })),
    current: columns.length ? columns[columns.length - 1].number : null,
  };
}

/* Tables whose players' names hold `query` (any case): the page's «Найти игрока». */
export function tablesMatching(columns, query) {
  const q = String(query || "").trim().toLowerCase();
  if (!q) return null;
  const hits = new Set();
  for (const c of columns) for (const tb of c.tables) if (tb.rows.some((r) => r.name.toLowerCase().includes(q))) hits.add(tb.game);
  return hits;
}
