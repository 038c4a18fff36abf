/* A person's name as a link to their page, /players/{id}/ (the contract's player page);
 * a name without an id (a computer, an open seat) stays plain text. */
import { esc } from "./dom.js";

export const playerHref = (id) => "/players/" + Number(id) + "/";

// `newTab`: from a table in play, so that following a name does not leave the game.
export function playerLink(id, name, cls, newTab) {
  if (id === null || id === undefined || id === "") return esc(name);
  return '<a class="player-link' + (cls ? " " + cls : "") + '" href="' + playerHref(id) + '" data-player="' + Number(id) + '"' +
    (newTab ? ' target="_blank" rel="noopener"' : "") + ">" + esc(name) + "</a>";
}
