/* This browser's part of the fair deal (the contract, "A fair deal you can check"): one
 * client seed per browser, made once and remembered, sent when a game is created or
 * joined, and shown on the page so a player can find it in the replay. */
import { load, save } from "./prefs.js";

export function clientSeed() {
  let seed = load("clientSeed", null);
  if (typeof seed !== "string" || !/^[ -9;-~]{1,64}$/.test(seed)) {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    seed = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    save("clientSeed", seed);
  }
  return seed;
}
