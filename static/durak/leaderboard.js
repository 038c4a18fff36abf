/* «Дурак онлайн»: the leaderboard, /ratings/ (/ratings/?variant=perevodnoy for the other
 * variant): GET /api/v1/ratings/?variant= drawn as a table, each name a link to the
 * player's page; the variant switch keeps the address in step (back and forward work). */
import { $, esc } from "./dom.js";
import { translate } from "./i18n.js";
import { whoAmI } from "./mylink.js";
import { load, save } from "./prefs.js";
import { mergeProfileStrings } from "./profile-strings.js";
import { leaderboardHTML, VARIANTS } from "./profileview.js";

mergeProfileStrings();

const variantOf = () => {
  const v = new URLSearchParams(location.search).get("variant");
  return VARIANTS.includes(v) ? v : VARIANTS[0];
};
const B = { lang: load("lang", "ru") === "en" ? "en" : "ru", variant: variantOf(), rows: {}, me: null, error: null };
const t = (key, params) => translate(B.lang, key, params);

function draw() {
  document.documentElement.lang = B.lang;
  document.title = t("lb.title") + " — " + t("title");
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll(".lang-switch button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === B.lang)));
  document.querySelectorAll("[data-variant]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.variant === B.variant)));
  const board = $("#board");
  const rows = B.rows[B.variant];
  if (B.error) $("#lb-table").innerHTML = '<p class="pf-error" role="alert">' + esc(t("pf.failed", { message: B.error })) + "</p>";
  else if (rows) $("#lb-table").innerHTML = leaderboardHTML(rows, { t, lang: B.lang }, B.me);
  board.dataset.variant = B.variant;
  board.dataset.ready = rows ? "1" : "0";
}

async function fetchBoard(variant) {
  B.error = null;
  try {
    const resp = await fetch("/api/v1/ratings/?variant=" + encodeURIComponent(variant), { headers: { Accept: "application/json" } });
    const data = await resp.json().catch(() => null);
    if (!resp.ok) throw new Error((data && data.error && data.error.message) || String(resp.status));
    B.rows[variant] = data.ratings || [];
  } catch (e) {
    B.error = e.message;
  }
  if (variant === B.variant) draw();
}

function choose(variant, push) {
  B.variant = variant;
  if (push) history.pushState(null, "", variant === VARIANTS[0] ? location.pathname : "?variant=" + variant);
  draw();
  fetchBoard(variant);
}

document.addEventListener("click", (ev) => {
  const lang = ev.target.closest("[data-set-lang]");
  if (lang) {
    B.lang = lang.dataset.setLang === "en" ? "en" : "ru";
    save("lang", B.lang);
    draw();
  }
  const v = ev.target.closest("[data-variant]");
  if (v && v.dataset.variant !== B.variant) choose(v.dataset.variant, true);
});
window.addEventListener("popstate", () => choose(variantOf(), false));

function start() {
  choose(B.variant, false);
  whoAmI.then((id) => { B.me = id; draw(); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
