/* Drawing the game page from the state: opponents, deck, table, hand, buttons, status,
 * result, invitation and log. Reads the state only; never changes it. */
import { SUITS } from "./cards.js";
import { backHTML, cardHTML as drawCard } from "./cardview.js";
import { clockHTML, renderTimeout } from "./clockview.js";
import { $, esc } from "./dom.js";
import { applyStatic, currentLang, t } from "./i18n.js";
import { inviteLink } from "./links.js";
import { playerLink } from "./playerlink.js";
import { autoPassing, cardPlayable, interactive, legal, multiLead, transferSingles } from "./plays.js";
import { clientSeed } from "./seed.js";
import { me, state as S } from "./store.js";
import { actionText, cardAria, cardText, cardsText, countCards, isComputerLevel, logText, passLabel, seatName } from "./text.js";
import { focusAfterRender, renderPanel, renderSaid, resultExtra } from "./tableparts.js";

/* A face-up card of this deal (its trumps marked): cardview.js's one drawing. */
const cardHTML = (card, opts = {}) => drawCard(card, { ...opts, trumpSuit: S.model && S.model.trump_suit });

function roleOf(seat) {
  const m = S.model;
  const s = m.seats[seat];
  if (m.result && m.result.losers && m.result.losers.includes(seat)) return "durak";
  if (s.out) return "out";
  if (seat === m.defender) return m.taking ? "taking" : "defender";
  if (seat === m.attacker) return "attacker";
  return null;
}

function renderOpponents() {
  const m = S.model;
  const mine = me();
  const n = m.seats.length;
  const seats = [];
  // A player sees the others round the table from their left; a watcher sees everyone.
  if (mine === null) seats.push(...m.seats);
  else for (let i = 1; i < n; i++) seats.push(m.seats[(mine + i) % n]);
  const acting = new Set(S.busy ? (S.actor !== null ? [S.actor] : []) : (S.view && S.view.seq === m.seq ? S.view.to_act || [] : []));
  return seats.map((s) => {
    const role = roleOf(s.seat);
    const shown = Math.min(s.hand_count, 8);
    let backs = "";
    for (let i = 0; i < shown; i++) backs += backHTML();
    const acted = S.anim && S.anim.seat === s.seat ? " acted" : "";
    const think = acting.has(s.seat) && !m.result ? '<span class="think">' + esc(t("role.thinking")) + "</span>" : "";
    const bubble = renderSaid(s.seat, S.said[s.seat], S.anim && S.anim.seat === s.seat);
    // Once the game is over the cards left in a hand are turned face up.
    const left = m.result && S.endHands ? S.endHands[s.seat] || [] : [];
    if (left.length) backs = left.slice(0, 12).map((c) => cardHTML(c, { cls: "mini" })).join("");
    const known = s.known && s.known.length ? '<div class="known">' + esc(t("known", { cards: cardsText(s.known) })) + "</div>" : "";
    return '<li class="opp' + (acting.has(s.seat) ? " active" : "") + (s.out ? " out" : "") + acted + '" data-seat="' + s.seat + '">' +
      '<div class="opp-head"><span class="name">' + (s.kind === "human" ? playerLink(s.player, seatName(s.seat), "", true) : esc(seatName(s.seat))) + "</span>" +
      (s.kind === "ai" && s.ai && isComputerLevel(s.ai) ? '<span class="lvl">' + esc(t("level." + s.ai).toLowerCase()) + "</span>" : "") +
      (role ? '<span class="role role-' + role + '">' + esc(t("role." + role)) + "</span>" : "") + think + clockHTML(s.seat) + "</div>" +
      '<div class="backs' + (left.length ? " faces" : "") + '"' + (left.length ? "" : ' aria-hidden="true"') + ">" + backs + "</div>" +
      '<div class="count" data-count="' + s.hand_count + '">' + esc(countCards(s.hand_count)) + "</div>" + known + bubble + "</li>";
  }).join("");
}

