/* «Дурак онлайн»: the game page's entry module; it wires the others together.
 * No build step: native ES modules, one job each.
 *   api.js      the REST client every page shares: fetch, the guest token, ApiError
 *   prefs.js    what the browser remembers (localStorage "durak.*")
 *   cards.js    card spelling and the order of a hand
 *   fold.js     pure: the server's events applied to a display model (node tests it)
 *   store.js    the page's state, declared once, changed by named functions only
 *   i18n.js     every page's one i18n module: the one lookup t over the catalogs
 *               (*-strings.js), the language, the switch, refusals by error code, dates
 *               and numbers; text.js adds the game's own words (cards, seats, the log)
 *   plays.js    what may be played now, from the view's legal actions
 *   render.js   drawing the page from the state; cardview.js draws a card (the replay too)
 *   pump.js     the event pump: queued events shown one by one, then the view adopted
 *   socket.js   the live socket (optional: polling covers everything)
 *   games.js    which game is shown: new, resumed, or opened from a link
 *   moves.js    actions and hints sent to the server, and the pass sent for the person
 *   autopass.js pure: when and after what pause a pass is all the person may do
 *   input.js    clicks and keys
 *   clock.js    the move clock's arithmetic (pure); clockview.js draws it and the timeout notice
 *   tableparts.js  bubbles, the end of a game, the folded settings, where focus goes
 *   leave.js    «Новая игра» during a game asks first, then leaves it (a loss by leaving)
 *   plural.js   a number's word form (Intl.PluralRules); sound.js optional Web Audio tones
 *   notice.js   «Ваш стол готов»: the player's tournament table, on every page of the site
 *   screen.js, links.js, dom.js: a redraw hook, the shared link, the DOM helpers
 */
import { explainNetworkFailure } from "./api.js";
import { adoptDeal, resumeGame } from "./games.js";
import { t } from "./i18n.js";
import { bind } from "./input.js";
import { autoPass } from "./moves.js";
import { linkedGame } from "./links.js";
import { startTableNotices } from "./notice.js";
import { renderClocks, tableTimer } from "./clockview.js";
import { render, renderSettings, renderStatic } from "./render.js";
import { pollTick, POLL_MS, whenAdopted, whenDealt } from "./pump.js";
import { paintWith } from "./screen.js";
import { startSpectatorCount } from "./spectators.js";
import { played as sounds } from "./sound.js";
import { clearNotice, clockTick, state } from "./store.js";

explainNetworkFailure(() => t("err.network"));
paintWith(render);
whenDealt(adoptDeal);
whenAdopted(autoPass);

function start() {
  bind();
  renderStatic();
  renderSettings();
  render();
  setInterval(pollTick, POLL_MS);
  setInterval(tickClocks, 250);
  resumeGame();
  startSpectatorCount();
  const arrivedFor = linkedGame(); // the link drops from the address once the game opens
  startTableNotices({
    current: () => [arrivedFor, linkedGame(), state.gameId],
    // At a running game of their own the person is offered a button, not moved.
    busy: () => !!(state.view && state.view.you && state.view.status === "active" && !(state.model && state.model.result) &&
      !state.queue.some((e) => e.type === "game_finished")),
  });
}

function tickClocks() {
  // A passing notice (the deck ran out) goes once its time is up.
  if (state.notice && state.notice.until <= Date.now()) { clearNotice(); render(); }
  if (!tableTimer()) return;
  clockTick(Math.max(state.lastSeq, state.view ? state.view.seq : 0), Date.now());
  renderClocks();
}

// For the browser tests and the curious: the page's state, read-only.
window.durakPage = { state, render, sounds };

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
