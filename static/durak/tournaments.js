/* «Дурак онлайн»: the tournaments page's entry module. It talks to /api/v1 through the
 * shared api.js, with the same guest token as the game page, so a visitor is one player
 * on both pages. Tables are games: a link opens them on the game page to play or watch.
 */
import { api, ensureGuest } from "./api.js";
import { $, esc } from "./dom.js";

const STATUS = { registration: "регистрация", running: "идёт", finished: "завершён", cancelled: "отменён" };
const S = { me: null, openId: null, timer: null };

/* The visitor's player: the shared guest, and its id to mark its own rows. */
async function signIn() {
  await ensureGuest();
  S.me = (await api("GET", "/players/me/")).id;
}

function say(text) {
  const box = $("#tour-message");
  box.textContent = text || "";
  box.hidden = !text;
}

async function act(fn) {
  try {
    say("");
    await fn();
  } catch (e) {
    say(e.message);
  }
}

async function showWallet() {
  const wallet = await api("GET", "/wallet/");
  $("#balance").textContent = wallet.balance;
  $("#btn-welcome").hidden = wallet.entries.some((e) => e.kind === "welcome");
}

async function showList() {
  const data = await api("GET", "/tournaments/");
  const rows = data.tournaments.map((t) =>
    '<tr data-id="' + t.id + '"><td>' + esc(t.name) + "</td><td>" + esc(STATUS[t.status] || t.status) +
    "</td><td>" + t.entrants + " / " + t.max_entrants + "</td><td>" + t.entry_fee + "</td><td>" + t.pool + "</td></tr>");
  $("#list").innerHTML = rows.join("") || '<tr><td colspan="5">Пока ни одного турнира — создайте первый.</td></tr>';
}

/* Other people's games: a free seat to take, or a game to watch (the game page opens it). */
async function showTables() {
  const data = await api("GET", "/games/");
  const others = data.games.filter((g) => g.you === null && g.status !== "finished").slice(0, 20);
  $("#tables").innerHTML = others.map((g) => {
    const names = g.seats.map((s) => esc(s.name || "свободно")).join(", ");
    const variant = g.rules.variant === "perevodnoy" ? "переводной" : "подкидной";
    const link = g.status === "waiting" && g.open_seats
      ? '<a href="/?game=' + g.id + '">сесть (' + g.open_seats + " своб.)</a>"
      : '<a href="/?game=' + g.id + '">смотреть</a>';
    return "<li>№" + g.id + ", " + variant + ": " + names + " — " + link + "</li>";
  }).join("") || "<li>Сейчас никто не играет.</li>";
}

async function showLeaders() {
  const data = await api("GET", "/ratings/");
  $("#leaders").innerHTML = data.players.slice(0, 10).map((r) =>
    "<li" + (r.player === S.me ? ' class="me-row"' : "") + ">" + esc(r.name) + " — " + r.rating +
    " (" + r.games + " " + (r.games % 10 === 1 && r.games % 100 !== 11 ? "партия" : "партий") + ")</li>").join("") ||
    "<li>Сыграйте с живым соперником, чтобы попасть в рейтинг.</li>";
}

function tableLine(table, t) {
  const names = table.players.map((p) => esc(p.name)).join(" — ");
  const mine = table.players.some((p) => p.player === S.me);
  let score = "";
  if (table.first_score !== null) score = " (" + table.first_score + " : " + (1 - table.first_score) + ")";
  const verb = table.status === "finished" ? "запись" : mine ? "играть" : "смотреть";
  // A finished table opens in the replay viewer; one in play on the game page.
  const href = table.status === "finished" ? "/games/" + table.game + "/replay/" : "/?game=" + table.game;
  return "<li>" + names + esc(score) + ' — <a href="' + href + '">' + verb + "</a></li>";
}

