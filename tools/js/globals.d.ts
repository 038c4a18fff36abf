// What the pages add to `window` (hooks the browser tests read: tests/e2e) and what older
// browsers name differently; the type check (tsconfig.json) knows them from here.
interface Window {
  /** account.js: the account corner's state. */
  durakAccount?: unknown;
  /** app.js: the game page's state, its redraw and the sounds played (tests/e2e). */
  durakPage?: unknown;
  /** tournament.js: the tournament page's answer, its layout and a refresh. */
  durakTournament?: unknown;
  /** viewer.js: the replay's state. */
  durakReplay?: unknown;
  /** Safari before 14.1 names the Web Audio context so (sound.js). */
  webkitAudioContext?: typeof AudioContext;
}
