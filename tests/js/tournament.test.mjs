// The tournament pages' pure modules: the layout of a detail (bracket.js) on tournaments
// played to the end through the REST API (fixtures/tournaments/: elimination at tables of
// 3 with "half", Swiss at tables of 3, a round robin at tables of 2), the sections drawn
// from it (tourview.js; 256 tables in one go), the create form's body (tourform.js), the
// move clock (clock.js) and what a «Ваш стол готов» notice does (notice.js).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { layout, placeAmounts, tableOrder, tablePoints, tablesMatching } from "../../static/durak/bracket.js";
import { bankLeft, clockText, seatSecondsLeft, secondsLeft } from "../../static/durak/clock.js";
import { plural, STRINGS, translate } from "../../static/durak/i18n.js";
import { decide, noticeText } from "../../static/durak/notice.js";
import { createBody, FIELDS, formField, parsePayouts, QUALIFYING } from "../../static/durak/tourform.js";
import { arenaHTML, stagesHTML } from "../../static/durak/arenaview.js";
import { actionsOf, bankText, disqualifyPress, isDirector, poolHTML, roundsHTML, standingsHTML, summaryHTML, termsText } from "../../static/durak/tourview.js";

const TEMPLATE = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "templates", "tournaments.html");

// The fixtures come from fixtures/tournaments/ (record_tournaments.py), or from the folder in
// DURAK_TOURNAMENT_FIXTURES (test_recorded_tournaments.py records one afresh there).
const folder = process.env.DURAK_TOURNAMENT_FIXTURES || join(fileURLToPath(new URL(".", import.meta.url)), "fixtures", "tournaments");
const has = (name) => existsSync(join(folder, name + ".json"));
const fixture = (name) => JSON.parse(readFileSync(join(folder, name + ".json"), "utf8"));
const needs = (...names) => ({ skip: names.every(has) ? false : "no " + names.filter((n) => !has(n)).join(", ") + " fixture here" });
const words = (lang = "ru") => ({ t: (k, p) => translate(lang, k, p), count: (n, k) => plural(lang, n, k), timeText: (x) => x, lang });

test("a finished table: who went out in order, the durak last, a draw tied, forfeits below", () => {
  // Seats 0..2 hold players 11, 10, 8; seat 2 went out first, then seat 0; seat 1 is the durak.
  assert.deepEqual(tableOrder([11, 10, 8], { durak: 1, draw: false, losers: [1], places: [2, 0] }).groups, [[8], [11], [10]]);
  const draw = tableOrder([5, 6, 7], { durak: null, draw: true, losers: [], places: [1, 0, 2] });
  assert.deepEqual(draw.groups, [[6], [5, 7]]);
  assert.equal(draw.draw, true);
  const forfeit = tableOrder([1, 2, 3], { durak: 2, losers: [2], places: [1], forfeits: [0] });
  assert.deepEqual(forfeit.groups, [[2], [3], [1]]);
  assert.deepEqual(forfeit.forfeits, [1]);
  // Points in half-points: k - p for the p-th out, ties averaged; a table of two: 1, ½, 0.
  assert.deepEqual([...tablePoints([[8], [11], [10]])], [[8, 4], [11, 2], [10, 0]]);
  assert.deepEqual([...tablePoints([[1, 2]])], [[1, 1], [2, 1]]);
});

test("the pool splits by place as the server does: largest remainders, the field folded into first", () => {
  assert.deepEqual(placeAmounts(83, [50, 30, 20], 7), [41, 25, 17, 0, 0, 0, 0]);
  assert.deepEqual(placeAmounts(100, [50, 30, 20], 2), [70, 30]);
  assert.deepEqual(placeAmounts(1001, [100], 3), [1001, 0, 0]);
  for (const total of [0, 1, 7, 99, 1000, 12345]) {
    assert.equal(placeAmounts(total, [27, 18, 14, 11, 9, 8, 7, 6], 50).reduce((a, b) => a + b, 0), total);
  }
});

