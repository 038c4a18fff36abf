/* «Дурак онлайн»: a player's page, /players/{id}/. One read of GET /api/v1/players/{id}/
 * (public: no guest is made for a visitor), drawn by profileview.js: the ratings by
 * variant with their history charts, the record, the results against each computer level
 * and the recent games with their replays. */
import { $, $$, esc } from "./dom.js";
import { applyStatic as applyFixedTexts, bindLangSwitch, currentLang, errorText, t } from "./i18n.js";
import { whoAmI } from "./mylink.js";
import { computerHTML, headHTML, ratingsHTML, recentHTML, statsHTML } from "./profileview.js";

const ID = Number(document.body.dataset.player);
const P = { data: null, error: null, me: null };
const words = () => ({ t, lang: currentLang() });
const applyStatic = () => applyFixedTexts();

function draw() {
  applyStatic();
  const main = $("#profile");
  if (P.error) {
    $("#pf-head").innerHTML = '<p class="pf-error" role="alert">' + esc(P.error) + "</p>";
    $$(".pf-body", main).forEach((el) => { el.hidden = true; });
    main.dataset.ready = "error";
    return;
  }
  const p = P.data;
  if (!p) return;
  const w = words();
  document.title = t("pf.title", { name: p.name }) + " — " + t("title");
  $("#pf-head").innerHTML = headHTML(p, w, P.me);
  $("#pf-ratings").innerHTML = ratingsHTML(p.ratings, w);
  $("#pf-stats").innerHTML = statsHTML(p.stats, w);
  $("#pf-computer").innerHTML = computerHTML(p.versus_computer, w);
  $("#pf-recent").innerHTML = recentHTML(p.recent_games, w, p.id);
  main.dataset.ready = "1";
}

async function load_() {
  try {
    const resp = await fetch("/api/v1/players/" + ID + "/", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    const data = await resp.json().catch(() => null);
    if (resp.ok) P.data = data;
    else P.error = resp.status === 404 ? t("pf.notFound") : errorText({ code: data && data.error && data.error.code, data });
  } catch (e) {
    P.error = errorText({ network: true });
  }
  draw();
}

bindLangSwitch(draw);

function start() {
  applyStatic();
  load_();
  whoAmI.then((id) => { P.me = id; if (P.data) draw(); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
