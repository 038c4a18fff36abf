/* The lobby of games to watch at /watch/: live games (tournament tables first, then by
 * spectators) with their spectator counts, opened on the game page to watch; recently
 * finished games with their replays. Refreshed every few seconds. */
import { api, explainNetworkFailure } from "./api.js";
import { $, closestTo, esc } from "./dom.js";
import { applyStatic, t } from "./i18n.js";
import { playerLink } from "./playerlink.js";
import { chooseLang } from "./store.js";

explainNetworkFailure(() => t("err.network"));

let data = null;

/* The seats as HTML: a person's name links to their page. */
function seatNames(game) {
  return game.seats.map((s) => (s.kind === "ai" ? esc(t("cpu") + (s.ai ? " (" + t("level." + s.ai).toLowerCase() + ")" : ""))
    : playerLink(s.player, s.name || "—"))).join(" — ");
}

function variant(game) {
  return (game.rules.variant === "perevodnoy" ? t("transfer") : "") + " " + game.rules.players + "×" + game.rules.deck;
}

function row(game, finished) {
  const link = finished
    ? '<a class="btn" href="/games/' + game.id + '/replay/" data-replay="' + game.id + '">' + esc(t("watch.replay")) + "</a>"
    : '<a class="btn" href="/?game=' + game.id + '" data-watch="' + game.id + '">' + esc(t("watch.open")) + "</a>";
  return '<li class="watch-row" data-game="' + game.id + '">' +
    (game.tournament ? '<span class="tag">' + esc(t("watch.tournament")) + "</span>" : "") +
    '<span class="who">' + seatNames(game) + "</span>" +
    '<span class="muted">' + esc(variant(game)) + "</span>" +
    (finished ? "" : '<span class="spectators" data-spectators="' + game.spectators + '">' + esc(t("watch.spectators", { n: game.spectators })) + "</span>") +
    link + "</li>";
}

function render() {
  applyStatic();
  document.title = t("watch.title") + " — " + t("title");
  if (!data) return;
  $("#watch-live").innerHTML = data.live.map((g) => row(g, false)).join("") || '<li class="muted">' + esc(t("watch.none")) + "</li>";
  $("#watch-finished").innerHTML = data.finished.map((g) => row(g, true)).join("") ||
    '<li class="muted">' + esc(t("watch.noneFinished")) + "</li>";
  $("#watch").dataset.ready = "1";
}

async function refresh() {
  try {
    data = await api("GET", "/watch/");
  } catch (e) {
    return;
  }
  render();
}

document.addEventListener("click", (ev) => {
  const b = closestTo(ev, "[data-set-lang]");
  if (b) { chooseLang(b.dataset.setLang); render(); }
});

function start() {
  render();
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, 5000);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
