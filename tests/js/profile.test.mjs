// The players' pages' pure parts: the rating chart's geometry and SVG, the profile's and
// the leaderboard's HTML (links to replays and to players), and both languages' strings.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chartPoints, linePath, ratingChart } from "../../static/durak/chart.js";
import { STRINGS, translate } from "../../static/durak/i18n.js";
import { playerLink } from "../../static/durak/playerlink.js";
import { PROFILE } from "../../static/durak/profile-strings.js";
import { computerHTML, leaderboardHTML, ratingsHTML, recentHTML, statsHTML, variantsOf } from "../../static/durak/profileview.js";

const w = (lang = "ru") => ({ t: (k, p) => translate(lang, k, p), lang });
const history = [
  { game: 3, at: "2026-12-01T10:00:00Z", rating: 1500 },
  { game: 5, at: "2026-12-01T11:00:00Z", rating: 1540 },
  { game: 9, at: "2026-12-01T12:00:00Z", rating: 1460 },
];

test("every profile string has its twin in the other language", () => {
  assert.deepEqual(Object.keys(PROFILE.ru).sort(), Object.keys(PROFILE.en).sort());
  assert.equal(STRINGS.en["nav.me"], "My profile");
  assert.equal(STRINGS.ru["nav.me"], "Мой профиль");
});

test("the chart spans the box: the highest rating at the top, the lowest at the bottom, games evenly apart", () => {
  const { lo, hi, points } = chartPoints(history);
  assert.equal(lo, 1460);
  assert.equal(hi, 1540);
  assert.deepEqual(points.map((p) => p.x), [40, 175, 310]);
  assert.deepEqual(points.map((p) => p.y), [55, 10, 100]);
  assert.equal(linePath(points), "M40 55 L175 10 L310 100");
});

test("a flat or single-game history sits mid-way instead of dividing by zero", () => {
  const one = chartPoints([{ game: 1, at: null, rating: 1500 }]);
  assert.equal(one.points.length, 1);
  assert.equal(one.points[0].x, 175);
  assert.ok(one.points[0].y > 10 && one.points[0].y < 100);
  assert.ok(one.hi - one.lo >= 20);
});

test("the SVG holds the line, a dot per game with its title, and an accessible name; none without history", () => {
  const svg = ratingChart(history, { label: "Рейтинг", dotTitle: (p) => "№" + p.game + ": " + p.rating });
  assert.match(svg, /^<svg class="rating-chart"[^>]* role="img" aria-label="Рейтинг"/);
  assert.match(svg, /<path class="line" d="M40 55 L175 10 L310 100"\/>/);
  assert.equal((svg.match(/<circle /g) || []).length, 3);
  assert.match(svg, /<title>№9: 1460<\/title>/);
  assert.equal(ratingChart([], {}), "");
  const dated = ratingChart(history, { xLabels: () => ["1 дек.", "2 дек."] });
  assert.match(dated, /<text class="axis" x="40" y="114" text-anchor="start">1 дек\.<\/text>/);
  assert.match(dated, /<text class="axis" x="310" y="114" text-anchor="end">2 дек\.<\/text>/);
});

test("ratings by variant: the contract's variants first, the provisional mark, the chart", () => {
  assert.deepEqual(variantsOf({ perevodnoy: {}, zz: {}, podkidnoy: {} }), ["podkidnoy", "perevodnoy", "zz"]);
  const html = ratingsHTML({ perevodnoy: { rating: 1460, games: 3, provisional: true, history } }, w());
  assert.match(html, /data-variant="perevodnoy"/);
  assert.match(html, /Переводной/);
  assert.match(html, /data-provisional="1"/);
  assert.match(html, /<svg /);
  assert.doesNotMatch(ratingsHTML({ podkidnoy: { rating: 1600, games: 30, provisional: false, history } }, w()), /data-provisional/);
  assert.match(ratingsHTML({}, w()), /Рейтинга пока нет/);
});

test("the record, the computer table and recent games link to replays and to other people", () => {
  assert.match(statsHTML({ games: 4, wins: 3, durak: 1, draws: 0, left: 0 }, w()), /75% побед/);
  const table = computerHTML([{ level: "novice", games: 4, wins: 3, durak: 1, draws: 0, left: 0 }], w("en"));
  assert.match(table, /<tr data-level="novice"><td>Novice<\/td>/);
  const rows = [{ game: 12, finished_at: "2026-12-01T12:00:00Z", result: "durak", seat: 0, variant: "podkidnoy",
    players: 2, deck: 24, replay: "/games/12/replay/",
    seats: [{ seat: 0, name: "Аня", kind: "human", player: 7 }, { seat: 1, name: "Боб <b>", kind: "human", player: 8 }] }];
  const html = recentHTML(rows, w(), 7);
  assert.match(html, /<a class="pf-replay" href="\/games\/12\/replay\/" data-replay="12"/);
  assert.match(html, /<a class="player-link" href="\/players\/8\/" data-player="8">Боб &#60;b&#62;<\/a>/);
  assert.doesNotMatch(html, /href="\/players\/7\/"/); // the player's own name is not a link to this very page
  assert.match(html, /res-durak">дурак</);
});

test("the leaderboard links each name to its profile and marks the signed-in player", () => {
  const html = leaderboardHTML([{ place: 1, player: 8, name: "Боб", rating: 1620, games: 12, provisional: false },
    { place: 2, player: 7, name: "Аня", rating: 1500, games: 2, provisional: true }], w(), 7);
  assert.match(html, /<tr data-player="8"><td>1<\/td><td><a class="player-link" href="\/players\/8\/"/);
  assert.match(html, /<tr data-player="7" class="me-row">/);
  assert.equal((html.match(/data-provisional/g) || []).length, 1);
  assert.match(leaderboardHTML([], w("en")), /No rated games/);
});

test("a person's name links to their page; a computer's or an open seat's stays text", () => {
  assert.equal(playerLink(5, "Аня"), '<a class="player-link" href="/players/5/" data-player="5">Аня</a>');
  assert.equal(playerLink(undefined, "Компьютер <1>"), "Компьютер &#60;1&#62;");
  assert.match(playerLink(5, "Аня", "", true), / target="_blank" rel="noopener">Аня<\/a>$/);
});
