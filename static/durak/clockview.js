/* The move clock on screen, at every table with a timer (a tournament's, or one made with
 * the `timer` option: the view's "timer"): a countdown by the seat whose move it is (sooner
 * when its time bank, the view's "banks", runs out first), red in its last seconds, and, once the person's own clock has run out and the computer moved
 * for them, «Время вышло — за вас ходит компьютер» with a button to take the seat back. */
import { bankLeft, clockText, seatSecondsLeft, secondsLeft } from "./clock.js";
import { $, $$, esc } from "./dom.js";
import { t } from "./i18n.js";
import { me, state as S } from "./store.js";

export const URGENT_S = 5; // the last seconds: the clock turns red

/* Seconds per move at this table, or null. */
export function tableTimer() {
  if (S.tourTable && S.tourTable.timer) return S.tourTable.timer;
  return S.view && S.view.options && S.view.options.timer ? S.view.options.timer : null;
}

/* The seats whose move the clock counts: the server's latest view, once it is on screen. */
function clockSeats() {
  const v = S.view;
  if (!tableTimer() || !v || !S.model || v.status !== "active" || S.model.result || v.seq !== S.model.seq || S.queue.length) return [];
  return v.to_act || [];
}

/* The seat's seconds: the table's timer, or sooner its time bank (the view's "banks"). */
function clockSeconds(seat) {
  const seq = Math.max(S.lastSeq, S.view ? S.view.seq : 0);
  const now = Date.now();
  const timer = secondsLeft(tableTimer(), seq === S.clockSeq ? S.clockSince : now, now);
  return seatSecondsLeft(timer, bankLeft(S.view && S.view.banks, seat, S.viewAt, now));
}

function clockTitle(seat, left) {
  return seat === me() ? t("clock.you", { s: left }) : t("tt.clock", { s: left });
}

export function clockHTML(seat) {
  if (!tableTimer()) return "";
  const on = clockSeats().includes(seat);
  const left = on ? clockSeconds(seat) : null;
  return '<span class="move-clock' + (left !== null && left <= URGENT_S ? " urgent" : "") + '" data-seat="' + seat + '" role="timer"' +
    (on ? ' title="' + esc(clockTitle(seat, left)) + '" aria-label="' + esc(clockTitle(seat, left)) + '"' : " hidden") + ">" +
    esc(clockText(left)) + "</span>";
}

/* The clocks tick between renders: only their text changes. */
export function renderClocks() {
  if (!tableTimer()) return;
  const seats = clockSeats();
  $$(".move-clock").forEach((el) => {
    const seat = Number(el.dataset.seat);
    const on = seats.includes(seat);
    el.hidden = !on;
    if (!on) return;
    const left = clockSeconds(seat);
    const text = clockText(left);
    if (el.textContent !== text) el.textContent = text;
    el.title = clockTitle(seat, left);
    el.setAttribute("aria-label", el.title);
    el.classList.toggle("urgent", left <= URGENT_S);
  });
}

/* «Время вышло — за вас ходит компьютер» and «Вернуться за стол», while the seat is away. */
export function renderTimeout() {
  const box = $("#timeout");
  if (!box) return;
  const show = !!(S.away && S.model && !S.model.result && S.view && S.view.status === "active");
  box.hidden = !show;
  if (!show) return;
  box.querySelector(".timeout-text").textContent = t("timeout.notice");
  box.querySelector("[data-act=back]").textContent = t("timeout.back");
}
