/* The fair deal checked in the browser (the contract, "A fair deal you can check"), with
 * Web Crypto: sha256(server_seed) is the commitment the game showed from its creation,
 * and the contract's HMAC-SHA256 shuffle of the canonical deck, keyed by the server seed
 * over the client seeds, gives exactly the deck of game_started, which is the deck the
 * events dealt and drew. Pure but for crypto.subtle (node has it too: tests/js).
 */

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SPAN = 2n ** 64n;
const HAND_SIZE = 6;
const enc = new TextEncoder();

const subtle = () => globalThis.crypto.subtle;
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

export async function sha256hex(text) {
  return hex(await subtle().digest("SHA-256", enc.encode(text)));
}

/* "ranks from low to high, and within a rank the suits S, C, D, H". */
export function canonicalDeck(size) {
  const ranks = RANKS.slice(RANKS.length - size / 4);
  return ranks.flatMap((r) => ["S", "C", "D", "H"].map((s) => r + s));
}

/* The unsigned 64-bit numbers the shuffle draws, block by block, as BigInts. */
async function drawer(serverSeed, clientSeeds) {
  const key = await subtle().importKey("raw", enc.encode(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const msg = clientSeeds.filter((s) => s !== null && s !== undefined).join(":");
  let counter = 0;
  let queue = [];
  return async function next() {
    if (!queue.length) {
      const block = new DataView(await subtle().sign("HMAC", key, enc.encode(msg + ":" + counter)));
      counter += 1;
      queue = [0, 8, 16, 24].map((o) => block.getBigUint64(o, false));
    }
    return queue.shift();
  };
}

function needsRedeal(deck, players) {
  for (let s = 0; s < players; s++) {
    const counts = {};
    for (let k = s; k < players * HAND_SIZE && k < deck.length; k += players) {
      const suit = deck[k].slice(-1);
      counts[suit] = (counts[suit] || 0) + 1;
      if (counts[suit] >= 5) return true;
    }
  }
  return false;
}

/* The deck of a game with these rules and seeds: deck[0] dealt first, deck[-1] the trump. */
export async function fairDeck(rules, serverSeed, clientSeeds) {
  const deck = canonicalDeck(rules.deck);
  const next = await drawer(serverSeed, clientSeeds);
  for (;;) {
    for (let i = deck.length - 1; i > 0; i--) {
      const m = BigInt(i + 1);
      const bound = SPAN - (SPAN % m);
      let number = await next();
      while (number >= bound) number = await next();
      const j = Number(number % m);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    // «Пересдача»: the platform's extension, shuffled again drawing on (docs/fairness.md).
    if (!rules.redeal_five_of_suit || !needsRedeal(deck, rules.players)) return deck;
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/* The cards as the events dealt and drew them, in the order they left the deck. */
function cardsTaken(events) {
  const dealt = events.find((e) => e.type === "cards_dealt");
  const n = dealt.hands.length;
  const order = [];
  const most = Math.max(...dealt.hands.map((h) => h.length));
  for (let k = 0; k < most; k++) for (let s = 0; s < n; s++) if (dealt.hands[s][k] !== undefined) order.push(dealt.hands[s][k]);
  for (const e of events) if (e.type === "cards_drawn") order.push(...(e.cards || []));
  return { order, trump: dealt.trump };
}

/* The verdict on a replay: {verdict: "proved" | "failed" | "legacy", reason}. */
export async function checkDeal(replay) {
  const events = (replay.events || []).slice().sort((a, b) => a.seq - b.seq);
  const started = events.find((e) => e.type === "game_started");
  const fair = replay.fairness || {};
  if (!started) return { verdict: "failed", reason: "no_start" };
  if (!started.fairness && !fair.commitment) return { verdict: "legacy", reason: "no_commitment" };
  if (!started.fairness || !fair.server_seed) return { verdict: "failed", reason: "no_seed" };
  if (started.fairness.commitment !== fair.commitment || !same(started.fairness.client_seeds, fair.client_seeds)) {
    return { verdict: "failed", reason: "mismatch" };
  }
  if ((await sha256hex(fair.server_seed)) !== fair.commitment) return { verdict: "failed", reason: "commitment" };
  const deck = await fairDeck(started.rules, fair.server_seed, fair.client_seeds);
  if (!same(deck, started.deck)) return { verdict: "failed", reason: "deck" };
  const taken = cardsTaken(events);
  if (!same(taken.order, deck.slice(0, taken.order.length)) || taken.trump !== deck[deck.length - 1]) {
    return { verdict: "failed", reason: "dealt" };
  }
  return { verdict: "proved", reason: "ok" };
}
