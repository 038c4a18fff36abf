/* «Дурак онлайн»: the ONE i18n module of every page: the one lookup `t` (its tables are the
   per-area catalogs, *-strings.js, each Russian and English side by side), plurals by the
   language's rules (plural.js, Intl.PluralRules), the person's language (one choice,
   remembered as "durak.lang" and told to the server as Django's language cookie, so the admin
   and templates agree), the switch, the page's fixed texts, refusals by error code, and dates
   and numbers in that language. The seed's long texts (rules, tips, history) live in the
   template, in both languages. */
import { ACCOUNT } from "./account-strings.js";
import { $$ } from "./dom.js";
import { ERRORS } from "./error-strings.js";
import { GAME } from "./game-strings.js";
import { MOBILE } from "./mobile-strings.js";
import { pluralForm } from "./plural.js";
import { load, save } from "./prefs.js";
import { PROFILE } from "./profile-strings.js";
import { SITE } from "./site-strings.js";
import { TOURNAMENT } from "./tournament-strings.js";
import { TOURNAMENTS } from "./tournaments-strings.js";
import { WATCH } from "./watch-strings.js";

/** @typedef {Record<string, string>} Table  one language's wordings by key */
/** @typedef {{ru: Table, en: Table}} Catalog  an area's wordings in both languages */
/** @typedef {Record<string, unknown>} Params  what fills a wording's {name}s */

/** Every wording of every area, by language: the one lookup. @type {{ru: Table, en: Table}} */
export const STRINGS = { ru: {}, en: {} };

/* A page's own table, {ru: {...}, en: {...}}, joins the one lookup. */
/** @param {Catalog} table */
export function registerStrings(table) {
  Object.assign(STRINGS.ru, table.ru);
  Object.assign(STRINGS.en, table.en);
}

registerStrings(SITE);
registerStrings(GAME);
registerStrings(TOURNAMENTS);
registerStrings(TOURNAMENT);
registerStrings(WATCH);
registerStrings(ERRORS);
registerStrings(ACCOUNT);
registerStrings(PROFILE);
registerStrings(MOBILE);

/* `key` in `lang` (Russian when English has no wording of it), with {name} filled in. */
export function translate(lang, key, params) {
  const table = STRINGS[lang] || STRINGS.ru;
  let s = table[key];
  if (s === undefined) s = STRINGS.ru[key];
  if (s === undefined) s = key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : params[k]));
  return s;
}

/**
 * "1 партия", "3 партии", "5 партий": `key`.one / .few / .many, the form the language's
 * plural rules choose (plural.js), with {n} filled in.
 * @param {string} lang
 * @param {number} n
 * @param {string} key
 * @returns {string}
 */
export function plural(lang, n, key) {
  return translate(lang, key + "." + pluralForm(n, lang), { n });
}

/* Whether `key` has a wording (in Russian, the language every key has). */
export const hasKey = (key) => STRINGS.ru[key] !== undefined;

/* ---------- the person's language: one choice for every page ---------- */

export const LANGS = ["ru", "en"];
const normal = (l) => (l === "en" ? "en" : "ru");
// The cookie first: the admin's switch sets it too, so the one choice holds everywhere.
function cookieLang() {
  if (typeof document === "undefined") return null;
  const m = /(?:^|;\s*)django_language=(\w+)/.exec(document.cookie);
  return m ? m[1] : null;
}
export const storedLang = () => normal(cookieLang() || load("lang", "ru"));

let lang = storedLang();
const listeners = [];

export const currentLang = () => lang;
export const t = (key, params) => translate(lang, key, params);
export const count = (n, key) => plural(lang, n, key);

// Django's LocaleMiddleware reads this cookie: the admin and server pages follow the switch.
function tellServer(l) {
  if (typeof document === "undefined") return;
  document.cookie = "django_language=" + l + "; path=/; max-age=31536000; SameSite=Lax";
}

/* The switch: remembered, told to the server, and every listener redraws. Returns it. */
export function chooseLang(next) {
  lang = normal(next);
  save("lang", lang);
  tellServer(lang);
  for (const fn of listeners) fn(lang);
  return lang;
}

/* Run `fn(lang)` after every switch (a page's redraw, the table notice, ...). */
export function onLangChange(fn) {
  listeners.push(fn);
}

/* The page's fixed texts: [data-i18n] elements, aria labels, titles, placeholders,
 * [data-lang] blocks, the document's title and language, and the switch's state. */
export function applyStatic(titleKey, titleParams) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lang;
  if (titleKey) document.title = t(titleKey, titleParams);
  $$("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  $$("[data-i18n-aria]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nAria)); });
  $$("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", t(el.dataset.i18nTitle));
  });
  $$("[data-i18n-placeholder]").forEach((el) => { el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder)); });
  $$("[data-lang]").forEach((el) => { el.hidden = el.dataset.lang !== lang; });
  $$(".lang-switch button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === lang)));
}

/* The header's РУ / EN buttons: the choice is made (and remembered), then `redraw` runs. */
export function bindLangSwitch(redraw) {
  if (typeof document === "undefined") return;
  $$(".lang-switch button").forEach((b) => b.addEventListener("click", () => {
    chooseLang(b.dataset.setLang);
    if (redraw) redraw();
  }));
}

/* ---------- what the server said, in the person's language ---------- */

/* A refusal (api.js's ApiError, or anything thrown) in words: "err.<code>" with the
 * error's extra fields filled in, else a generic sentence. The server's own message is
 * English: an English page may quote it, a Russian page never does. */
export function errorText(error) {
  if (error && error.network) return t("err.network");
  const info = (error && error.data && error.data.error) || {};
  const code = (error && error.code) || info.code;
  if (code && hasKey("err." + code)) return t("err." + code, info);
  const message = error && error.message;
  if (lang === "en" && message) return t("err.generic", { message });
  return t("err.failed");
}

/* A seat as an API listing gives it ({name, kind, ai}): a computer by its level in this
 * language («Компьютер (новичок)»), never the server's own name for it; a person by name. */
export function seatLabel(seat) {
  if (seat && seat.kind === "ai") return t("cpu") + (seat.ai ? " (" + t("level." + seat.ai).toLowerCase() + ")" : "");
  return personName((seat && seat.name) || "");
}

/* A person's name as this page's language says it: a guest is «Гость 1d54» on the server
 * (no registered name may start so), "Guest 1d54" on an English page. `tr`: a page's own
 * lookup, for the pure renderers that get one. */
export function personName(name, tr = t) {
  const guest = /^Гость\s+([0-9a-f]{4})$/.exec(name || "");
  return guest ? tr("acct.guest") + " " + guest[1] : name || "";
}

/* ---------- dates and numbers as the language writes them ---------- */

const LOCALES = { ru: "ru-RU", en: "en-GB" };
export const locale = () => LOCALES[lang];

/* A time: «1 дек., 18:00» / "1 Dec, 18:00"; the text itself when it is not a date. */
export function timeText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d.getTime())) return String(iso);
  return d.toLocaleString(locale(), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/* A date alone: «1 декабря 2026 г.» / "1 December 2026". */
export function dateText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d.getTime())) return String(iso);
  return d.toLocaleDateString(locale(), { day: "numeric", month: "long", year: "numeric" });
}

/* A whole number with the language's grouping: «12 500» / "12,500". */
export function numberText(n) {
  if (typeof n !== "number" || !isFinite(n)) return String(n);
  return n.toLocaleString(locale());
}
