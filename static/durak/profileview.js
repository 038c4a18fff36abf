/* The players' pages as HTML (pure: data and words in, text out; node's tests read it):
 * a profile's sections and the leaderboard's table. `w` is {t, lang}. */
import { ratingChart } from "./chart.js";
import { esc } from "./dom.js";
import { personName } from "./i18n.js";
import { playerLink } from "./playerlink.js";

// The engine's variants (games/engine/rules.py VARIANTS), in the leaderboard's order.
export const VARIANTS = ["podkidnoy", "perevodnoy", "simple"];

const word = (w, key, fallback) => {
  const s = w.t(key);
  return s === key ? fallback : s;
};
export const variantName = (w, v) => word(w, "pf.variant." + v, v);
export const levelName = (w, level) => word(w, "pf.level." + level, level);

export function when(w, iso) {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleString(w.lang === "en" ? "en-GB" : "ru-RU", { dateStyle: "short", timeStyle: "short" });
}

export function day(w, iso) {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return "";
  return d.toLocaleDateString(w.lang === "en" ? "en-GB" : "ru-RU", { day: "numeric", month: "short" });
}

/* Variants in a fixed order (the contract's two first), then any others the server names. */
export function variantsOf(ratings) {
  const names = Object.keys(ratings || {});
  return [...VARIANTS.filter((v) => names.includes(v)), ...names.filter((v) => !VARIANTS.includes(v)).sort()];
}

export function headHTML(p, w, me) {
  return "<h2 id=\"pf-name\">" + esc(personName(p.name, w.t)) + "</h2>" +
    (p.guest ? '<span class="pf-tag guest" data-guest="1">' + esc(w.t("pf.guest")) + "</span>" : "") +
    (me !== null && me === p.id ? '<span class="pf-tag you">' + esc(w.t("pf.you")) + "</span>" : "");
}

// `short`: the leaderboard's narrow column says it in one mark; the full word is its title.
function provisionalMark(w, short) {
  return ' <span class="pf-provisional' + (short ? " short" : "") + '" data-provisional="1" title="' +
    esc(w.t("pf.provisional") + ": " + w.t("pf.provisionalHint")) + '">' + esc(w.t(short ? "pf.provisionalShort" : "pf.provisional")) + "</span>";
}

export function ratingsHTML(ratings, w) {
  const variants = variantsOf(ratings);
  if (!variants.length) return '<p class="pf-empty">' + esc(w.t("pf.noRatings")) + "</p>";
  return '<div class="pf-ratings">' + variants.map((v) => {
    const r = ratings[v];
    const history = r.history || [];
    const name = variantName(w, v);
    const lo = history.length ? Math.min(...history.map((h) => h.rating)) : r.rating;
    const hi = history.length ? Math.max(...history.map((h) => h.rating)) : r.rating;
    const chart = ratingChart(history, {
      label: w.t("pf.chart", { variant: name, from: lo, to: hi }),
      // A private game the viewer did not play comes with "game": null: no number to show.
      dotTitle: (pt) => (pt.game == null ? "" : w.t("pf.gameNo", { id: pt.game }) + " · ") + when(w, pt.at) + ": " + pt.rating,
      xLabels: (first, last) => (first === last ? [day(w, first.at)] : [day(w, first.at), day(w, last.at)]),
    });
    return '<article class="pf-rating" data-variant="' + esc(v) + '"><h3>' + esc(name) + "</h3>" +
      '<p class="pf-now"><strong data-rating="' + esc(r.rating) + '">' + esc(r.rating) + "</strong>" +
      (r.provisional ? provisionalMark(w) : "") + "</p>" +
      '<p class="pf-sub">' + esc(w.t("pf.ratedGames", { n: r.games })) + "</p>" +
      (chart || '<p class="pf-empty pf-chart-empty">' + esc(w.t("pf.chartEmpty")) + "</p>") + "</article>";
  }).join("") + "</div>";
}

const STAT_KEYS = [["games", "pf.games"], ["wins", "pf.wins"], ["durak", "pf.durak"], ["draws", "pf.draws"], ["left", "pf.left"]];

export const winRate = (record) => (record.games ? Math.round((100 * record.wins) / record.games) : 0);