async function showDetail() {
  const box = $("#detail");
  if (!S.openId) { box.hidden = true; return; }
  const t = await api("GET", "/tournaments/" + S.openId + "/");
  const organiser = S.me !== null && t.organiser_id === S.me;
  const buttons = [];
  if (t.status === "registration" && !t.entered) buttons.push('<button class="btn primary" data-do="join">Участвовать' + (t.entry_fee ? " за " + t.entry_fee : "") + "</button>");
  if (t.status === "registration" && organiser) buttons.push('<button class="btn" data-do="start">Начать</button>', '<button class="btn ghost" data-do="cancel">Отменить</button>');
  const standings = t.standings.map((r) =>
    "<tr" + (r.player === S.me ? ' class="me-row"' : "") + "><td>" + r.place + "</td><td>" + esc(r.name) + "</td><td>" + r.played +
    "</td><td>" + r.wins + "</td><td>" + r.draws + "</td><td>" + r.losses + "</td><td>" + r.points + "</td><td>" + r.prize + "</td></tr>").join("");
  const rounds = t.rounds.map((r) => "<div><strong>Тур " + r.round + " из " + t.rounds_total + "</strong><ol>" +
    r.tables.map((x) => tableLine(x, t)).join("") + "</ol></div>").join("");
  box.innerHTML = "<h2>" + esc(t.name) + " — " + esc(STATUS[t.status] || t.status) + "</h2>" +
    "<p>Организатор: " + esc(t.organiser) + ". " + (t.rules.variant === "perevodnoy" ? "Переводной" : "Подкидной") +
    ", круговая система, столы на двоих. Фонд: <strong>" + t.pool + "</strong> монет, призы по местам: " +
    esc(t.prize_split.join(" / ")) + " %." + (t.move_timer ? " " + t.move_timer + " с на ход." : "") + "</p>" +
    '<div class="detail-actions">' + buttons.join("") + "</div>" +
    '<table class="standings"><thead><tr><th>Место</th><th>Игрок</th><th>Игр</th><th>Побед</th><th>Ничьих</th><th>Поражений</th><th>Очки</th><th>Приз</th></tr></thead><tbody>' +
    (standings || '<tr><td colspan="8">Участников пока нет.</td></tr>') + "</tbody></table>" +
    '<div class="rounds">' + rounds + "</div>";
  box.hidden = false;
  clearTimeout(S.timer);
  if (t.status === "running" || t.status === "registration") S.timer = setTimeout(() => act(refresh), 3000);
}

async function refresh() {
  await Promise.all([showWallet(), showList(), showTables(), showLeaders(), showDetail()]);
}

function formBody(form) {
  const f = new FormData(form);
  const whole = (name) => Number(f.get(name) || 0);
  return {
    name: String(f.get("name") || "").trim(),
    rules: { players: 2, variant: f.get("variant") },
    entry_fee: whole("entry_fee"),
    added_prize: whole("added_prize"),
    max_entrants: whole("max_entrants"),
    prize_split: String(f.get("prize_split") || "").split(/[ ,]+/).filter(Boolean).map(Number),
    timer: whole("timer") || null,
  };
}

function bind() {
  $("#btn-welcome").addEventListener("click", () => act(async () => { await api("POST", "/wallet/welcome/", {}); await showWallet(); }));
  $("#list").addEventListener("click", (ev) => {
    const row = ev.target.closest("tr[data-id]");
    if (!row) return;
    S.openId = Number(row.dataset.id);
    history.replaceState(null, "", "?id=" + S.openId);
    act(showDetail);
  });
  $("#detail").addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-do]");
    if (!button) return;
    act(async () => { await api("POST", "/tournaments/" + S.openId + "/" + button.dataset.do + "/", {}); await refresh(); });
  });
  $("#create").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(async () => {
      const t = await api("POST", "/tournaments/", formBody(ev.target));
      S.openId = t.id;
      history.replaceState(null, "", "?id=" + t.id);
      await refresh();
    });
  });
}

async function start() {
  bind();
  const id = new URLSearchParams(location.search).get("id");
  S.openId = id && /^\d+$/.test(id) ? Number(id) : null;
  await act(async () => { await signIn(); await refresh(); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
