/* The tournament page's sections as HTML, from the detail and its layout (bracket.js).
 * Pure string building: `w` carries the words (t, count, timeText), so node can draw a
 * tournament of 256 tables and time it. Every name is escaped; links go to /?game=<id>, or the
 * replay viewer for a finished table. */
import { esc } from "./dom.js";
import { playerLink } from "./playerlink.js";

const num = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
const points = (p) => (p === null || p === undefined ? "—" : String(p).replace(".", ","));
const pointsEn = (p) => (p === null || p === undefined ? "—" : String(p));

function chip(cls, text) {
  return '<span class="chip ' + cls + '">' + esc(text) + "</span>";
}

/* A span of seconds in words: "4 мин", "1 мин 30 с", "45 с". */
export function durationText(seconds, w) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m && s) return w.t("dur.ms", { m, s });
  return m ? w.t("dur.m", { m }) : w.t("dur.s", { s });
}

/* Each table's time bank and what it bounds: «запас 4 мин на игрока и 3 с за ход: стол
 * длится не дольше 8 мин и 3 с на каждый ход» (null: a detail without a bank). */
export function bankText(detail, w) {
  if (!detail.time_bank || !detail.table_limit) return null;
  const params = { bank: durationText(detail.time_bank, w), inc: detail.time_increment,
    limit: durationText(detail.table_limit.seconds, w), per: detail.table_limit.per_move };
  return w.t(detail.time_increment ? "tp.bank" : "tp.bankFlat", params);
}

/* The line under the name: format, table, its time bank, and the format's own rule. */
export function termsText(detail, w) {
  const r = detail.rules || {};
  const parts = [w.t("format." + detail.format)];
  parts.push(w.t("tp.table", {
    variant: w.t("variant." + (r.variant || "podkidnoy")), deck: w.t("deck." + (r.deck || 36)),
    players: r.players || 2, timer: detail.timer || "—",
  }));
  const bank = bankText(detail, w);
  if (bank) parts.push(bank);
  if (detail.format === "elimination") parts.push(w.t("tp.leaves." + (detail.leaves || "durak")));
  else if (detail.rounds_total) parts.push(w.t("tp.roundsTotal", { n: detail.rounds_total }));
  if (detail.late_until_round) {
    parts.push(w.t("tp.late", { n: detail.late_until_round }) + (detail.reentry ? ", " + w.t("tp.reentry") : ""));
  }
  if (detail.format !== "elimination" && detail.absent_tables) parts.push(w.t("tp.absent", { n: detail.absent_tables }));
  return parts.join(" · ");
}

/* Who may do what now: the buttons of the summary. */
export function actionsOf(detail, me) {
  const organiser = me !== null && detail.organiser === me;
  const out = [];
  if (detail.status === "registration") {
    if (detail.entered) out.push("withdraw");
    else out.push("join");
    if (organiser) out.push("start", "cancel");
  } else if (detail.status === "running") {
    if (detail.late_open && !detail.entered) out.push("join"); // late registration, or a re-entry
    if (organiser) out.push("advance");
  }
  return out;
}

