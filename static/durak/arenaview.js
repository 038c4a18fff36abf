/* The tournament page's arena leaderboard and chain of stages as HTML, from the detail
 * (GET /api/v1/tournaments/{id}/: "arena" and "stages"). Pure string building, like
 * tourview.js: `w` carries the words (t, timeText, num, lang). Empty string: no section. */
import { esc } from "./dom.js";
import { playerLink } from "./playerlink.js";

export function arenaHTML(detail, w) {
  const a = detail.arena;
  if (!a || detail.status === "registration" || detail.status === "cancelled") return "";
  const s = a.scale || {};
  const head = "<tr><th>#</th><th>" + esc(w.t("st.player")) + "</th><th>" + esc(w.t("arena.points")) + "</th><th>" +
    esc(w.t("arena.tables")) + "</th><th>" + esc(w.t("arena.wins")) + "</th><th>" + esc(w.t("arena.streak")) + "</th>" +
    (detail.status === "running" ? "<th>" + esc(w.t("arena.state")) + "</th>" : "") + "</tr>";
  const rows = (a.leaderboard || []).map((r) => '<tr data-player="' + r.player + '"><td>' + r.place + "</td><td>" +
    playerLink(r.player, r.name) + "</td><td>" + r.points + (r.on_fire ? ' <span title="×2">🔥</span>' : "") +
    "</td><td>" + r.tables + "</td><td>" + r.wins + "</td><td>" + r.streak + "</td>" +
    (detail.status === "running" ? "<td>" + esc(w.t(r.waiting ? "arena.state.waiting" : "arena.state.playing")) + "</td>" : "") +
    "</tr>").join("");
  const facts = [];
  if (a.ends_at) facts.push(w.t(a.time_up ? "arena.over" : "arena.ends", { time: w.timeText(a.ends_at) }));
  if (detail.status === "running") facts.push(w.t("arena.waiting", { n: a.waiting }));
  return "<h2>" + esc(w.t("arena.title")) + '</h2><p class="note">' + esc(facts.join(" · ")) + "</p>" +
    '<div class="scroll-x"><table class="standings arena-board"><thead>' + head + "</thead><tbody>" + rows +
    "</tbody></table></div>" + '<p class="note">' + esc(w.t("arena.scale", { win: s.win, middle: s.middle,
    durak: s.durak, fire: s.fire_after })) + "</p>";
}

export function stagesHTML(detail, w) {
  const stages = detail.stages;
  if (!stages || !stages.length) return "";
  const names = new Map((detail.entrants || []).map((e) => [e.player, e.name]));
  const items = stages.map((st) => {
    const parts = [esc(w.t("stages.stage", { n: st.number, format: w.t("format." + st.format) })),
      '<span class="tstatus tstatus-' + esc(st.status) + '">' + esc(w.t("stages.status." + st.status)) + "</span>"];
    let more = st.rounds ? w.t("stages.rounds", { n: st.rounds, from: st.from_round }) : w.t("stages.from", { from: st.from_round });
    if (st.leaves) more += " · " + w.t("tp.leaves." + st.leaves);
    let rule = "";
    if (st.rule) rule = "<p>" + esc(w.t("stages.rule", { rule: w.lang === "en" ? st.rule : st.rule_ru })) + "</p>";
    if (st.advancing && st.advancing.length) {
      rule += "<p>" + esc(w.t("stages.advancing", { names: st.advancing.map((p) => names.get(p) || "#" + p).join(", ") })) + "</p>";
    }
    return "<li><strong>" + parts.join(" ") + "</strong><p>" + esc(more) + "</p>" + rule + "</li>";
  }).join("");
  return "<h2>" + esc(w.t("stages.title")) + '</h2><ol class="stages">' + items + "</ol>";
}
