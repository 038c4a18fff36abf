/* The language of the pages other than the game's (the tournaments pages, the table
 * notices): the same choice the game page remembers ("durak.lang"), the same strings
 * (i18n.js), and the same switch in the header. */
import { plural, translate } from "./i18n.js";
import { load, save } from "./prefs.js";

export const storedLang = () => (load("lang", "ru") === "en" ? "en" : "ru");

let lang = storedLang();

export const currentLang = () => lang;
export const t = (key, params) => translate(lang, key, params);
export const count = (n, key) => plural(lang, n, key);

export function chooseLang(next) {
  lang = next === "en" ? "en" : "ru";
  save("lang", lang);
}

/* The page's fixed texts: [data-i18n] elements, aria labels, the title and the switch. */
export function applyStatic(titleKey) {
  document.documentElement.lang = lang;
  if (titleKey) document.title = t(titleKey);
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-aria]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nAria)); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder)); });
  document.querySelectorAll(".lang-switch button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === lang)));
}

/* The header's РУ / EN buttons: the choice is remembered, then `redraw` runs. */
export function bindLangSwitch(redraw) {
  document.querySelectorAll(".lang-switch button").forEach((b) => b.addEventListener("click", () => {
    chooseLang(b.dataset.setLang);
    redraw();
  }));
}

/* A refusal from the API in the person's language: the code's own wording when there is one. */
export function refusalText(error) {
  if (error && error.network) return t("err.network");
  const info = (error && error.data && error.data.error) || {};
  const key = "err." + (error && error.code);
  if (error && error.code && translate("ru", key) !== key) return t(key, info);
  return t("err.generic", { message: error ? error.message : "?" });
}

/* A time as the person's locale writes it: «1 дек., 18:00». */
export function timeText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d)) return iso;
  return d.toLocaleString(lang === "en" ? "en-GB" : "ru-RU", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}
