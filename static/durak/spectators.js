/* How many watch the game on screen: asked every few seconds while it is being played,
 * shown beside the status (hidden while nobody watches). */
import { api } from "./api.js";
import { t } from "./i18n.js";
import { state } from "./store.js";

const EVERY_MS = 10000;

async function refresh() {
  const el = document.getElementById("spectators");
  if (!el) return;
  const view = state.view;
  if (!state.gameId || !view || view.status !== "active") {
    el.hidden = true;
    return;
  }
  try {
    const data = await api("GET", "/watch/games/" + state.gameId + "/");
    el.textContent = t("watch.spectators", { n: data.spectators });
    el.hidden = !data.spectators;
  } catch (e) {
    el.hidden = true; // a count is no reason to bother anyone
  }
}

export function startSpectatorCount() {
  refresh();
  setInterval(refresh, EVERY_MS);
}