export function summaryHTML(detail, L, w, ctx) {
  const status = '<span class="tstatus tstatus-' + esc(detail.status) + '">' + esc(w.t("tstatus." + detail.status)) + "</span>";
  const facts = [w.t("tp.organiser", { name: detail.organiser_name || "—" }),
    w.t("tp.entrants", { n: detail.entrants_count, max: detail.max_entrants })];
  if (detail.status === "registration") {
    facts.push(detail.starts_at ? w.t("tp.startsAt", { time: w.timeText(detail.starts_at) }) : w.t("tp.startsByOrganiser"));
  } else if (detail.started_at) {
    facts.push(w.t("tp.startedAt", { time: w.timeText(detail.started_at) }));
  }
  if (detail.finished_at) facts.push(w.t("tp.finishedAt", { time: w.timeText(detail.finished_at) }));
  let news = "";
  if (detail.status === "finished" && L.winners.length) {
    news = '<p class="tp-news winner">★ ' + esc(w.t(L.winners.length > 1 ? "tp.winners" : "tp.winner",
      { name: L.winners.map((s) => s.name).join(", ") })) + "</p>";
  } else if (detail.status === "cancelled") {
    news = '<p class="tp-news">' + esc(w.t("tp.cancelled")) + "</p>";
  } else if (L.myTable) {
    const link = '<a class="btn primary" href="/?game=' + L.myTable.game + '">' + esc(w.t("notice.go")) + "</a>";
    news = '<p class="tp-news mine">' + w.t("tp.yourTable", { link }) + "</p>";
  } else if (detail.entered) {
    news = '<p class="tp-news">' + esc(w.t("tp.entered")) + "</p>";
  }
  const buttons = actionsOf(detail, ctx.me).map((a) => {
    let label = w.t("tp." + a);
    if (a === "join" && detail.entry_fee) label = w.t("tp.joinFee", { fee: (w.num || num)(detail.entry_fee) });
    if (a === "cancel" && ctx.confirmCancel) label = w.t("tp.cancelSure");
    const cls = a === "join" || a === "start" ? "btn primary" : a === "cancel" ? "btn danger" : "btn";
    return '<button type="button" class="' + cls + '" data-do="' + a + '">' + esc(label) + "</button>";
  });
  const live = '<span class="live-dot' + (ctx.live ? " on" : "") + '">' + esc(w.t(ctx.live ? "tp.live" : "tp.polling")) + "</span>";
  return '<div class="tp-head">' + status + live + "</div>" +
    '<p class="tp-terms">' + esc(termsText(detail, w)) + "</p>" +
    '<p class="tp-facts">' + facts.map(esc).join(" · ") + "</p>" + news +
    (buttons.length ? '<div class="detail-actions">' + buttons.join("") + "</div>" : "");
}

/* A place's coins in words: its percentage, its fixed prize, or the fixed prize plus its
 * percentage of what the fixed prizes leave. */
function payoutRow(r, w) {
  const coins = (w.num || num)(r.coins);
  if (!r.fixed) return w.t("payouts.row", { p: r.percent, coins });
  if (!r.percent) return w.t("payouts.fixed", { coins });
  return w.t("payouts.fixedRow", { fixed: (w.num || num)(r.fixed), p: r.percent, coins });
}

export function poolHTML(detail, L, w) {
  const p = detail.pool || { entry_fees: 0, rake: 0, added_prize: 0, overlay: 0, total: 0 };
  const rows = [["entry_fees", w.t("pool.entry_fees", { n: detail.entrants_count, fee: (w.num || num)(detail.entry_fee) }), p.entry_fees, ""]];
  if (detail.rake_percent || p.rake) rows.push(["rake", w.t("pool.rake", { p: detail.rake_percent }), -p.rake, "minus"]);
  if (detail.added_prize || p.added_prize) rows.push(["added_prize", w.t("pool.added_prize"), p.added_prize, "plus"]);
  if (detail.guarantee || p.overlay) rows.push(["overlay", w.t("pool.overlay", { g: (w.num || num)(detail.guarantee) }), p.overlay, "plus"]);
  const money = (n, sign) => (sign === "minus" ? "− " + (w.num || num)(-n) : sign === "plus" ? "+ " + (w.num || num)(n) : (w.num || num)(n));
  const table = '<table class="pool"><tbody>' + rows.map(([key, label, n, sign]) =>
    '<tr data-pool="' + key + '"' + (sign ? ' class="' + sign + '"' : "") + '><th scope="row">' + esc(label) + "</th><td>" + money(n, sign) + "</td></tr>").join("") +
    '<tr class="total" data-pool="total"><th scope="row">' + esc(w.t("pool.total")) + "</th><td>" + (w.num || num)(p.total) + "</td></tr></tbody></table>";
  const percents = detail.payouts_given ? w.t("payouts.given") : w.t("payouts.auto", { n: Math.max(2, detail.entrants_count) });
  const fixed = (detail.prize_amounts || []).reduce((a, b) => a + b, 0);
  const how = fixed ? w.t("payouts.withFixed", { fixed: (w.num || num)(fixed), how: percents }) : percents;
  const payouts = '<ol class="payouts">' + L.payouts.map((r) => {
    const winners = r.winners.length ? ' <span class="won">' + r.winners.map((x) => esc(x.name)).join(", ") + "</span>" : "";
    return '<li data-place="' + r.place + '"><span class="pl">' + esc(w.t("payouts.place", { n: r.place })) + "</span> " +
      '<span class="pc">' + esc(payoutRow(r, w)) + "</span>" + winners + "</li>";
  }).join("") + "</ol>";
  return "<h2>" + esc(w.t("tp.pool")) + "</h2>" + table +
    '<h3>' + esc(w.t("tp.payouts")) + ' <small>' + esc(how) + "</small></h3>" + payouts;
}