function renderTable() {
  const m = S.model;
  const newCards = new Set(S.anim && S.anim.cards ? S.anim.cards : []);
  const targets = S.mode && S.mode.kind === "target" ? S.mode.targets : [];
  const hint = S.hint && S.hint.type === "defend" ? S.hint.target : -1;
  if (!m.table.length) return '<p class="table-empty">' + esc(t("tableEmpty")) + "</p>";
  return m.table.map((pair, i) => {
    const isTarget = targets.includes(i);
    const enter = (c) => (newCards.has(c) ? " enter" : "");
    const atk = isTarget
      ? cardHTML(pair.attack, { button: true, cls: "target" + (hint === i ? " hinted" : ""), attrs: ' data-target="' + i + '"', label: t("aria.targetOn", { card: cardAria(pair.attack) }) })
      : cardHTML(pair.attack, { cls: enter(pair.attack) + (hint === i ? " hinted" : "") });
    const def = pair.defense ? cardHTML(pair.defense, { cls: "defense" + enter(pair.defense) }) : "";
    return '<div class="pair' + (pair.defense ? " beaten" : "") + '" data-index="' + i + '">' + atk + def + "</div>";
  }).join("");
}

function renderHand() {
  const m = S.model;
  if (!m.you) return "";
  const live = interactive();
  const hinted = new Set(S.hint ? (S.hint.cards || (S.hint.card ? [S.hint.card] : [])) : []);
  const chosen = S.mode && S.mode.kind === "select" ? S.mode.cards : [];
  const newCards = new Set(S.anim && S.anim.hand ? S.anim.hand : []);
  return m.you.hand.map((c) => {
    const ok = live && cardPlayable(c);
    let cls = ok ? "playable" : "dim";
    if (S.mode && S.mode.kind === "target" && S.mode.card === c) cls += " selected";
    if (chosen.includes(c)) cls += " selected";
    if (hinted.has(c)) cls += " hinted";
    if (newCards.has(c)) cls += " enter";
    // A dimmed card is no tab stop: Tab goes from one playable card to the next.
    return cardHTML(c, { button: true, cls, attrs: ok ? "" : ' aria-disabled="true" tabindex="-1"' });
  }).join("");
}

function statusText() {
  const m = S.model;
  const v = S.view;
  if (!m) return t("status.loading");
  if (m.result) return t("status.finished");
  if (m.status === "waiting") return t("status.waitingPlayers");
  if (!m.you) return t("status.watching");
  if (S.busy && S.actor !== null && S.actor !== me()) return waitingText([S.actor]);
  if (!interactive()) {
    const others = (v && v.to_act || []).filter((s) => s !== me());
    if (others.length && !S.sending) return waitingText(others);
    if (m.you && m.seats[me()] && m.seats[me()].out) return t(outKey());
    return "…";
  }
  if (S.mode && S.mode.kind === "target") return t("status.chooseTarget", { card: cardText(S.mode.card) });
  if (S.mode && S.mode.kind === "transfer") return t("status.chooseTransfer");
  if (S.mode && S.mode.kind === "select") return t("status.chooseLead");
  if (autoPassing()) return t("status.autoPass", { pass: passLabel() });
  const acts = legal();
  if (!acts.length) {
    if (m.seats[me()] && m.seats[me()].out) return t(outKey());
    const others = (v.to_act || []).filter((s) => s !== me());
    if (m.taking && m.defender === me()) return t("status.youTaking");
    return others.length ? waitingText(others) : "…";
  }
  if (!m.table.length) return multiLead() ? t("status.chooseLead") : t("status.yourLead");
  if (m.defender === me()) return t(transferSingles().length ? "status.youDefendTransfer" : "status.youDefend");
  return t("status.youThrow", { pass: passLabel() });
}

/* Who is to move and in what role: «Ходит», «Отбивается», «Берёт», «Подкидывает». */
function waitingText(seats) {
  const m = S.model;
  const first = seats[0];
  let key = "status.wait.lead";
  if (first === m.defender) key = m.taking ? "status.wait.take" : "status.wait.defend";
  else if (m.table.length) key = m.taking ? "status.wait.throwTake" : "status.wait.throw";
  return t(key, { name: seats.map(seatName).join(", ") });
}

