/* A tournament table's move clock as the page shows it: counting down from the table's
 * timer since the position last changed. An approximation: the server's clock decides. */

export function secondsLeft(timer, since, now) {
  if (!timer || !since) return null;
  return Math.max(0, Math.ceil(timer - (now - since) / 1000));
}

export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.floor(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}
