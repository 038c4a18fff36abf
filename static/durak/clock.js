/* A tournament table's move clock as the page shows it: counting down from the table's
 * timer since the position last changed, or sooner from the seat's time bank. An
 * approximation: the server's clock decides. */

export function secondsLeft(timer, since, now) {
  if (!timer || !since) return null;
  return Math.max(0, Math.ceil(timer - (now - since) / 1000));
}

/* What is left of a seat's time bank: the view's "banks" (whole seconds at the view's
 * server_time) counted down since that view arrived (`viewAt`, ms); null: no bank. */
export function bankLeft(banks, seat, viewAt, now) {
  const entry = (banks || []).find((b) => b.seat === seat);
  if (!entry || !viewAt) return null;
  return Math.max(0, Math.ceil(entry.seconds - (now - viewAt) / 1000));
}

/* A seat's move clock: the timer's countdown, or sooner the end of its time bank. */
export function seatSecondsLeft(timerLeft, bank) {
  if (timerLeft === null || timerLeft === undefined) return bank;
  return bank === null || bank === undefined ? timerLeft : Math.min(timerLeft, bank);
}

export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.floor(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}