function resultHTML() {
  const r = S.model.result;
  if (!r) return "";
  let head;
  const mine = me();
  if (r.draw) head = t("result.draw");
  else if (mine === null) head = t("status.finished");
  else if (r.losers && r.losers.includes(mine)) head = t("result.lose");
  else head = t("result.win");
  let detail = "";
  if (!r.draw && r.durak !== null && r.durak !== undefined && r.durak !== mine) detail = t("result.durak", { name: seatName(r.durak) });
  const places = (r.places || []).map(seatName).join(", ");
  if (mine !== null && (r.forfeits || []).includes(mine)) head = t("result.left");
  return '<div class="result ' + (r.losers && r.losers.includes(mine) ? "lose" : r.draw ? "draw" : "win") + '" role="alert">' +
    "<strong>" + esc(head) + "</strong>" + (detail ? "<span>" + esc(detail) + "</span>" : "") + resultExtra() +
    (places ? '<span class="places">' + esc(t("result.places", { list: places })) + "</span>" : "") +
    (S.tourTable
      ? '<a class="btn primary" href="/tournaments/' + S.tourTable.tournament + '/">' + esc(t("tt.back")) + "</a>"
      : '<button type="button" class="btn primary" data-act="new">' + esc(t("newGame")) + "</button>") +
    (S.gameId ? '<a class="btn replay-link" href="/games/' + S.gameId + '/replay/">' + esc(t("result.replay")) + "</a>" : "") + "</div>";
}

const outKey = () => (S.tourTable ? "status.out.tour" : "status.out");

/* ---------- a tournament table: its tournament and round ---------- */

let tourBarKey = null;
function renderTourBar() {
  const bar = $("#tour-bar");
  if (!bar) return;
  const tt = S.tourTable;
  const key = tt ? [tt.game, tt.round, tt.final, currentLang()].join("/") : null;
  if (key === tourBarKey) return;
  tourBarKey = key;
  bar.hidden = !tt;
  $("#settings").hidden = !!tt;
  if (!tt) { bar.innerHTML = ""; return; }
  bar.innerHTML = '<a class="tt-name" href="/tournaments/' + tt.tournament + '/"><span class="tt-cup" aria-hidden="true">★ </span>' +
    esc(t("tt.tournament", { name: tt.name })) + "</a>" +
    '<span class="tt-round' + (tt.final ? " final" : "") + '">' + esc(tt.final ? t("tt.final") : t("tt.round", { n: tt.round })) + "</span>";
}

function renderInvite() {
  const box = $("#invite");
  if (!box) return;
  const m = S.model;
  const waiting = Boolean(m && m.status === "waiting" && S.gameId);
  box.hidden = !waiting;
  if (!waiting) return;
  const link = /** @type {HTMLInputElement} */ ($("#invite-link"));
  if (link.value !== inviteLink(S.gameId)) link.value = inviteLink(S.gameId);
  // Only the creator (seat 0) may seat computers in the empty chairs.
  $('[data-act="fill"]', box).hidden = !(m.you && m.you.seat === 0);
}

function indexInHand(el) {
  return Array.prototype.indexOf.call(el.parentNode.children, el);
}

function restoreFocus(key) {
  let el = null;
  if (key[0] === "hand") {
    el = $('#hand [data-card="' + key[1] + '"]');
    if (!el) {
      const cards = $("#hand").children;
      el = /** @type {HTMLElement | null} */ (cards[Math.min(key[2], cards.length - 1)] || null);
    }
  } else if (key[0] === "target") el = $('#table [data-target="' + key[1] + '"]');
  else el = $('#game [data-act="' + key[1] + '"]:not([hidden])');
  if (!el) el = $("#hand .playable") || $("#hand .card");
  if (el) el.focus({ preventScroll: true });
}

/* Strings that do not depend on the game: labels, settings, the seed's sections. */
let renderedLang = null;
export function renderStatic() {
  if (renderedLang === currentLang()) return;
  renderedLang = currentLang();
  applyStatic("title");
}

export function renderSettings() {
  const st = S.settings;
  /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="opponents"]')).forEach((r) => { r.checked = Number(r.value) === st.opponents; });
  /** @type {HTMLSelectElement} */ ($("#level")).value = st.level;
  /** @type {HTMLInputElement} */ ($("#transfer")).checked = !!st.transfer;
  $("#pending").hidden = !S.pendingSettings;
}