test("elimination: a column per round, who went on and who left, the final and its winner", needs("elimination"), () => {
  const d = fixture("elimination");
  const L = layout(d, d.entrants[0].player);
  assert.equal(L.elimination, true);
  assert.deepEqual(L.columns.map((c) => c.label.key), ["round.n", "round.n", "round.final"]);
  assert.ok(L.columns.every((c) => c.over && c.done === c.total));
  for (let i = 0; i + 1 < L.columns.length; i++) {
    const next = new Set(d.rounds[i + 1].tables.flatMap((t) => t.players).concat(d.rounds[i + 1].byes));
    for (const tb of L.columns[i].tables) {
      for (const row of tb.rows) assert.equal(row.through, next.has(row.player), `round ${i + 1}, player ${row.player}`);
      assert.equal(tb.rows.filter((r) => r.durak).length, 1);
      assert.equal(tb.rows[tb.rows.length - 1].durak, true); // the durak is listed last
      assert.deepEqual(tb.rows.map((r) => r.place), tb.rows.map((r, j) => j + 1));
    }
  }
  const final = L.columns[L.columns.length - 1].tables[0];
  const champion = d.standings.find((s) => s.place === 1);
  assert.equal(final.rows[0].player, champion.player);
  assert.equal(final.rows[0].winner, true);
  assert.deepEqual(L.winners.map((w) => w.player), [champion.player]);
  assert.equal(L.payouts[0].winners[0].name, champion.name);
  assert.equal(L.myTable, null);
});

test("before the next round is seated, the rule says who goes on", needs("elimination"), () => {
  const d = fixture("elimination");
  const one = Object.assign({}, d, { status: "running", rounds: d.rounds.slice(0, 1) });
  const L = layout(one, null);
  for (const tb of L.columns[0].tables) {
    const k = tb.rows.length;
    for (const row of tb.rows) assert.equal(row.through, row.place <= Math.ceil(k / 2)); // "half"
  }
  const durakRule = layout(Object.assign({}, one, { leaves: "durak" }), null);
  for (const tb of durakRule.columns[0].tables) for (const row of tb.rows) assert.equal(row.through, !row.durak);
});

test("a table in play lists its players in seat order, and the viewer's own is found", needs("elimination"), () => {
  const d = fixture("elimination");
  const round = d.rounds[0];
  const live = Object.assign({}, d, {
    status: "running",
    rounds: [Object.assign({}, round, { tables: round.tables.map((t, i) => (i ? t : Object.assign({}, t, { status: "active", result: null }))) })],
  });
  const me = round.tables[0].players[1];
  const L = layout(live, me);
  const tb = L.columns[0].tables[0];
  assert.equal(tb.over, false);
  assert.deepEqual(tb.rows.map((r) => r.player), round.tables[0].players);
  assert.ok(tb.rows.every((r) => r.place === null));
  assert.deepEqual(L.myTable, { game: round.tables[0].game, round: 1 });
  assert.equal(L.columns[0].done, round.tables.length - 1);
  assert.equal(L.columns[0].over, false);
});

test("swiss and round robin: points at each table, standings with the Buchholz, rounds of the total", needs("swiss", "round_robin"), () => {
  for (const name of ["swiss", "round_robin"]) {
    const d = fixture(name);
    const L = layout(d, null);
    assert.equal(L.elimination, false);
    assert.ok(L.columns.every((c) => c.label.key === "round.nOf" && c.label.params.total === d.rounds_total));
    // Each player's points over the tables add up to the standings' points (no byes here).
    const sum = new Map();
    for (const c of L.columns) for (const tb of c.tables) for (const r of tb.rows) sum.set(r.player, (sum.get(r.player) || 0) + r.points);
    for (const s of d.standings) assert.equal(sum.get(s.player), s.points, `${name}: ${s.name}`);
    assert.ok(L.columns.every((c) => c.tables.every((tb) => tb.rows.every((r) => r.through === null))));
    const html = standingsHTML(d, L, words());
    assert.match(html, /Бухгольц/);
    assert.equal((html.match(/<tr /g) || []).length, d.standings.length);
    for (const s of d.standings) assert.ok(html.includes('href="/players/' + s.player + '/"'), `${name}: ${s.name} links to their page`);
  }
});

