/* «Новая игра» during a running game asks first (an in-page dialog, RU/EN): a misclick
 * must not lose a game. Confirmed, the running game is left on the server
 * (POST /games/{id}/leave/: a loss by leaving, not a game left looking live), then the
 * new one starts. */
import { $, closestTo } from "./dom.js";
import { newGame } from "./games.js";
import { t } from "./i18n.js";
import { leaveGame } from "./moves.js";
import { redraw } from "./screen.js";
import * as store from "./store.js";

const S = store.state;

/* Whether starting anew would abandon a game the person still plays in. */
export function wouldAbandon() {
  const v = S.view;
  if (!v || !v.you || v.status !== "active" || (S.model && S.model.result)) return false;
  const seat = v.seats[v.you.seat];
  return !!seat && !seat.out && !seat.given_up;
}

/* The dialog's answer: true to leave, false to stay. */
function ask() {
  const dialog = /** @type {HTMLDialogElement} */ ($("#confirm"));
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("cancel", onCancel);
      dialog.close();
      resolve(answer);
    };
    const onClick = (ev) => {
      const b = closestTo(ev, "[data-confirm]");
      if (b) done(b.dataset.confirm === "leave");
    };
    const onCancel = (ev) => { ev.preventDefault(); done(false); }; // Escape: stay
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("cancel", onCancel);
    dialog.showModal();
    const stay = $('[data-confirm="stay"]', dialog);
    if (stay) stay.focus();
  });
}

/* «Новая игра» / «Играть с друзьями». */
export async function startNew(withFriends) {
  if (S.creating) return;
  if (wouldAbandon()) {
    const opener = /** @type {HTMLElement | null} */ (document.activeElement);
    if (!(await ask())) {
      if (opener && opener.focus) opener.focus();
      return;
    }
    try {
      await leaveGame();
    } catch (e) {
      // A game that ended meanwhile (409) is fine to leave behind; anything else is said.
      if (e.status !== 409) {
        store.setMessage({ text: e.network ? t("err.network") : t("err.generic", { message: e.message }) });
        redraw();
        return;
      }
    }
  }
  await newGame(withFriends);
}
