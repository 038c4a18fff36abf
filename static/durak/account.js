/* The account corner in every page's header: who you are (a guest or your name) and
 * «Войти» / «Зарегистрироваться» / «Сменить пароль» / «Выйти», in a small dialog.
 *
 * One way of being signed in across the site: the API token api.js keeps in localStorage
 * ("durak.token"). Signing up keeps a guest's token (same account: its games and coins
 * stay); signing in or out replaces it and reloads the page, so every module of the page
 * (the game, its socket, the wallet) goes on as the new person. A new password gives a new
 * token, kept at once. The page's language is the one its switch remembers ("durak.lang").
 */
import { api, currentToken, setToken } from "./api.js";
import { closestTo } from "./dom.js";
import { currentLang, onLangChange, personName, translate } from "./i18n.js";


const NAME_MIN = 2, NAME_MAX = 24; // accounts/names.py: the server checks them again

const A = { me: null, mode: null, busy: false };
const t = (key, params) => translate(currentLang(), key, params);

/* A refusal in the person's language: the code's own wording (the name's rule for an
 * invalid name), else the one module's wording of its code (never the server's English on a
 * Russian page). Pure: node tests it. */
export function refusalWords(lang, error) {
  const tr = (key, params) => translate(lang, key, params);
  if (!error) return tr("err.failed");
  if (error.network) return tr("acct.err.network");
  const info = (error.data && error.data.error) || {};
  const key = error.code === "invalid_name" && info.rule ? "acct.err.invalid_name." + info.rule : "acct.err." + error.code;
  if (error.code && translate("ru", key) !== key) return tr(key, { min: NAME_MIN, max: NAME_MAX, ...info });
  if (error.code && translate("ru", "err." + error.code) !== "err." + error.code) return tr("err." + error.code, info);
  return lang === "en" && error.message ? tr("err.generic", { message: error.message }) : tr("err.failed");
}

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/* ---------- the corner ---------- */

function corner() {
  let box = document.getElementById("account");
  if (!box) {
    box = el("div", { id: "account", class: "account", role: "group" });
    const header = document.querySelector("header.top") || document.body;
    const lang = header.querySelector(".lang-switch");
    header.insertBefore(box, lang || null);
  }
  return box;
}

function renderCorner() {
  const box = corner();
  box.setAttribute("aria-label", t("acct.region"));
  box.replaceChildren();
  const me = A.me;
  const registered = me && !me.guest;
  // A guest's name is «Гость 1d54» on the server: here it is worded in the page's language.
  const shown = !me ? t("acct.guest") : personName(me.name, t);
  const name = el("span", { id: "account-name", class: "account-name", title: shown }, shown);
  if (me) name.dataset.player = String(me.id);
  name.dataset.registered = registered ? "1" : "0";
  box.append(name);
  const button = (id, key, mode) => {
    const b = el("button", { type: "button", id, class: "account-btn", "data-account": mode }, t(key));
    box.append(b);
  };
  if (registered) {
    button("account-password", "acct.password", "password");
    button("account-signout", "acct.signOut", "signout");
  } else {
    button("account-signin", "acct.signIn", "signIn");
    button("account-signup", "acct.signUp", "signUp");
  }
}

/* ---------- the dialog ---------- */

const FIELDS = {
  signIn: [["username", "acct.name", "text", "username"], ["password", "acct.pass", "password", "current-password"]],
  signUp: [["username", "acct.name", "text", "username"], ["password", "acct.pass", "password", "new-password"]],
  password: [["old_password", "acct.oldPass", "password", "current-password"],
    ["new_password", "acct.newPass", "password", "new-password"]],
};

function dialog() {
  let d = document.getElementById("account-dialog");
  if (!d) {
    d = el("dialog", { id: "account-dialog", class: "account-dialog", "aria-labelledby": "account-title" });
    document.body.append(d);
    d.addEventListener("close", () => { A.mode = null; });
  }
  return d;
}

function openDialog(mode) {
  A.mode = mode;
  const d = /** @type {HTMLDialogElement} */ (dialog());
  drawDialog(d);
  if (!d.open) {
    if (typeof d.showModal === "function") d.showModal(); else d.setAttribute("open", "");
  }
  const first = d.querySelector("input");
  if (first) first.focus();
}

function closeDialog() {
  const d = /** @type {HTMLDialogElement} */ (dialog());
  if (typeof d.close === "function" && d.open) d.close(); else d.removeAttribute("open");
  A.mode = null;
}

