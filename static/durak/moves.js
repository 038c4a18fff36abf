/* The person's moves and questions to the server: an action with the seq it was chosen
 * at, and the hint («Подсказка»). */
import { api } from "./api.js";
import { autoPassDelay, onlyPass } from "./autopass.js";
import { errorText, t } from "./i18n.js";
import { interactive } from "./plays.js";
import { fetchEvents, speed, sync } from "./pump.js";
import { redraw } from "./screen.js";
import * as store from "./store.js";

const S = store.state;

/* `auto`: the page's own pass (autoPass), which leaves the message shown (e.g. «Вы снова за столом»). */
export async function send(action, auto = false) {
  if (!interactive()) return;
  store.setSending(true);
  store.clearChoice();
  if (!auto) store.setMessage(null);
  redraw();
  const gid = S.gameId;
  try {
    const view = await api("POST", "/games/" + gid + "/actions/", Object.assign({}, action, { expected_seq: S.view.seq }));
    if (gid === S.gameId && view && typeof view.seq === "number") store.ownMovesUpTo(view.seq);
    if (gid === S.gameId && view && typeof view.seq === "number" && view.seq >= S.view.seq) store.offerView(view);
  } catch (e) {
    if (e.status === 409 || e.code === "stale_seq") store.setMessage({ text: t("err.stale") });
    else store.setMessage({ text: errorText(e) });
  } finally {
    store.setSending(false);
  }
  await fetchEvents();
  if (!S.busy) sync();
}

// The position an automatic pass is waiting on: "<game>:<seq>", so adopting the same view
// again (a poll, a resume) neither sends it twice nor puts it off.
let autoPassFor = null;

/* When a pass is all the person may do, send it for them after a pause that does not
 * depend on their hand (autopass.js). Called whenever the page adopts a view. */
export function autoPass() {
  if (!interactive()) return;
  // S.away, not the view's "away": the view still lists the seat after «Вернуться за стол».
  const delay = autoPassDelay(S.view, speed(), Math.random, S.away);
  if (delay === null) return;
  const key = S.gameId + ":" + S.view.seq;
  if (autoPassFor === key) return;
  autoPassFor = key;
  setTimeout(() => {
    if (S.gameId + ":" + (S.view && S.view.seq) !== key || !onlyPass(S.view) || S.away) return;
    send({ type: "pass" }, true);
  }, delay);
}

export async function askHint() {
  if (!interactive()) return;
  const seqAsked = S.view.seq;
  try {
    const data = await api("GET", "/games/" + S.gameId + "/hint/?level=experienced");
    if (!S.view || S.view.seq !== seqAsked) return;
    store.setHint(data && data.action ? data.action : { none: true });
  } catch (e) {
    store.setHint({ none: true });
    // A table without hints (a tournament's): say so once and put the button away.
    if (e.code === "hints_off") {
      store.switchHintsOff();
      store.setHint(null);
      store.setMessage({ text: t("hint.off") });
    }
  }
  redraw();
}

/* «Вернуться за стол»: the computer stops standing in for the person's seat. */
export async function comeBack() {
  const gid = S.gameId;
  try {
    await api("POST", "/games/" + gid + "/back/");
    if (gid !== S.gameId) return;
    store.backAtTable();
    store.setMessage({ text: t("timeout.backDone") });
    autoPass(); // back where a pass is all there is to do: the page sends it, as for anyone
  } catch (e) {
    store.setMessage({ text: e.network ? t("err.network") : t("err.generic", { message: e.message }) });
  }
  redraw();
}

/* Leave the running game: it is lost by leaving (POST /games/{id}/leave/). */
export async function leaveGame() {
  const gid = S.gameId;
  await api("POST", "/games/" + gid + "/leave/");
}