/* The organiser directs a running tournament: a disqualify button on each row of a player
 * not yet disqualified, pressed twice (the first press asks «sure?»). */
function directorCell(detail, s, w, ctx) {
  const out = new Set(detail.disqualified || []);
  if (out.has(s.player)) return "<td>" + esc(w.t("st.disqualified")) + "</td>";
  const sure = ctx.confirmDisqualify === s.player;
  return '<td><button type="button" class="btn danger small" data-disqualify="' + s.player + '">' +
    esc(w.t(sure ? "tp.disqualifySure" : "tp.disqualify")) + "</button></td>";
}

export function isDirector(detail, me) {
  return me !== null && me !== undefined && detail.organiser === me && detail.status === "running";
}

/* A press of a disqualify button on tournament `id`: the first on a player asks «sure?»
 * (`confirm`: whose button says so now), a second on the same player sends the request. */
export function disqualifyPress(id, confirming, player) {
  if (confirming !== player) return { confirm: player, request: null };
  return { confirm: null, request: { method: "POST", path: "/tournaments/" + id + "/disqualify/", body: { player } } };
}

export function standingsHTML(detail, L, w, ctx = {}) {
  if (!L.standings.length || (detail.status === "registration")) return "";
  const elim = L.elimination;
  const fmt = w.lang === "en" ? pointsEn : points;
  const director = isDirector(detail, ctx.me);
  const head = "<tr><th>" + esc(w.t("st.place")) + "</th><th>" + esc(w.t("st.player")) + "</th>" +
    (elim ? "<th>" + esc(w.t("st.status")) + "</th>" : "<th>" + esc(w.t("st.points")) + "</th><th>" + esc(w.t("st.buchholz")) + "</th>") +
    "<th>" + esc(w.t("st.prize")) + "</th>" + (director ? "<th>" + esc(w.t("st.director")) + "</th>" : "") + "</tr>";
  const body = L.standings.map((s) => "<tr" + (s.me ? ' class="me-row"' : "") + ' data-player="' + s.player + '"><td>' + s.place +
    "</td><td>" + playerLink(s.player, s.name) + (s.me ? " <small>(" + esc(w.t("tp.you")) + ")</small>" : "") + "</td>" +
    (elim ? "<td>" + esc(s.status ? w.t("entrant." + s.status) : "") + "</td>"
      : "<td>" + fmt(s.points) + "</td><td>" + fmt(s.tiebreak) + "</td>") +
    "<td>" + (s.prize ? (w.num || num)(s.prize) : "—") + "</td>" + (director ? directorCell(detail, s, w, ctx) : "") +
    "</tr>").join("");
  return "<h2>" + esc(w.t("tp.standings")) + '</h2><div class="scroll-x"><table class="standings"><thead>' + head +
    "</thead><tbody>" + body + "</tbody></table></div>" +
    '<p class="note">' + esc(w.t(elim ? "st.noteElim" : "st.note")) + "</p>";
}

