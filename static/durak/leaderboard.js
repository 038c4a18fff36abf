/* «Дурак онлайн»: the leaderboard, /ratings/ (/ratings/?variant=perevodnoy for the other
 * variant): GET /api/v1/ratings/?variant= drawn as a table, each name a link to the
 * player's page; the variant switch keeps the address in step (back and forward work). */
import { $, $$, closestTo, esc } from "./dom.js";
import { applyStatic, bindLangSwitch, currentLang, errorText, t } from "./i18n.js";
import { whoAmI } from "./mylink.js";
import { leaderboardHTML, VARIANTS } from "./profileview.js";

const variantOf = () => {
  const v = new URLSearchParams(location.search).get("variant");
  return VARIANTS.includes(v) ? v : VARIANTS[0];
};
const B = { variant: variantOf(), rows: {}, me: null, error: null };

function draw() {
  applyStatic();
  document.title = t("lb.title") + " — " + t("title");
  $$("[data-variant]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.variant === B.variant)));
  const board = $("#board");
  const rows = B.rows[B.variant];
  if (B.error) $("#lb-table").innerHTML = '<p class="pf-error" role="alert">' + esc(errorText(B.error)) + "</p>";
  else if (rows) $("#lb-table").innerHTML = leaderboardHTML(rows, { t, lang: currentLang() }, B.me);
  board.dataset.variant = B.variant;
  board.dataset.ready = rows ? "1" : "0";
}

async function fetchBoard(variant) {
  B.error = null;
  try {
    const resp = await fetch("/api/v1/ratings/?variant=" + encodeURIComponent(variant), { headers: { Accept: "application/json" } });
    const data = await resp.json().catch(() => null);
    if (!resp.ok) B.error = { code: data && data.error && data.error.code, data };
    else B.rows[variant] = data.ratings || [];
  } catch (e) {
    B.error = { network: true };
  }
  if (variant === B.variant) draw();
}

function choose(variant, push) {
  B.variant = variant;
  if (push) history.pushState(null, "", variant === VARIANTS[0] ? location.pathname : "?variant=" + variant);
  draw();
  fetchBoard(variant);
}

bindLangSwitch(draw);
document.addEventListener("click", (ev) => {
  const v = closestTo(ev, "[data-variant]");
  if (v && v.dataset.variant !== B.variant) choose(v.dataset.variant, true);
});
window.addEventListener("popstate", () => choose(variantOf(), false));

function start() {
  choose(B.variant, false);
  whoAmI.then((id) => { B.me = id; draw(); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