test("byes are shown in their round", needs("round_robin"), () => {
  const d = fixture("round_robin");
  const withBye = Object.assign({}, d, { rounds: [Object.assign({}, d.rounds[0], { byes: [d.entrants[0].player] })] });
  const L = layout(withBye, d.entrants[0].player);
  assert.deepEqual(L.columns[0].byes.map((b) => [b.player, b.me]), [[d.entrants[0].player, true]]);
  assert.match(roundsHTML(L, words()), /Свободен от игры/);
});

test("the sections: pool lines add up, the organiser's buttons, names escaped", needs("swiss"), () => {
  const d = fixture("swiss");
  const L = layout(d, null);
  const pool = poolHTML(d, L, words());
  assert.match(pool, /Взносы \(7 × 10\)/);
  assert.match(pool, /data-pool="rake"/);
  assert.match(pool, new RegExp("<td>" + d.pool.total + "</td>"));
  const reg = Object.assign({}, d, { status: "registration", entered: false, name: "<b>x</b>" });
  assert.deepEqual(actionsOf(reg, reg.organiser), ["join", "start", "cancel"]);
  assert.deepEqual(actionsOf(Object.assign({}, reg, { entered: true }), 999), ["withdraw"]);
  assert.deepEqual(actionsOf(Object.assign({}, d, { status: "running" }), d.organiser), ["advance"]);
  assert.deepEqual(actionsOf(d, d.organiser), []);
  const evil = Object.assign({}, d, { entrants: d.entrants.map((e) => Object.assign({}, e, { name: "<img src=x>" })) });
  const html = roundsHTML(layout(evil, null), words());
  assert.ok(!html.includes("<img"));
  assert.match(summaryHTML(d, L, words("en"), { me: null, live: true }), /Swiss/);
});

/* The standings' rows of `html` by player: each row's HTML. */
const standingRows = (html) => new Map([...html.matchAll(/<tr[^>]* data-player="(\d+)">(.*?)<\/tr>/g)].map((m) => [Number(m[1]), m[2]]));

test("the director: a disqualify button on each player's row but the disqualified, «sure?» on the one pressed", needs("swiss"), () => {
  const d = fixture("swiss");
  const out = d.standings[1].player;
  const running = Object.assign({}, d, { status: "running", disqualified: [out] });
  const L = layout(running, d.organiser);
  const html = standingsHTML(running, L, words(), { me: d.organiser, confirmDisqualify: null });
  assert.match(html, /<th>Судья<\/th>/);
  const rows = standingRows(html);
  assert.equal(rows.size, d.standings.length);
  for (const s of d.standings) {
    const row = rows.get(s.player);
    if (s.player === out) {
      assert.match(row, /<td>дисквалифицирован<\/td>$/);
      assert.ok(!row.includes("data-disqualify"), "no button for the disqualified");
    } else {
      assert.ok(row.includes('<button type="button" class="btn danger small" data-disqualify="' + s.player + '">Дисквалифицировать</button>'),
        `${s.name}: a button naming the player`);
    }
  }
  // The first press: that row's button asks «sure?», every other row's is as it was.
  const pressed = d.standings[0].player;
  const sure = standingRows(standingsHTML(running, L, words(), { me: d.organiser, confirmDisqualify: pressed }));
  assert.match(sure.get(pressed), /data-disqualify="\d+">Точно\? Нажмите ещё раз<\/button>/);
  assert.equal([...sure.values()].filter((r) => r.includes("Точно?")).length, 1);
  const en = standingsHTML(running, L, words("en"), { me: d.organiser, confirmDisqualify: pressed });
  assert.ok(en.includes("<th>Director</th>") && en.includes(">Sure? Press again</button>") && en.includes(">Disqualify</button>"));
  assert.ok(en.includes("<td>disqualified</td>"));
});

