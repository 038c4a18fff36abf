/* The person's clicks and keys: a card, a target on the table, the buttons, the
 * settings and the language switch, turned into choices and moves. */
import { rankOf } from "./cards.js";
import { $, $$, closestTo, targetOf } from "./dom.js";
import { fillSeats, newGame } from "./games.js";
import { t } from "./i18n.js";
import { startNew } from "./leave.js";
import { askHint, comeBack, send } from "./moves.js";
import { cardPlayable, gameRunning, interactive, legal, multiLead, playsFor, transferSingles } from "./plays.js";
import { renderSettings } from "./render.js";
import { fetchEvents } from "./pump.js";
import { redraw } from "./screen.js";
import * as store from "./store.js";

const S = store.state;

function clickCard(card) {
  if (!interactive() || !cardPlayable(card)) return;
  const p = playsFor(card);
  store.setHint(null);
  if (S.mode && S.mode.kind === "transfer") {
    const a = p.transfer.find((x) => x.cards.length === 1);
    if (a) send(a);
    return;
  }
  if (p.defend.length) {
    if (p.defend.length === 1) { send(p.defend[0]); return; }
    if (S.mode && S.mode.kind === "target" && S.mode.card === card) { store.setMode(null); redraw(); return; }
    store.setMode({ kind: "target", card, targets: p.defend.map((a) => a.target) });
    redraw();
    const first = $(".table .target");
    if (first) first.focus();
    return;
  }
  if (p.attack.length) {
    if (!multiLead()) { send(p.attack.find((a) => a.cards.length === 1) || p.attack[0]); return; }
    let chosen = S.mode && S.mode.kind === "select" ? S.mode.cards.slice() : [];
    if (chosen.includes(card)) chosen = chosen.filter((c) => c !== card);
    else if (chosen.length && rankOf(chosen[0]) !== rankOf(card)) chosen = [card];
    else chosen.push(card);
    store.setMode(chosen.length ? { kind: "select", cards: chosen } : null);
    redraw();
    return;
  }
  const tr = p.transfer.find((a) => a.cards.length === 1);
  if (tr) send(tr);
}

function clickTarget(index) {
  if (!S.mode || S.mode.kind !== "target" || !S.mode.targets.includes(index)) return;
  const a = legal().find((x) => x.type === "defend" && x.card === S.mode.card && x.target === index);
  if (a) send(a);
}

function clickTransfer() {
  const singles = transferSingles();
  if (!singles.length) return;
  const cards = Array.from(new Set(singles.map((a) => a.cards[0])));
  if (cards.length === 1) { send(singles[0]); return; }
  store.setMode(S.mode && S.mode.kind === "transfer" ? null : { kind: "transfer" });
  store.setHint(null);
  redraw();
}

function clickLead() {
  if (!S.mode || S.mode.kind !== "select") return;
  const chosen = S.mode.cards.slice().sort();
  const a = legal().find((x) => x.type === "attack" && x.cards.length === chosen.length && x.cards.slice().sort().every((c, i) => c === chosen[i]));
  if (a) send(a);
}

async function copyInvite() {
  const link = /** @type {HTMLInputElement} */ ($("#invite-link"));
  link.select();
  try {
    await navigator.clipboard.writeText(link.value);
  } catch (e) {
    try { document.execCommand("copy"); } catch (e2) { /* the link stays selected for the person to copy */ }
  }
  store.setMessage({ text: t("invite.copied") });
  redraw();
}

function onSettingsChange() {
  const checked = /** @type {HTMLInputElement} */ (document.querySelector('input[name="opponents"]:checked'));
  store.chooseSettings({
    opponents: checked ? Number(checked.value) : 1,
    level: /** @type {HTMLSelectElement} */ ($("#level")).value,
    transfer: /** @type {HTMLInputElement} */ ($("#transfer")).checked,
  });
  if (gameRunning()) {
    store.setPendingSettings(true);
    renderSettings();
  } else {
    renderSettings();
    newGame();
  }
}

export function bind() {
  const game = $("#game");
  game.addEventListener("click", (ev) => {
    const el = closestTo(ev, "button");
    if (!el || !game.contains(el)) return;
    if (el.getAttribute("aria-disabled") === "true") { ev.preventDefault(); return; }
    if (el.dataset.target !== undefined) { clickTarget(Number(el.dataset.target)); return; }
    if (el.dataset.card && el.closest("#hand")) { clickCard(el.dataset.card); return; }
    switch (el.dataset.act) {
      case "pass": send({ type: "pass" }); break;
      case "take": send({ type: "take" }); break;
      case "transfer": clickTransfer(); break;
      case "hint": askHint(); break;
      case "lead": clickLead(); break;
      case "cancel": store.setMode(null); redraw(); break;
      case "new": startNew(); break;
      case "back": comeBack(); break;
      case "copy": copyInvite(); break;
      case "fill": fillSeats(); break;
      default: break;
    }
  });
  game.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && S.mode) {
      store.setMode(null);
      redraw();
      const c = $("#hand .playable");
      if (c) c.focus();
      return;
    }
    const el = targetOf(ev);
    if (!el.classList || !el.classList.contains("card")) return;
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -1000, End: 1000 };
    if (!(ev.key in keys)) return;
    const group = $$("button.card", el.parentElement.closest("#hand, #table"));
    const i = group.indexOf(el);
    if (i < 0) return;
    ev.preventDefault();
    const next = group[Math.max(0, Math.min(group.length - 1, i + keys[ev.key]))];
    if (next) next.focus();
  });
  $("#btn-new").addEventListener("click", () => startNew());
  $("#btn-friend").addEventListener("click", () => startNew(true));
  $("#btn-settings").addEventListener("click", () => { store.toggleSettings(); redraw(); });
  $("#settings").addEventListener("change", (ev) => {
    // The speed and the sound apply at once and start nothing.
    const field = /** @type {HTMLInputElement} */ (ev.target);
    if (field.id === "pace") { store.choosePace(field.value); redraw(); return; }
    if (field.id === "sound") { store.chooseSound(field.checked); redraw(); return; }
    onSettingsChange();
  });
  $$(".lang-switch button").forEach((b) => b.addEventListener("click", () => {
    store.chooseLang(b.dataset.setLang);
    redraw();
  }));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) fetchEvents(); });
}