export function render() {
  const game = $("#game");
  if (!game) return;
  renderStatic();
  renderTourBar();
  renderInvite();
  const m = S.model;
  if (!m) {
    $("#status").textContent = S.message ? S.message.text : t("status.loading");
    return;
  }
  // Keep keyboard focus on the same card or button across re-renders.
  const focused = /** @type {HTMLElement | null} */ (document.activeElement);
  let focusKey = null;
  if (focused && game.contains(focused)) {
    if (focused.dataset.card && focused.closest("#hand")) focusKey = ["hand", focused.dataset.card, indexInHand(focused)];
    else if (focused.dataset.target) focusKey = ["target", focused.dataset.target];
    else if (focused.dataset.act) focusKey = ["act", focused.dataset.act];
  }

  game.classList.toggle("finished", !!m.result);
  game.classList.toggle("live", interactive());
  game.dataset.seq = m.seq;
  game.dataset.serverSeq = S.view ? S.view.seq : "";
  game.dataset.ready = interactive() ? "1" : "0";
  game.dataset.turn = legal().length ? "1" : "0";
  game.dataset.players = m.seats.length;

  $("#opponents").innerHTML = renderOpponents();

  // Deck with the trump under it, and the discard pile.
  const deck = $("#deck");
  const trumpCard = m.trump ? cardHTML(m.trump, { cls: "trump-card" }) : "";
  deck.innerHTML = (m.deck_count > 0 ? trumpCard + (m.deck_count > 1 ? backHTML("deck-top") : "") : "") +
    '<div class="trump-suit' + ("DH".includes(m.trump_suit) ? " red" : "") + '" title="' + esc(t("trump")) + '">' + esc(t("trump")) + ": " + (SUITS[m.trump_suit] || "—") + "</div>" +
    '<div class="deck-count" data-count="' + m.deck_count + '">' + esc(m.deck_count > 0 ? t("deckLeft", { n: m.deck_count }) : t("deckEmpty")) + "</div>";
  const discard = $("#discard");
  let pile = "";
  for (let i = 0; i < Math.min(4, Math.ceil(m.discard_count / 6)); i++) pile += backHTML("pile p" + i);
  discard.innerHTML = '<div class="pile-wrap">' + pile + "</div>" +
    '<div class="discard-count" data-count="' + m.discard_count + '">' + esc(t("discardCount", { n: m.discard_count })) + "</div>";

  const table = $("#table");
  table.innerHTML = renderTable();
  table.style.setProperty("--pairs", String(table.querySelectorAll(".pair").length));
  table.className = "table" + (S.anim && S.anim.sweep ? " sweep-" + S.anim.sweep : "") + (S.mode && S.mode.kind === "target" ? " choosing" : "");

  // Buttons: only what is legal now.
  const acts = legal();
  const has = (type) => acts.some((a) => a.type === type);
  const transferBtn = $("#btn-transfer");
  transferBtn.hidden = !transferSingles().length;
  transferBtn.classList.toggle("on", !!(S.mode && S.mode.kind === "transfer"));
  transferBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "transfer"));
  const passBtn = $("#btn-pass");
  passBtn.hidden = !has("pass");
  passBtn.textContent = passLabel();
  passBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "pass"));
  const takeBtn = $("#btn-take");
  takeBtn.hidden = !has("take");
  takeBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "take"));
  $("#btn-lead").hidden = !(S.mode && S.mode.kind === "select");
  $("#btn-cancel").hidden = !S.mode;
  $("#btn-hint").hidden = !acts.length || S.hintsOff === S.gameId;

  const mine = me();
  if (mine !== null && m.seats[mine]) {
    const role = roleOf(mine);
    $("#me").innerHTML = '<span class="name">' + esc(t("hand")) + "</span>" +
      (role ? '<span class="role role-' + role + '">' + esc(t("me." + role)) + "</span>" : "") + clockHTML(mine);
  }
  $("#hand").innerHTML = renderHand();
  // The phone's hand is one row however many cards it holds: the overlap grows with the count.
  $("#hand").style.setProperty("--n", String(m.you ? m.you.hand.length : 0));
  $("#hand").setAttribute("aria-label", t("hand") + ": " + countCards(m.you ? m.you.hand.length : 0));
  $("#result").innerHTML = resultHTML();
  $("#result").hidden = !m.result;

  $("#status").textContent = statusText();
  const msg = S.message ? S.message.text : S.hint ? t("hint", { text: actionText(S.hint) }) : "";
  $("#message").textContent = msg;
  $("#message").hidden = !msg;

  const seedBox = $("#deal-seed");
  if (seedBox) seedBox.textContent = t("fair.seed", { seed: clientSeed() });

  const log = $("#log");
  const html = S.log.slice().reverse().map((entry, i) =>
    "<li" + (i === 0 && S.busy ? ' class="fresh"' : "") + ">" + esc(logText(entry)) + "</li>").join("");
  if (log.dataset.html !== html) { log.innerHTML = html; log.dataset.html = html; }

  renderTimeout();
  renderPanel();
  if (focusKey) restoreFocus(focusKey);
  focusAfterRender();
}