test("only the organiser of a running tournament directs: nobody else, and not before or after", needs("swiss"), () => {
  const d = fixture("swiss");
  const running = Object.assign({}, d, { status: "running", disqualified: [] });
  const other = d.standings.find((s) => s.player !== d.organiser).player;
  assert.equal(isDirector(running, d.organiser), true);
  for (const [detail, me] of [[running, other], [running, null], [running, undefined], [d, d.organiser],
    [Object.assign({}, d, { status: "cancelled" }), d.organiser]]) {
    assert.equal(isDirector(detail, me), false, `${detail.status}, ${me}`);
    const html = standingsHTML(detail, layout(detail, me), words(), { me, confirmDisqualify: null });
    assert.ok(!html.includes("data-disqualify") && !html.includes("Судья"), `${detail.status}, ${me}`);
  }
  assert.equal(standingsHTML(Object.assign({}, running, { status: "registration" }), layout(running, d.organiser), words(), { me: d.organiser }), "");
});

test("a disqualify press: the first asks, a second on the same player posts /disqualify/ with that player", () => {
  assert.deepEqual(disqualifyPress(7, null, 5), { confirm: 5, request: null });
  assert.deepEqual(disqualifyPress(7, 3, 5), { confirm: 5, request: null }); // another row's «sure?» moves here
  assert.deepEqual(disqualifyPress(7, 5, 5),
    { confirm: null, request: { method: "POST", path: "/tournaments/7/disqualify/", body: { player: 5 } } });
  // The button's data-disqualify as the page reads it: a number, so the second press matches the first.
  const html = standingsHTML(
    { status: "running", organiser: 1, disqualified: [], format: "swiss" },
    { standings: [{ place: 1, player: 42, name: "Аня", points: 1, tiebreak: 0, prize: 0 }], elimination: false }, words(), { me: 1 });
  const pressed = Number(/data-disqualify="([^"]+)"/.exec(html)[1]);
  const first = disqualifyPress(3, null, pressed);
  assert.deepEqual(disqualifyPress(3, first.confirm, pressed).request.body, { player: 42 });
});

test("256 tables of 4: laid out and drawn in one go, fast", () => {
  const tables = [];
  const entrants = [];
  for (let n = 0; n < 256; n++) {
    const players = [1, 2, 3, 4].map((s) => n * 4 + s);
    for (const p of players) entrants.push({ player: p, name: "Игрок " + p, status: "playing" });
    tables.push({ game: 1000 + n, players, status: n % 2 ? "active" : "finished", result: n % 2 ? null : { durak: 3, draw: false, losers: [3], places: [0, 1, 2] } });
  }
  const d = { id: 1, format: "elimination", status: "running", leaves: "durak", entrants, rounds: [{ number: 1, final: false, byes: [], tables }],
    standings: [], payouts: [17, 11, 8], pool: { total: 10240 } };
  const t0 = performance.now();
  let html = "";
  for (let i = 0; i < 5; i++) html = roundsHTML(layout(d, 5), words());
  const each = (performance.now() - t0) / 5;
  assert.equal((html.match(/<article /g) || []).length, 256);
  assert.ok(each < 150, `layout and HTML of 256 tables took ${each.toFixed(1)} ms`);
  assert.equal(tablesMatching(layout(d, null).columns, "игрок 1023").size, 1);
  assert.equal(tablesMatching(layout(d, null).columns, " "), null);
});

