/* Which game the page shows: a new one, the one it played last, or one opened from a
 * shared link (a free seat is taken; else the visitor watches). */
import { api, ensureGuest } from "./api.js";
import { modelAtDeal } from "./fold.js";
import { errorText, t } from "./i18n.js";
import { leaveLink, linkedGame } from "./links.js";
import { load } from "./prefs.js";
import { renderSettings } from "./render.js";
import { clientSeed } from "./seed.js";
import { enqueue, pump } from "./pump.js";
import { redraw } from "./screen.js";
import { connectWs } from "./socket.js";
import * as store from "./store.js";

const S = store.state;

function setGame(view) {
  store.openGame(view);
  if (tableInfo.has(view.id)) store.setTourTable(tableInfo.get(view.id));
  connectWs();
  if (view.you && view.status === "active" && view.options && view.options.timer) askAway(view.id);
}

/* A timed table opened afresh (a reload): is the computer standing in for this seat? */
async function askAway(id) {
  try {
    const data = await api("GET", "/games/" + id + "/back/");
    store.awayOnOpen(id, data && data.away);
    redraw();
  } catch (e) { /* the next stand-in move says so anyway */ }
}

/* Whether a game is a tournament's table (GET /tournaments/tables/{id}/, 404: an ordinary
 * game), asked once per game; such a table shows its tournament and round, a move clock,
 * and offers no new game. */
const tableInfo = new Map();
async function lookUpTable(id) {
  if (!tableInfo.has(id)) {
    try {
      tableInfo.set(id, Object.assign({ game: id }, await api("GET", "/tournaments/tables/" + id + "/")));
    } catch (e) {
      if (e.network) return;
      tableInfo.set(id, null);
    }
  }
  if (S.gameId === id) {
    store.setTourTable(tableInfo.get(id));
    redraw();
  }
}

function watchGame(view) {
  const own = load("game", null);
  setGame(view);
  store.rememberOwnGame(own);
}

/* A game just dealt replays from the deal, so a computer's first lead is seen being played. */
function replayFromDeal(view, events) {
  const start = events && modelAtDeal(view, events);
  if (start) {
    store.rewindTo(start);
    enqueue(events);
  }
}

async function eventsFromStart(id) {
  try {
    return (await api("GET", "/games/" + id + "/events/?after=0")).events || [];
  } catch (e) {
    return null; // the view alone will do
  }
}

export async function newGame(withFriends) {
  if (S.creating) return;
  store.setCreating(true);
  const st = S.settings;
  // With friends every other seat stays open for whoever follows the invitation link.
  const body = {
    rules: { variant: st.transfer ? "perevodnoy" : "podkidnoy", players: st.opponents + 1, deck: 36 },
    opponents: withFriends ? [] : Array.from({ length: st.opponents }, () => ({ ai: st.level })),
    client_seed: clientSeed(),
  };
  leaveLink();
  store.setPendingSettings(false);
  renderSettings();
  store.setMessage(null);
  store.clearChoice();
  try {
    await ensureGuest();
    const view = await api("POST", "/games/", body);
    const events = await eventsFromStart(view.id);
    setGame(view);
    store.clearLog();
    replayFromDeal(view, events);
  } catch (e) {
    store.setMessage({ text: errorText(e) });
  } finally {
    store.setCreating(false);
  }
  redraw();
  pump();
}

async function openLinked(id) {
  const table = lookUpTable(id);
  let view = await api("GET", "/games/" + id + "/");
  await table;
  if (!view.you && view.status === "waiting") {
    try {
      view = await api("POST", "/games/" + id + "/join/", { client_seed: clientSeed() });
    } catch (e) {
      if (e.network) throw e;
      view = await api("GET", "/games/" + id + "/");
      store.setMessage({ text: t("err.noSeat") });
    }
  }
  if (view.you) leaveLink(); // a player's page resumes its own game from now on
  await showGame(view);
}

/* Show a game from its start when it is just being dealt, else as it stands. */
async function showGame(view) {
  let events = null;
  // A spectator gets the events so far too: its log shows the moves before it came.
  if (view.status !== "waiting" && (view.seq < 40 || !view.you)) events = await eventsFromStart(view.id);
  if (view.you) setGame(view);
  else {
    watchGame(view);
    if (events) store.logHistory(events);
  }
  replayFromDeal(view, events);
  redraw();
  pump();
}

/* The last seat was taken: the deal has happened, so start the model from the view. */
export async function adoptDeal() {
  if (S.adopting) return;
  store.setAdopting(true);
  const gid = S.gameId;
  try {
    const view = await api("GET", "/games/" + gid + "/");
    if (gid === S.gameId && view.status !== "waiting") await showGame(view);
  } catch (e) { /* the next poll tries again */ } finally {
    store.setAdopting(false);
  }
}

/* The creator seats computers in the chairs nobody took. */
export async function fillSeats() {
  try {
    const view = await api("POST", "/games/" + S.gameId + "/fill/", { ai: S.settings.level });
    await showGame(view);
  } catch (e) {
    store.setMessage({ text: errorText(e) });
    redraw();
  }
}

function offline() {
  store.setMessage({ text: t("err.network"), network: true });
  redraw();
  setTimeout(resumeGame, 2000);
}

/* On load: the shared link's game, else the page's own, else a new one. */
export async function resumeGame() {
  try {
    await ensureGuest();
  } catch (e) {
    offline();
    return;
  }
  const linked = linkedGame();
  if (linked !== null) {
    try {
      await openLinked(linked);
      return;
    } catch (e) {
      if (e.network) {
        offline();
        return;
      }
      leaveLink(); // no such game: carry on with our own
    }
  }
  if (S.gameId) {
    try {
      const table = lookUpTable(S.gameId);
      const view = await api("GET", "/games/" + S.gameId + "/");
      await table;
      // A tournament table offers no new game; once it is over the page is the person's own again.
      if (view.you && !(view.status === "finished" && tableInfo.get(view.id))) {
        setGame(view);
        redraw();
        pump();
        return;
      }
    } catch (e) {
      if (e.network) {
        offline();
        return;
      }
    }
    store.forgetGame();
  }
  await newGame();
}
