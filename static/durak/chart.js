/* A rating's history as a small inline SVG line chart, drawn by the page itself (no chart
 * library). Pure: history in, SVG text out, so node's test runner checks it.
 *   history: [{"game", "at", "rating"}, ...] oldest first (the profile API's order; "game" is
 *   null for a private game the viewer did not play).
 * Games are spaced evenly along x (a burst of games in one evening would otherwise pile up
 * at one spot); y spans the lowest to the highest rating, padded so a flat line sits mid-way. */
import { esc } from "./dom.js";

export const BOX = { width: 320, height: 120, left: 40, right: 10, top: 10, bottom: 20 };
const MIN_SPAN = 20; // rating points: a near-flat history still shows as a near-flat line
const MAX_DOTS = 60; // past this many games the dots would hide the line

const round1 = (v) => Math.round(v * 10) / 10;

/* The scale and each game's point: {lo, hi, points: [{x, y, game, rating, at}]}. */
export function chartPoints(history, box = BOX) {
  const ratings = history.map((h) => h.rating);
  let lo = Math.min(...ratings), hi = Math.max(...ratings);
  if (hi - lo < MIN_SPAN) {
    const mid = (hi + lo) / 2;
    lo = Math.floor(mid - MIN_SPAN / 2);
    hi = Math.ceil(mid + MIN_SPAN / 2);
  }
  const w = box.width - box.left - box.right, h = box.height - box.top - box.bottom;
  const n = history.length;
  const points = history.map((p, i) => ({
    x: round1(box.left + (n === 1 ? w / 2 : (w * i) / (n - 1))),
    y: round1(box.top + h - ((p.rating - lo) / (hi - lo)) * h),
    game: p.game, rating: p.rating, at: p.at,
  }));
  return { lo, hi, points };
}

/* The path's "d": a move to the first point, then a line through every other one. */
export function linePath(points) {
  return points.map((p, i) => (i ? "L" : "M") + p.x + " " + p.y).join(" ");
}

/* The whole <svg>; `label` is its accessible name, `dotTitle(point)` each dot's tooltip,
 * `xLabels(first, last)` the words under the first and the last game (e.g. their dates).
 * An empty history gives "" (the page says so in words instead). */
export function ratingChart(history, { label = "", dotTitle = (p) => String(p.rating), xLabels = null, box = BOX } = {}) {
  if (!history || !history.length) return "";
  const { lo, hi, points } = chartPoints(history, box);
  const bottom = box.height - box.bottom, right = box.width - box.right;
  const d = linePath(points);
  const first = points[0], last = points[points.length - 1];
  const area = points.length > 1 ? d + " L" + last.x + " " + bottom + " L" + first.x + " " + bottom + " Z" : "";
  const grid = [[hi, box.top], [lo, bottom]].map(([v, y]) =>
    '<line class="grid" x1="' + box.left + '" y1="' + y + '" x2="' + right + '" y2="' + y + '"/>' +
    '<text class="axis" x="' + (box.left - 6) + '" y="' + (y + 4) + '" text-anchor="end">' + v + "</text>").join("");
  const under = xLabels ? xLabels(first, last) : [];
  const xs = under.map((text, i) => (text ? '<text class="axis" x="' + (i ? last.x : first.x) + '" y="' + (bottom + 14) +
    '" text-anchor="' + (points.length === 1 ? "middle" : i ? "end" : "start") + '">' + esc(text) + "</text>" : "")).join("");
  const dots = points.length <= MAX_DOTS
    ? points.map((p) => '<circle class="dot" cx="' + p.x + '" cy="' + p.y + '" r="3" data-game="' + esc(p.game ?? "") +
        '" data-rating="' + esc(p.rating) + '"><title>' + esc(dotTitle(p)) + "</title></circle>").join("")
    : '<circle class="dot last" cx="' + last.x + '" cy="' + last.y + '" r="3.5"><title>' + esc(dotTitle(last)) + "</title></circle>";
  return '<svg class="rating-chart" viewBox="0 0 ' + box.width + " " + box.height + '" role="img" aria-label="' + esc(label) +
    '" preserveAspectRatio="xMidYMid meet" data-points="' + points.length + '">' + grid + xs +
    (area ? '<path class="area" d="' + area + '"/>' : "") +
    '<path class="line" d="' + d + '"/>' + dots + "</svg>";
}