test("the create form: every field of the create body, values passed on as typed", () => {
  const body = createBody({
    name: "  Кубок ", format: "elimination", players: "4", deck: "36", variant: "perevodnoy", entry_fee: "10",
    rake_percent: "5", added_prize: "", guarantee: "100", payouts: "50, 30,20", min_entrants: "4", max_entrants: "64",
    starts_at: "", rounds: "3", timer: "", spectator_delay: "2", leaves: "half",
  });
  assert.deepEqual(body, {
    name: "Кубок", format: "elimination", rules: { players: 4, deck: 36, variant: "perevodnoy" }, entry_fee: 10,
    rake_percent: 5, guarantee: 100, min_entrants: 4, max_entrants: 64, spectator_delay: 2, payouts: [50, 30, 20],
    starts_at: null, timer: null, leaves: "half",
  });
  const swiss = createBody({ name: "S", format: "swiss", rounds: "5", leaves: "durak", timer: "20", starts_at: "2030-01-31T18:00" });
  assert.equal(swiss.rounds, 5);
  assert.equal(swiss.leaves, undefined);
  assert.equal(swiss.timer, 20);
  assert.match(swiss.starts_at, /^2030-01-31T\d\d:00:00\.000Z$/);
  assert.equal(createBody({ name: "R", format: "round_robin", rounds: "5" }).rounds, undefined);
  assert.equal(parsePayouts(""), null);
  assert.equal(parsePayouts("авто"), null);
  assert.deepEqual(parsePayouts("60;40"), [60, 40]);
  assert.deepEqual(parsePayouts("70, abc"), [70, "abc"]); // the server refuses it, naming payouts
  assert.equal(createBody({ name: "x", rake_percent: "1.5" }).rake_percent, "1.5");
  assert.equal(formField("rules"), "rules");
  assert.equal(formField("rake_percent"), "rake_percent");
  assert.equal(formField("body"), null);
});

test("the time bank and the longest a table lasts, in Russian and English", () => {
  const d = { format: "swiss", rules: { players: 2, deck: 36 }, timer: 30, time_bank: 240, time_increment: 3,
    table_limit: { seconds: 480, per_move: 3 } };
  assert.equal(bankText(d, words()), "запас 4 мин на игрока и 3 с за ход: стол длится не дольше 8 мин и 3 с на каждый ход");
  assert.equal(bankText(d, words("en")),
    "a bank of 4 min per player and 3 s per move: a table lasts at most 8 min plus 3 s for each move");
  assert.ok(termsText(d, words()).includes(" · запас 4 мин на игрока"));
  const odd = Object.assign({}, d, { time_bank: 90, time_increment: 0, table_limit: { seconds: 45 * 6, per_move: 0 } });
  assert.equal(bankText(odd, words()), "запас 1 мин 30 с на игрока: стол длится не дольше 4 мин 30 с");
  assert.equal(bankText(Object.assign({}, d, { time_bank: 10, table_limit: { seconds: 20, per_move: 3 } }), words("en")),
    "a bank of 10 s per player and 3 s per move: a table lasts at most 20 s plus 3 s for each move");
  // A detail from before the bank (a recorded fixture) states none.
  assert.equal(bankText({ format: "swiss", rules: {}, timer: 30 }, words()), null);
  assert.ok(!termsText({ format: "swiss", rules: {}, timer: 30 }, words()).includes("запас"));
});

test("the create form sends the time bank as typed, and leaves it to the server when empty", () => {
  const body = createBody({ name: "B", format: "swiss", rounds: "3", time_bank: "300", time_increment: "0" });
  assert.equal(body.time_bank, 300);
  assert.equal(body.time_increment, 0);
  const empty = createBody({ name: "B", format: "swiss", rounds: "3", time_bank: " ", time_increment: "" });
  assert.ok(!("time_bank" in empty) && !("time_increment" in empty));
  assert.equal(createBody({ name: "B", time_bank: "4m" }).time_bank, "4m"); // the server refuses it, naming time_bank
  assert.equal(formField("time_bank"), "time_bank");
  assert.equal(formField("time_increment"), "time_increment");
});

