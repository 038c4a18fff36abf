/* Optional sounds, off unless the person turns them on (store: "durak.sound"): short
 * tones made with the Web Audio API, no audio files. A card played is a soft tick, a
 * take a low falling pair, the end of the game three notes (rising for a win). */

let ctx = null;
export const played = { card: 0, take: 0, end: 0 }; // what was sounded: the browser tests read it

function context() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!ctx) ctx = new Ctx();
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

function tone(ac, freq, start, length, volume) {
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(freq, ac.currentTime + start);
  // A quick rise and an exponential fall: a click-free, unobtrusive blip.
  gain.gain.setValueAtTime(0.0001, ac.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(volume, ac.currentTime + start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, ac.currentTime + start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(ac.currentTime + start);
  osc.stop(ac.currentTime + start + length + 0.02);
}

const SOUNDS = {
  card: (ac) => tone(ac, 880, 0, 0.07, 0.05),
  take: (ac) => { tone(ac, 330, 0, 0.12, 0.06); tone(ac, 247, 0.1, 0.16, 0.06); },
  endWin: (ac) => { tone(ac, 523, 0, 0.14, 0.06); tone(ac, 659, 0.13, 0.14, 0.06); tone(ac, 784, 0.26, 0.24, 0.06); },
  endLose: (ac) => { tone(ac, 392, 0, 0.16, 0.06); tone(ac, 330, 0.15, 0.16, 0.06); tone(ac, 262, 0.3, 0.28, 0.06); },
};

/* Sound `kind` ("card", "take", "endWin", "endLose") when `on`. */
export function sound(kind, on) {
  if (!on || !SOUNDS[kind]) return;
  let ac;
  try { ac = context(); } catch (e) { return; }
  if (!ac) return;
  SOUNDS[kind](ac);
  played[kind.startsWith("end") ? "end" : kind] += 1;
}

/* The sound an event makes, if any. */
export function soundOf(e, mine) {
  if (e.type === "attack_played" || e.type === "card_beaten" || e.type === "attack_transferred") return "card";
  if (e.type === "bout_ended" && e.outcome === "taken") return "take";
  if (e.type === "game_finished") return e.losers && e.losers.includes(mine) ? "endLose" : "endWin";
  return null;
}
