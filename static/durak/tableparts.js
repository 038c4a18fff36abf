/* Parts of the game page drawn beside render.js: the computers' bubbles, the end of a
 * game (the cards left in hands, who left), the passing notice that the deck ran out, the
 * settings folded away during a game with the speed and sound, and where focus goes. */
import { $, esc } from "./dom.js";
import { t } from "./i18n.js";
import { gameRunning } from "./plays.js";
import { me, state as S } from "./store.js";
import { cardText, cardsText, sayText, seatName } from "./text.js";

/* A computer's bubble: each of its moves this bout (the last three), newest last. */
export function renderSaid(seat, entries, fresh) {
  const lines = (entries || []).map(sayText).filter(Boolean);
  if (!lines.length) return "";
  return '<div class="said' + (fresh ? " fresh" : "") + '">' +
    lines.map((line, i) => '<span class="said-line' + (i === lines.length - 1 ? " last" : "") + '">' + esc(line) + "</span>").join("") + "</div>";
}

/* Under the result: who left the game, and the cards left in hands (the durak's), which
 * the view shows once the game is finished and never before. */
export function resultExtra() {
  const m = S.model;
  const r = m.result;
  const mine = me();
  let html = "";
  for (const seat of r.forfeits || []) {
    if (seat !== mine) html += '<span class="left">' + esc(t("result.leftOther", { name: seatName(seat) })) + "</span>";
  }
  (S.endHands || []).forEach((hand, seat) => {
    if (!hand || !hand.length) return;
    const key = seat === mine ? "result.cards.you" : "result.cards";
    html += '<span class="left-cards" data-seat="' + seat + '">' + esc(t(key, { name: seatName(seat), cards: cardsText(hand) })) + "</span>";
  });
  return html;
}

/* The settings during a game: folded on a phone (a «Настройки» button opens them), the
 * speed and the sound as chosen; and the notice that the deck ran out, for a few seconds. */
export function renderPanel() {
  const form = $("#settings");
  if (form) {
    const running = gameRunning() && !!(S.model && S.model.you);
    form.classList.toggle("running", running);
    form.classList.toggle("folded", running && !S.settingsOpen);
    const toggle = $("#btn-settings");
    if (toggle) toggle.setAttribute("aria-expanded", String(!running || S.settingsOpen));
    const pace = /** @type {HTMLSelectElement | null} */ ($("#pace"));
    if (pace && pace.value !== S.pace) pace.value = S.pace;
    const snd = /** @type {HTMLInputElement | null} */ ($("#sound"));
    if (snd) snd.checked = S.sound;
  }
  document.body.dataset.pace = S.pace;
  const box = $("#notice");
  if (!box) return;
  // The notice passes; at the end of the game the result says what matters.
  const n = S.notice && S.notice.until > Date.now() && !(S.model && S.model.result) ? S.notice : null;
  box.hidden = !n;
  if (!n) return;
  const e = n.entry.e;
  const text = t(e.seat === me() ? "notice.deckOut.you" : "notice.deckOut", { card: cardText(n.entry.deckOut), name: seatName(e.seat) });
  if (box.textContent !== text) box.textContent = text;
}

/* Focus where a keyboard user needs it: «Новая игра» when a game has just ended, and the
 * hand (its first playable card is the next Tab) when focus was nowhere. */
let endedGame = null;
export function focusAfterRender() {
  const m = S.model;
  if (!m) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || !document.contains(active);
  if (m.result && endedGame !== S.gameId) {
    endedGame = S.gameId;
    const next = $('#result [data-act="new"]') || $("#result a.btn");
    const dialogOpen = $("#confirm") && /** @type {HTMLDialogElement} */ ($("#confirm")).open;
    if (next && !dialogOpen) next.focus({ preventScroll: true });
    return;
  }
  if (!m.result && lost && m.you && $("#hand .playable")) $("#hand").focus({ preventScroll: true });
}