test("the create form: the arena, late registration, re-entry and stages", () => {
  const arena = createBody({ name: "A", format: "arena", duration: "20", late_until_round: "", reentry: "1" });
  assert.equal(arena.duration, 20);
  assert.equal(arena.late_until_round, undefined);
  assert.equal(arena.reentry, undefined);
  const late = createBody({ name: "E", format: "elimination", late_until_round: "3", reentry: "1" });
  assert.equal(late.late_until_round, 3);
  assert.equal(late.reentry, true);
  assert.equal(createBody({ name: "S", format: "swiss", rounds: "3", late_until_round: "2", reentry: "1" }).reentry, undefined);
  assert.equal(createBody({ name: "R", format: "round_robin", late_until_round: "2" }).late_until_round, undefined);
  const staged = createBody({ name: "S", format: "swiss", rounds: "4", advance: "8" });
  assert.deepEqual(staged.stages, [{ format: "swiss", rounds: 4 }, { format: "elimination", advance: 8 }]);
  assert.equal(createBody({ name: "S", format: "swiss", rounds: "4", advance: "" }).stages, undefined);
  assert.equal(formField("stages"), "advance");
  assert.equal(formField("duration"), "duration");
});

test("the create form: an elimination final after a swiss or a round robin, its own rule for who leaves", () => {
  const swiss = createBody({ name: "S", format: "swiss", rounds: "4", advance: "8", final_leaves: "half", leaves: "durak" });
  assert.deepEqual(swiss.stages, [{ format: "swiss", rounds: 4 }, { format: "elimination", advance: 8, leaves: "half" }]);
  assert.equal(swiss.leaves, undefined); // the final's rule goes in its stage, never as the body's "leaves"
  const robin = createBody({ name: "R", format: "round_robin", advance: "4", final_leaves: "durak", rounds: "5" });
  assert.deepEqual(robin.stages, [{ format: "round_robin" }, { format: "elimination", advance: 4, leaves: "durak" }]);
  assert.equal(robin.rounds, undefined);
  assert.equal(createBody({ name: "R", format: "round_robin", advance: " ", final_leaves: "half" }).stages, undefined);
  for (const format of ["elimination", "arena"]) {
    assert.equal(createBody({ name: "E", format, advance: "4", final_leaves: "half", duration: "20" }).stages, undefined, format);
  }
  assert.deepEqual(createBody({ name: "S", format: "swiss", rounds: "3", advance: "x" }).stages[1].advance, "x"); // the server names it
  assert.deepEqual(QUALIFYING, ["swiss", "round_robin"]);
});

test("the create form's template holds a control for every field the body is made of, shown for its formats", () => {
  const html = readFileSync(TEMPLATE, "utf8");
  for (const name of FIELDS) assert.equal((html.match(new RegExp('name="' + name + '"', "g")) || []).length, 1, name);
  for (const field of ["advance", "final_leaves"]) {
    const only = new RegExp('data-field="' + field + '" data-only="([^"]+)"').exec(html);
    assert.ok(only, field);
    assert.deepEqual(only[1].split(" "), QUALIFYING, field);
  }
  assert.match(html, /<select name="final_leaves">\s*<option value="durak"[^>]*>[^<]+<\/option>\s*<option value="half"/);
});