function rowHTML(r, w, elim, over) {
  const cls = ["seat"];
  const chips = [];
  if (r.me) cls.push("you");
  if (over) {
    if (r.durak) { cls.push("durak"); chips.push(chip("durak", w.t("chip.durak"))); }
    if (r.forfeit) { cls.push("forfeit"); chips.push(chip("forfeit", w.t("chip.forfeit"))); }
    if (r.drawn) chips.push(chip("draw", w.t("chip.draw")));
    if (r.winner) chips.push(chip("winner", "★ " + w.t("chip.winner")));
    if (elim && r.through === true) { cls.push("through"); chips.push(chip("through", "→ " + w.t("chip.through"))); }
    if (elim && r.through === false) cls.push("gone");
    if (!elim) chips.push(chip("pts", w.t("chip.points", { n: w.lang === "en" ? r.points : points(r.points) })));
  }
  const place = over ? '<span class="pl">' + r.place + "</span>" : '<span class="pl" aria-hidden="true">·</span>';
  return '<li class="' + cls.join(" ") + '" data-player="' + r.player + '">' + place + '<span class="nm">' + esc(r.name) + "</span>" + chips.join("") + "</li>";
}

function tableHTML(tb, w, elim, hits) {
  const verb = tb.over ? "table.view" : tb.mine ? "table.play" : "table.watch";
  const cls = "tbl" + (tb.over ? " over" : " live") + (tb.mine ? " mine" : "") + (hits && !hits.has(tb.game) ? " miss" : "") +
    (hits && hits.has(tb.game) ? " hit" : "");
  return '<article class="' + cls + '" data-game="' + tb.game + '" id="table-' + tb.game + '"><header><span class="tno">' +
    esc(w.t("table.n", { n: tb.no })) + "</span>" + (tb.over ? "" : '<span class="playing">' + esc(w.t("table.playing")) + "</span>") +
    // A finished table opens in the replay viewer; one in play on the game page.
    '<a href="' + (tb.over ? "/games/" + tb.game + "/replay/" : "/?game=" + tb.game) + '">' + esc(w.t(verb)) + "</a></header>" +
    '<ol class="seats">' + tb.rows.map((r) => rowHTML(r, w, elim, tb.over)).join("") + "</ol></article>";
}

export function roundsHTML(L, w, { query = "", hits = null } = {}) {
  if (!L.columns.length) return '<p class="note">' + esc(w.t("tp.noRounds")) + "</p>";
  const elim = L.elimination;
  const cols = L.columns.map((c) => {
    const state = c.over ? w.t("round.over") : w.t("round.playing", { n: c.done, total: c.total });
    const byes = c.byes.length
      ? '<ul class="byes">' + c.byes.map((b) => '<li class="bye' + (b.me ? " you" : "") + '" data-player="' + b.player + '"><span class="nm">' +
        esc(b.name) + "</span> " + chip("bye", w.t("bye")) + " <small>" + esc(w.t(elim ? "bye.through" : "bye.point")) + "</small></li>").join("") + "</ul>"
      : "";
    return '<section class="round-col' + (c.final ? " final" : "") + (c.over ? " over" : " current") + (c.total > 6 ? " wide" : "") +
      '" data-round="' + c.number + '">' +
      "<h3>" + esc(w.t(c.label.key, c.label.params)) + ' <small>' + esc(state) + "</small></h3>" +
      '<div class="tables">' + c.tables.map((tb) => tableHTML(tb, w, elim, hits)).join("") + byes + "</div></section>";
  }).join("");
  const found = hits ? '<p class="note found">' + esc(w.t("tp.found", { q: query, n: hits.size })) + "</p>" : "";
  return found + '<div class="bracket' + (elim ? " elim" : "") + '">' + cols + "</div>";
}

export function entrantsHTML(detail, L, w) {
  if (detail.status !== "registration") return "";
  const list = L.entrants.length
    ? '<ol class="entrants">' + L.entrants.map((e) => "<li" + (e.me ? ' class="you"' : "") + ' data-player="' + e.player + '">' + esc(e.name) +
      (e.me ? " <small>(" + esc(w.t("tp.you")) + ")</small>" : "") + "</li>").join("") + "</ol>"
    : '<p class="note">' + esc(w.t("tp.noEntrants")) + "</p>";
  return "<h2>" + esc(w.t("tp.entrantsTitle")) + " <small>" + detail.entrants_count + " / " + detail.max_entrants + "</small></h2>" + list;
}
