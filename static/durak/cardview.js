/* The one drawing of a card, face up or face down, for the game page and the replay alike:
 * rank in both corners, the suit in the middle, red suits red, trumps marked, and its name
 * read aloud in the page's language. */
import { isRed, rankOf, SUITS, suitOf } from "./cards.js";
import { esc } from "./dom.js";
import { cardAria, rankLabel } from "./text.js";

/**
 * @typedef {object} CardOptions
 * @property {string | null} [trumpSuit]  the deal's trump suit: such a card is marked
 * @property {string} [cls]      more classes ("mini", "defense", "trump-card", ...)
 * @property {boolean} [button]  a button to press (a card in the hand, a target to beat)
 * @property {string} [attrs]    more attributes, already escaped (' data-target="1"')
 * @property {string} [label]    the button's spoken name, when it is not the card's own
 */

/**
 * A face-up card as HTML.
 * @param {string} card  "<rank><suit>" as the contract spells it (6S, 10H, QD)
 * @param {CardOptions} [opts]
 * @returns {string}
 */
export function cardHTML(card, opts = {}) {
  const red = isRed(card) ? " red" : "";
  const trump = opts.trumpSuit && suitOf(card) === opts.trumpSuit ? " trumpcard" : "";
  const cls = "card" + red + trump + (opts.cls ? " " + opts.cls : "");
  const rank = esc(rankLabel(rankOf(card)));
  const inner = '<span class="r">' + rank + '</span><span class="s" aria-hidden="true">' +
    SUITS[suitOf(card)] + '</span><span class="r2" aria-hidden="true">' + rank + "</span>";
  const attrs = ' data-card="' + esc(card) + '"' + (opts.attrs || "");
  if (opts.button) {
    return '<button type="button" class="' + cls + '"' + attrs + ' aria-label="' + esc(opts.label || cardAria(card)) + '">' + inner + "</button>";
  }
  return '<div class="' + cls + '"' + attrs + ' role="img" aria-label="' + esc(cardAria(card)) + '">' + inner + "</div>";
}

/**
 * A face-down card as HTML (nothing on it to read: hidden from the screen reader too).
 * @param {string} [cls]
 * @returns {string}
 */
export const backHTML = (cls) => '<div class="card back' + (cls ? " " + cls : "") + '" aria-hidden="true"></div>';