test("the arena's leaderboard and the stages as HTML", () => {
  const w = words();
  const detail = {
    status: "running", entrants: [{ player: 1, name: "Аня" }, { player: 2, name: "<b>Боря</b>" }],
    arena: { duration: 20, ends_at: "2030-01-31T18:20:00Z", time_up: false, waiting: 1,
      scale: { win: 2, middle: 1, durak: 0, fire_after: 2 },
      leaderboard: [{ place: 1, player: 2, name: "<b>Боря</b>", points: 8, streak: 3, on_fire: true, tables: 4, wins: 3, waiting: true },
        { place: 2, player: 1, name: "Аня", points: 2, streak: 0, on_fire: false, tables: 4, wins: 1, waiting: false }] },
    stages: null,
  };
  const html = arenaHTML(detail, w);
  assert.equal((html.match(/<tr data-player=/g) || []).length, 2);
  assert.ok(html.includes("🔥") && !html.includes("<b>Боря"));
  assert.equal(arenaHTML({ ...detail, status: "registration" }, w), "");
  assert.equal(stagesHTML(detail, w), "");
  const staged = stagesHTML({ ...detail, arena: null, stages: [
    { number: 1, format: "swiss", rounds: 3, from_round: 1, status: "finished" },
    { number: 2, format: "elimination", leaves: "durak", advance: 2, from_round: 4, status: "playing",
      rule: "top 2 of stage 1", rule_ru: "первые 2 этапа 1", advancing: [1, 2] }] }, w);
  assert.equal((staged.match(/<li>/g) || []).length, 2);
  assert.ok(staged.includes("Аня") && !staged.includes("<b>Боря"));
});

test("the move clock counts down from the timer and stops at zero", () => {
  assert.equal(secondsLeft(30, 1000, 1000), 30);
  assert.equal(secondsLeft(30, 1000, 1500), 30);
  assert.equal(secondsLeft(30, 1000, 2001), 29);
  assert.equal(secondsLeft(30, 1000, 99999), 0);
  assert.equal(secondsLeft(null, 1000, 2000), null);
  assert.equal(clockText(75), "1:15");
  assert.equal(clockText(5), "0:05");
  assert.equal(clockText(null), "");
});

test("a seat's clock ends sooner when its time bank runs out first", () => {
  const banks = [{ seat: 0, seconds: 12 }, { seat: 1, seconds: 200 }];
  assert.equal(bankLeft(banks, 0, 1000, 1000), 12);
  assert.equal(bankLeft(banks, 0, 1000, 4500), 9); // counted down since the view arrived
  assert.equal(bankLeft(banks, 0, 1000, 99999), 0);
  assert.equal(bankLeft(banks, 2, 1000, 1000), null); // a computer's seat: no bank
  assert.equal(bankLeft([], 0, 1000, 1000), null); // a table without a bank
  assert.equal(seatSecondsLeft(30, bankLeft(banks, 0, 1000, 4500)), 9);
  assert.equal(seatSecondsLeft(30, bankLeft(banks, 1, 1000, 4500)), 30);
  assert.equal(seatSecondsLeft(30, null), 30);
  assert.equal(seatSecondsLeft(null, null), null);
});

test("a ready table: taken there at once, offered when busy or announced before, ignored when on screen", () => {
  const table = { game: 42, tournament: 3, round: 2, name: "Кубок" };
  assert.equal(decide(table, {}), "go");
  assert.equal(decide(table, { busy: true }), "offer");
  assert.equal(decide(table, { shown: [42] }), "offer");
  assert.equal(decide(table, { current: [null, 42] }), "none");
  assert.equal(decide(null, {}), "none");
  assert.equal(noticeText(table, "ru"), "Ваш стол готов — тур 2 турнира «Кубок»");
  assert.equal(noticeText(table, "en"), "Your table is ready — round 2 of «Кубок»");
  assert.equal(noticeText({ game: 1 }, "ru"), "Ваш стол готов");
});

test("every string has its English, but the form's refusals (in English the server's own message shows)", () => {
  const missing = Object.keys(STRINGS.ru).filter((k) => !(k in STRINGS.en) && !k.startsWith("ferr."));
  assert.deepEqual(missing, []);
  assert.deepEqual(Object.keys(STRINGS.en).filter((k) => !(k in STRINGS.ru)), []);
  assert.equal(plural("ru", 21, "games"), "21 партия");
  assert.equal(plural("ru", 12, "games"), "12 партий");
  assert.equal(plural("en", 1, "games"), "1 game");
});
