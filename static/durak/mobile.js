/* On a phone: «Уведомлять о ходе» (a service worker, /sw.js, and a Web Push subscription:
 * POST /api/v1/push/subscriptions/), the challenges made to this player (accept / decline;
 * refreshed by the account stream's "durak:stream" events, and opened from a link
 * /?challenge=<id>), and «Вызвать на партию» on a player's page (/players/<id>/). */
import { api, currentToken, ensureGuest } from "./api.js";
import { $ } from "./dom.js";
import { currentLang, onLangChange, translate } from "./i18n.js";
import { load, save } from "./prefs.js";

const t = (key, params) => translate(currentLang(), key, params);
const SUB_KEY = "pushSubscription";

function b64urlBytes(text) {
  const s = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}

/* ---------- push ---------- */

function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function pushOn(button) {
  if ((await Notification.requestPermission()) !== "granted") { button.title = t("push.denied"); return; }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { public_key: key } = await api("GET", "/push/key/");
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64urlBytes(key) });
  const made = await api("POST", "/push/subscriptions/", subscription.toJSON());
  save(SUB_KEY, { token: currentToken(), id: made.id });
}

async function pushOff() {
  const kept = load(SUB_KEY, null);
  save(SUB_KEY, null);
  if (kept && kept.id) { try { await api("DELETE", "/push/subscriptions/" + kept.id + "/"); } catch (e) { /* gone already */ } }
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (subscription) await subscription.unsubscribe();
}

function pushIsOn() {
  const kept = load(SUB_KEY, null);
  return !!(kept && kept.id && kept.token === currentToken() && Notification.permission === "granted");
}

const BELL_PATH = '<path d="M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4v3l1.2 1.6a.5.5 0 0 1-.4.8H2.7a.5.5 0 0 1-.4-.8' +
  'L3.5 10.5v-3A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1zM6.3 13.8h3.4a1.7 1.7 0 0 1-3.4 0z" fill="currentColor"/>';
const bell = (inner) =>
  '<svg class="bell" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">' + inner + "</svg>";
const BELL = bell(BELL_PATH);
// Struck through, with a gap cut out of the bell along the stroke so that it shows.
const BELL_OFF = bell('<mask id="push-bell-gap"><rect width="16" height="16" fill="white"/>' +
  '<path d="M2 2l12 12" stroke="black" stroke-width="3.8"/></mask><g mask="url(#push-bell-gap)">' + BELL_PATH +
  '</g><path d="M2 2l12 12" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>');

function pushButton() {
  const header = document.querySelector("header.top");
  if (!header || !pushSupported()) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn push-toggle";
  button.id = "push-toggle";
  const paint = () => {
    const on = pushIsOn();
    // A drawn bell, not an emoji: a system without a colour emoji font showed an empty box.
    button.innerHTML = on ? BELL : BELL_OFF;
    button.append(" " + (on ? t("push.off") : t("push.on")));
    button.title = on ? t("push.offTitle") : "";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await ensureGuest();
      if (pushIsOn()) await pushOff(); else await pushOn(button);
    } catch (e) {
      button.title = t("push.failed");
    } finally {
      button.disabled = false;
      paint();
    }
  });
  onLangChange(paint);
  paint();
  // Beside the account corner, before the language switch: the same place on every page.
  header.insertBefore(button, header.querySelector(".lang-switch"));
}

/* ---------- challenges ---------- */

const C = { box: null };

function challengeBox() {
  if (C.box) return C.box;
  const box = document.createElement("div");
  box.className = "challenges";
  box.id = "challenges";
  box.setAttribute("role", "region");
  box.setAttribute("aria-live", "polite");
  document.body.prepend(box);
  C.box = box;
  return box;
}

async function nameOf(id) {
  try { return (await api("GET", "/players/" + id + "/")).name; } catch (e) { return "#" + id; }
}

async function answer(challenge, verb, row) {
  try {
    const data = await api("POST", "/challenges/" + challenge.id + "/" + verb + "/");
    row.remove();
    if (verb === "accept" && data.game) location.assign("/?game=" + data.game.id);
  } catch (e) {
    row.querySelector(".ch-text").textContent = e.code === "challenge_closed" ? t("ch.closed") : t("ch.failed");
  }
}

async function showChallenge(challenge) {
  const box = challengeBox();
  if (box.querySelector('[data-challenge="' + challenge.id + '"]')) return;
  const row = document.createElement("div");
  row.className = "challenge";
  row.dataset.challenge = challenge.id;
  row.innerHTML = '<span class="ch-text"></span> <button type="button" class="btn primary ch-accept"></button>' +
    ' <button type="button" class="btn ch-decline"></button>';
  row.querySelector(".ch-text").textContent = t("ch.from", { name: await nameOf(challenge.from) });
  row.querySelector(".ch-accept").textContent = t("ch.accept");
  row.querySelector(".ch-decline").textContent = t("ch.decline");
  row.querySelector(".ch-accept").addEventListener("click", () => answer(challenge, "accept", row));
  row.querySelector(".ch-decline").addEventListener("click", () => answer(challenge, "decline", row));
  if (challenge.to === null) $(".ch-decline", row).hidden = true; // by link: just leave it
  box.append(row);
}

async function showIncoming() {
  if (!currentToken()) return;
  try {
    const lists = await api("GET", "/challenges/");
    for (const challenge of lists.incoming) await showChallenge(challenge);
  } catch (e) { /* asked again on the next stream event */ }
  const linked = Number(new URLSearchParams(location.search).get("challenge"));
  if (Number.isInteger(linked) && linked > 0) {
    try {
      const challenge = await api("GET", "/challenges/" + linked + "/");
      if (challenge.status === "pending" && challenge.from !== undefined) await showChallenge(challenge);
    } catch (e) { /* not there: nothing to show */ }
  }
}

function profileChallenge() {
  const match = location.pathname.match(/^\/players\/(\d+)\/$/);
  const head = document.getElementById("pf-head");
  if (!match || !head) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn primary pf-challenge";
  button.id = "pf-challenge";
  const note = document.createElement("p");
  note.className = "pf-challenge-note";
  note.setAttribute("aria-live", "polite");
  const paint = () => { button.textContent = t("ch.challenge"); };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await ensureGuest();
      await api("POST", "/challenges/", { to: Number(match[1]), rules: {} });
      note.textContent = t("ch.sent");
    } catch (e) {
      note.textContent = e.code === "invalid_challenge" && e.message ? e.message : t("ch.failed");
      button.disabled = false;
    }
  });
  onLangChange(paint);
  paint();
  head.after(button, note);
}

function start() {
  pushButton();
  profileChallenge();
  showIncoming();
  document.addEventListener("durak:stream", (ev) => {
    const { detail } = /** @type {CustomEvent} */ (ev);
    if (detail && detail.type === "challenge_received") showIncoming();
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
