/* The header's link to the person's own page (templates/base.html loads this module on every
 * page): «Мой профиль» once the page knows its player
 * (GET /api/v1/players/me/ with the browser's guest token or its session). It asks with a
 * plain fetch, not api.js: a stale token here must not make a new guest behind the page's back. */
import { $$ } from "./dom.js";
import { onLangChange, t } from "./i18n.js";
import { load } from "./prefs.js";
import { playerHref } from "./playerlink.js";

// The game page makes its guest a moment after loading: look for a token each second a while.
const TRIES = 10;

let resolveMe;
/* The signed-in player's id, or null: resolved once known (or once it is clear there is none). */
export const whoAmI = new Promise((resolve) => { resolveMe = resolve; });

function nav() {
  return document.querySelector(".top-nav");
}

function link(name, href) {
  const bar = nav();
  if (!bar) return null;
  let a = /** @type {HTMLAnchorElement | null} */ (bar.querySelector('[data-nav="' + name + '"]'));
  if (!a) {
    a = document.createElement("a");
    a.dataset.nav = name;
    a.href = href;
    bar.append(" ", a);
  }
  return a;
}

function label() {
  const bar = nav();
  if (!bar) return;
  $$("[data-nav]", bar).forEach((a) => { a.textContent = t("nav." + a.dataset.nav); });
}

async function fetchMe() {
  const headers = { Accept: "application/json" };
  const token = load("token", null);
  if (token) headers.Authorization = "Token " + token;
  try {
    const resp = await fetch("/api/v1/players/me/", { headers, credentials: "same-origin" });
    if (!resp.ok) return null;
    const data = await resp.json();
    return typeof data.id === "number" ? data.id : null;
  } catch (e) {
    return null;
  }
}

async function findMe() {
  let refused = null;
  for (let i = 0; i < TRIES; i++) {
    const token = load("token", null);
    // The first time without a token too (a signed-in session); a token that was no
    // player's is not asked about again: the page will make a new one.
    if ((token || i === 0) && token !== refused) {
      const id = await fetchMe();
      if (id !== null) return id;
      refused = token;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return null;
}

function show(id) {
  if (id === null) return;
  const mine = link("me", playerHref(id));
  if (!mine) return;
  mine.href = playerHref(id); // the link follows a token the page replaced
  if (location.pathname === playerHref(id)) mine.setAttribute("aria-current", "page");
  else mine.removeAttribute("aria-current");
  label();
}

let settled = false;

async function start() {
  label();
  const id = await findMe();
  settled = true;
  resolveMe(id);
  show(id);
}

onLangChange(label);
// The page made its guest (api.js) after the tries above gave up, or changed its token later:
// the link comes (or follows) then; before, the tries read the new token themselves. Only the
// latest token's answer counts.
let asked = 0;
window.addEventListener("durak-token", async () => {
  if (!settled) return;
  const mine = ++asked;
  const id = await fetchMe();
  if (mine === asked) show(id);
});

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