export function statsHTML(stats, w) {
  const tiles = STAT_KEYS.filter(([key]) => key !== "left" || stats.left)
    .map(([key, label]) => '<div class="pf-tile" data-stat="' + key + '"><dt>' + esc(w.t(label)) + "</dt><dd>" +
      esc(stats[key] || 0) + "</dd></div>").join("");
  return '<dl class="pf-tiles">' + tiles + "</dl>" +
    (stats.games ? '<p class="pf-sub">' + esc(w.t("pf.winRate", { p: winRate(stats) })) + "</p>" : "") +
    '<p class="pf-note">' + esc(w.t("pf.statsNote")) + "</p>";
}

export function computerHTML(rows, w) {
  if (!rows || !rows.length) return '<p class="pf-empty">' + esc(w.t("pf.noComputer")) + "</p>";
  const head = "<tr><th>" + esc(w.t("pf.level")) + "</th>" +
    ["pf.games", "pf.wins", "pf.durak", "pf.draws"].map((k) => "<th>" + esc(w.t(k)) + "</th>").join("") +
    "<th>%</th></tr>";
  const body = rows.map((r) => '<tr data-level="' + esc(r.level) + '"><td>' + esc(levelName(w, r.level)) + "</td>" +
    ["games", "wins", "durak", "draws"].map((k) => '<td data-count="' + k + '">' + esc(r[k]) + "</td>").join("") +
    "<td>" + winRate(r) + "</td></tr>").join("");
  return '<div class="scroll-x"><table class="pf-table pf-computer"><thead>' + head + "</thead><tbody>" + body +
    "</tbody></table></div>";
}

function seatText(seat, w, self) {
  if (seat.kind === "ai") return esc(w.t("pf.cpu") + (seat.ai ? " (" + levelName(w, seat.ai).toLowerCase() + ")" : ""));
  if (seat.player === self) return "<strong>" + esc(seat.name) + "</strong>";
  return playerLink(seat.player, seat.name || "—");
}

export function recentHTML(rows, w, self) {
  if (!rows || !rows.length) return '<p class="pf-empty">' + esc(w.t("pf.noRecent")) + "</p>";
  const head = "<tr>" + ["pf.when", "pf.game", "pf.table", "pf.result", "pf.replay"].map((k) => "<th>" + esc(w.t(k)) + "</th>").join("") + "</tr>";
  const body = rows.map((g) => '<tr data-game="' + g.game + '" data-result="' + esc(g.result) + '">' +
    '<td class="pf-when">' + esc(when(w, g.finished_at)) + "</td>" +
    "<td>" + esc(variantName(w, g.variant)) + ' <span class="pf-sub">' + esc(g.players + "×" + g.deck) + "</span></td>" +
    '<td class="pf-seats">' + (g.seats || []).map((s) => seatText(s, w, self)).join(" · ") + "</td>" +
    '<td><span class="pf-res res-' + esc(g.result) + '">' + esc(word(w, "pf.res." + g.result, g.result)) + "</span></td>" +
    '<td><a class="pf-replay" href="/games/' + g.game + '/replay/" data-replay="' + g.game + '" title="' +
    esc(w.t("pf.replayOf", { id: g.game })) + '">' + esc(w.t("pf.replay")) + " " + esc(w.t("pf.gameNo", { id: g.game })) +
    "</a></td></tr>").join("");
  return '<div class="scroll-x"><table class="pf-table pf-recent"><thead>' + head + "</thead><tbody>" + body +
    "</tbody></table></div>";
}

export function leaderboardHTML(rows, w, me) {
  if (!rows || !rows.length) return '<p class="pf-empty" id="lb-empty">' + esc(w.t("lb.none")) + "</p>";
  const head = "<tr>" + ["lb.place", "lb.player", "lb.rating", "lb.games"].map((k) => "<th>" + esc(w.t(k)) + "</th>").join("") + "</tr>";
  const body = rows.map((r, i) => '<tr data-player="' + r.player + '"' + (r.player === me ? ' class="me-row"' : "") + ">" +
    "<td>" + esc(r.place || i + 1) + "</td><td>" + playerLink(r.player, r.name) + "</td>" +
    '<td><strong>' + esc(r.rating) + "</strong>" + (r.provisional ? provisionalMark(w, true) : "") + "</td>" +
    "<td>" + esc(r.games) + "</td></tr>").join("");
  return '<div class="scroll-x"><table class="pf-table pf-board"><thead>' + head + "</thead><tbody>" + body +
    "</tbody></table></div>";
}
