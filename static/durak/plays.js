/* What the person may play right now, read from the latest view's legal actions: the page
 * offers exactly these, so a click can never be refused as illegal. */
import { onlyPass } from "./autopass.js";
import { rankOf } from "./cards.js";
import { state } from "./store.js";

/* The page takes input only once every event is shown and nothing is on its way. */
export function interactive() {
  const S = state;
  return !!(S.view && S.model && !S.busy && !S.sending && !S.queue.length &&
    S.view.seq === S.model.seq && S.view.status === "active");
}

export function legal() {
  if (!interactive()) return [];
  // A pass that is the only move is the page's to send (autopass.js): nothing to click.
  return onlyPass(state.view) ? [] : state.view.legal_actions || [];
}

/* Nothing to throw in: the page is about to pass for the person. */
export const autoPassing = () => interactive() && onlyPass(state.view);

export function gameRunning() {
  return !!(state.view && state.view.status !== "finished" && !(state.model && state.model.result));
}

/* The plays a card takes part in, by kind. */
export function playsFor(card) {
  const out = { attack: [], defend: [], transfer: [] };
  for (const a of legal()) {
    if (a.type === "attack" && a.cards.includes(card)) out.attack.push(a);
    else if (a.type === "defend" && a.card === card) out.defend.push(a);
    else if (a.type === "transfer" && !a.shown && a.cards.includes(card)) out.transfer.push(a);
  }
  return out;
}

export const multiLead = () => legal().some((a) => a.type === "attack" && a.cards.length > 1);
export const transferSingles = () => legal().filter((a) => a.type === "transfer" && !a.shown && a.cards.length === 1);

export function cardPlayable(card) {
  const mode = state.mode;
  const p = playsFor(card);
  if (mode && mode.kind === "transfer") return p.transfer.some((a) => a.cards.length === 1);
  if (mode && mode.kind === "select") {
    const chosen = mode.cards;
    return p.attack.some((a) => chosen.every((c) => a.cards.includes(c)) || a.cards.length === 1 && !chosen.length) || chosen.includes(card) ||
      (chosen.length > 0 && rankOf(chosen[0]) === rankOf(card) && p.attack.length > 0);
  }
  return p.attack.length > 0 || p.defend.length > 0 || p.transfer.some((a) => a.cards.length === 1);
}
