/* «Дурак онлайн»: the tournaments page, /tournaments/: the list (each opens its own page,
 * /tournaments/{id}/), the organiser's create form with every field of the create body
 * (tourform.js makes the body; a refusal shows next to the field it names), the wallet,
 * the tables to sit at or watch, and the ratings. The same guest as the game page.
 */
import { api, ensureGuest, explainNetworkFailure } from "./api.js";
import { $, $$, esc } from "./dom.js";
import { applyStatic, bindLangSwitch, count, currentLang, errorText, hasKey, numberText, seatLabel, t, timeText } from "./i18n.js";
import { startTableNotices } from "./notice.js";
import { createBody, FIELDS, formField } from "./tourform.js";

const S = { me: null, guest: true, list: null, next: null, games: null, leaders: null, creating: false };
const PAGE = 20;

function say(text) {
  const box = $("#tour-message");
  box.textContent = text || "";
  box.hidden = !text;
}

async function showWallet() {
  const wallet = await api("GET", "/wallet/");
  $("#balance").textContent = numberText(wallet.balance);
  showWelcome(wallet);
}

/* The welcome coins are for accounts (the server refuses a guest): a guest is told so
 * instead of being offered them. Signing up reloads the page. */
function showWelcome(wallet) {
  const claimed = wallet.entries.some((e) => e.kind === "welcome");
  $("#btn-welcome").hidden = S.guest || claimed;
  $("#welcome-guest").hidden = !S.guest;
}

function drawList() {
  if (!S.list) return;
  const rows = S.list.map((x) =>
    '<tr data-id="' + x.id + '"' + (x.organiser === S.me ? ' class="mine"' : "") + '><td><a href="/tournaments/' + x.id + '/">' + esc(x.name) + "</a>" +
    (x.organiser === S.me ? ' <small>(' + esc(t("tour.list.byOrganiser")) + ")</small>" : "") + "</td><td>" + esc(t("format." + x.format)) +
    '</td><td><span class="tstatus tstatus-' + esc(x.status) + '">' + esc(t("tstatus." + x.status)) + "</span></td><td>" +
    x.entrants_count + " / " + x.max_entrants + "</td><td>" + (x.entry_fee ? numberText(x.entry_fee) : "—") + "</td><td>" + esc(x.starts_at ? timeText(x.starts_at) : "—") + "</td></tr>");
  $("#list").innerHTML = rows.join("") || '<tr><td colspan="6">' + esc(t("tour.list.empty")) + "</td></tr>";
  $("#list-more").hidden = !S.next;
}

/* The list is paged ({"tournaments", "next"}): the first page again, as long as what is
 * shown (a refresh keeps the pages "more" opened), or the page after the last one shown. */
async function loadList(more) {
  if (more && S.next) {
    const page = await api("GET", "/tournaments/?cursor=" + encodeURIComponent(S.next));
    S.list = S.list.concat(page.tournaments);
    S.next = page.next;
  } else {
    const shown = Math.min(100, Math.max(PAGE, S.list ? S.list.length : 0));
    const page = await api("GET", "/tournaments/?limit=" + shown);
    S.list = page.tournaments;
    S.next = page.next;
  }
  drawList();
}

function drawGames() {
  if (!S.games) return;
  const others = S.games.filter((g) => g.you === null && g.status !== "finished").slice(0, 20);
  $("#tables").innerHTML = others.map((g) => {
    const names = g.seats.map((s) => esc(seatLabel(s) || t("tour.games.free"))).join(", ");
    const link = g.status === "waiting" && g.open_seats
      ? '<a href="/?game=' + g.id + '">' + esc(t("tour.games.sit", { n: g.open_seats })) + "</a>"
      : '<a href="/?game=' + g.id + '">' + esc(t("tour.games.watch")) + "</a>";
    return "<li>№" + g.id + ", " + esc(t("variant." + (g.rules.variant || "podkidnoy"))) + ": " + names + " — " + link + "</li>";
  }).join("") || "<li>" + esc(t("tour.games.none")) + "</li>";
}

function drawLeaders() {
  if (!S.leaders) return;
  $("#leaders").innerHTML = S.leaders.slice(0, 10).map((r) =>
    "<li" + (r.player === S.me ? ' class="me-row"' : "") + ">" +
    esc(t("tour.leaders.row", { name: r.name, rating: r.rating, games: count(r.games, "games") })) + "</li>").join("") ||
    "<li>" + esc(t("tour.leaders.none")) + "</li>";
}

/**
 * The form's control called `name` (the form's own names: every one is an input or a select).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {HTMLInputElement}
 */
