/* Cards as the contract spells them, "<rank><suit>" (6S, 10H, QD), and their order in a hand. */

export const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export const rankOf = (c) => c.slice(0, -1);
export const suitOf = (c) => c.slice(-1);
export const isRed = (c) => "DH".includes(suitOf(c));

/* A hand reads by suit, trumps last, each suit low to high: where a person looks for a card. */
export function sortHand(model) {
  if (!model.you) return;
  const trump = model.trump_suit;
  const order = "SCDH";
  const key = (c) => (suitOf(c) === trump ? 10 : order.indexOf(suitOf(c))) * 100 + RANKS.indexOf(rankOf(c));
  model.you.hand.sort((a, b) => key(a) - key(b));
}