function drawDialog(d, keep = {}) {
  const mode = A.mode;
  d.replaceChildren();
  const form = el("form", { id: "account-form", class: "account-form", "data-mode": mode, novalidate: "" });
  form.append(el("h2", { id: "account-title" }, t("acct.title." + mode)));
  if (mode === "signUp" && A.me && A.me.guest) form.append(el("p", { class: "account-note" }, t("acct.keeps")));
  for (const [name, label, type, autocomplete] of FIELDS[mode]) {
    const id = "account-" + name.replace("_", "-");
    const wrap = el("p", { class: "account-field" });
    wrap.append(el("label", { for: id }, t(label)));
    const input = el("input", { id, name, type, autocomplete, required: "" });
    if (name === "username") { input.setAttribute("maxlength", String(NAME_MAX)); input.setAttribute("spellcheck", "false"); }
    if (keep[name] !== undefined) input.value = keep[name];
    wrap.append(input);
    if (name === "username" && mode === "signUp") {
      const hint = el("small", { id: id + "-hint" }, t("acct.nameHint", { min: NAME_MIN, max: NAME_MAX }));
      input.setAttribute("aria-describedby", hint.id);
      wrap.append(hint);
    }
    if (name === "password" && mode === "signUp" || name === "new_password") wrap.append(el("small", {}, t("acct.passHint")));
    form.append(wrap);
  }
  form.append(el("p", { id: "account-error", class: "account-error", role: "alert", hidden: "" }));
  const buttons = el("p", { class: "account-buttons" });
  buttons.append(el("button", { type: "submit", class: "btn primary", id: "account-submit" }, t("acct.submit." + mode)));
  buttons.append(el("button", { type: "button", class: "btn", "data-account": "cancel" }, t("acct.cancel")));
  form.append(buttons);
  if (mode === "signIn") form.append(el("button", { type: "button", class: "account-link", "data-account": "signUp" }, t("acct.toSignUp")));
  if (mode === "signUp") form.append(el("button", { type: "button", class: "account-link", "data-account": "signIn" }, t("acct.toSignIn")));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); submit(form); });
  d.append(form);
}

function showError(text) {
  const p = document.getElementById("account-error");
  if (!p) return;
  p.textContent = text;
  p.hidden = !text;
}

async function submit(form) {
  if (A.busy) return;
  const data = Object.fromEntries(FIELDS[A.mode].map(([name]) => [name, form.elements[name].value]));
  if (Object.entries(data).some(([k, v]) => !v.trim() && k !== "old_password")) { showError(t("acct.err.required")); return; }
  const button = form.querySelector("#account-submit");
  A.busy = true;
  button.disabled = true;
  button.textContent = t("acct.busy");
  try {
    if (A.mode === "signUp") {
      const answer = await api("POST", "/auth/register/", data);
      setToken(answer.token, { announce: false }); // a guest's own token: the same account, now named
      location.reload();
    } else if (A.mode === "signIn") {
      const answer = await api("POST", "/auth/token/", data);
      setToken(answer.token, { announce: false });
      location.reload();
    } else if (A.mode === "password") {
      const answer = await api("POST", "/auth/password/", data);
      setToken(answer.token);
      closeDialog();
      say(t("acct.passwordChanged"));
    }
  } catch (e) {
    showError(refusalWords(currentLang(), e));
    const bad = e && e.code === "invalid_name" || e && e.code === "username_taken" ? form.elements.username : null;
    if (bad) { bad.setAttribute("aria-invalid", "true"); bad.focus(); }
  } finally {
    A.busy = false;
    button.disabled = false;
    button.textContent = t("acct.submit." + (A.mode || "signIn"));
  }
}

async function signOut() {
  try {
    await api("POST", "/auth/logout/", {});
  } catch (e) { /* the token is gone already, or the server is away: forget it all the same */ }
  setToken(null, { announce: false });
  location.reload();
}

function say(text) {
  let note = document.getElementById("account-said");
  if (!note) { note = el("p", { id: "account-said", class: "account-said", role: "status" }); document.body.append(note); }
  note.textContent = text;
  setTimeout(() => { note.textContent = ""; }, 6000);
}

/* ---------- start ---------- */

async function whoAmI() {
  if (!currentToken()) { A.me = null; renderCorner(); return; }
  try {
    const me = await api("GET", "/players/me/");
    A.me = { id: me.id, name: me.name, guest: me.guest };
  } catch (e) { /* offline: the corner shows what it knew */ }
  renderCorner();
}

function start() {
  renderCorner();
  onLangChange(() => {
    renderCorner();
    if (A.mode) drawDialog(dialog(), Object.fromEntries([...dialog().querySelectorAll("input")].map((i) => [i.name, i.value])));
  });
  document.addEventListener("click", (ev) => {
    const b = closestTo(ev, "[data-account]");
    if (!b) return;
    const what = b.dataset.account;
    if (what === "cancel") closeDialog();
    else if (what === "signout") signOut();
    else openDialog(what);
  });
  whoAmI();
  window.addEventListener("durak-token", whoAmI); // the page made its guest
  // Another tab signed in or out: follow it.
  window.addEventListener("storage", (ev) => { if (ev.key === "durak.token") location.reload(); });
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}

// For the browser tests: who the corner shows.
if (typeof window !== "undefined") window.durakAccount = A;