const control = (form, name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));

function drawForm() {
  const form = /** @type {HTMLFormElement} */ ($("#create"));
  const format = control(form, "format").value;
  $$("[data-only]", form).forEach((el) => { el.hidden = !el.dataset.only.split(" ").includes(format); });
  // The default name follows the language until the person types their own.
  const name = control(form, "name");
  if (!name.dataset.touched) name.value = t("form.nameDefault");
}

function draw() {
  applyStatic("tour.pageTitle");
  drawList();
  drawGames();
  drawLeaders();
  drawForm();
}

async function load(what, fn) {
  try {
    await fn();
  } catch (e) {
    if (what === "list") say(errorText(e));
  }
}

async function refresh() {
  await Promise.all([
    load("wallet", showWallet),
    load("list", () => loadList(false)),
    load("games", async () => { S.games = (await api("GET", "/games/")).games; drawGames(); }),
    load("leaders", async () => { S.leaders = (await api("GET", "/ratings/")).players || []; drawLeaders(); }),
  ]);
}

/* ---------- the create form ---------- */

function clearErrors(form) {
  form.querySelectorAll(".field-error").forEach((el) => { el.hidden = true; el.textContent = ""; });
  form.querySelectorAll(".invalid").forEach((el) => el.classList.remove("invalid"));
  form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

/* An invalid_tournament refusal in words: in Russian the page's own explanation of the
 * field (never the server's English), in English the server's message itself. */
function fieldRefusal(field, error) {
  const where = formField(field);
  if (currentLang() === "en" && error.message) return error.message;
  return t(where && hasKey("ferr." + where) ? "ferr." + where : "ferr.generic");
}

/* `text` next to the field `field` names (or above the button when it names none). */
function showFieldError(form, field, text) {
  const where = formField(field);
  let spot;
  let control = null;
  if (where === "rules") {
    spot = form.querySelector('[data-error-for="rules"]');
    control = form.elements.players;
  } else if (where) {
    const label = form.querySelector('[data-field="' + where + '"]');
    spot = label && label.querySelector(".field-error");
    control = form.elements[where] || null;
    if (label) { label.hidden = false; label.classList.add("invalid"); }
  }
  if (!spot) spot = form.querySelector('[data-error-for="body"]');
  spot.textContent = text;
  spot.hidden = false;
  if (control) {
    control.setAttribute("aria-invalid", "true");
    control.focus();
  }
}

async function create(form) {
  if (S.creating) return;
  clearErrors(form);
  say("");
  const values = {};
  for (const name of FIELDS) {
    const el = form.elements[name];
    if (el) values[name] = el.type === "checkbox" ? (el.checked ? "1" : "") : el.value;
  }
  const body = createBody(values);
  S.creating = true;
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  button.textContent = t("form.creating");
  try {
    const made = await api("POST", "/tournaments/", body);
    location.assign("/tournaments/" + made.id + "/");
  } catch (e) {
    const info = (e.data && e.data.error) || {};
    if (e.code === "invalid_tournament") showFieldError(form, info.field, fieldRefusal(info.field, e));
    else showFieldError(form, null, errorText(e));
  } finally {
    S.creating = false;
    button.disabled = false;
    button.textContent = t("form.submit");
  }
}

function bind() {
  $("#btn-welcome").addEventListener("click", async () => {
    try {
      await api("POST", "/wallet/welcome/", {});
    } catch (e) {
      say(errorText(e));
    }
    load("wallet", showWallet);
  });
  const form = /** @type {HTMLFormElement} */ ($("#create"));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    create(form);
  });
  control(form, "format").addEventListener("change", drawForm);
  control(form, "name").addEventListener("input", () => { control(form, "name").dataset.touched = "1"; });
  bindLangSwitch(draw);
}

async function start() {
  // The old address of a tournament, /tournaments/?id=N, is its own page now.
  const old = new URLSearchParams(location.search).get("id");
  if (old && /^\d+$/.test(old)) {
    location.replace("/tournaments/" + old + "/");
    return;
  }
  explainNetworkFailure(() => t("err.network"));
  bind();
  draw();
  try {
    await ensureGuest();
    const me = await api("GET", "/players/me/");
    S.me = me.id;
    S.guest = Boolean(me.guest);
  } catch (e) {
    say(errorText(e));
  }
  await refresh();
  startTableNotices();
  $("#list-more").addEventListener("click", () => load("list", () => loadList(true)));
  setInterval(() => { if (!document.hidden) load("list", () => loadList(false)); }, 15000);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
