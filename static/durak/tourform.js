/* The tournaments page's create form as a create body (POST /api/v1/tournaments/): every
 * field of the contract, from the form's text values. Pure (node tests it). The server
 * checks every value and names the field it refuses, so values that are not numbers are
 * passed on as typed: the refusal comes back naming them. */

const WHOLE = /^\s*-?\d+\s*$/;

function number(text) {
  return WHOLE.test(text) ? Number(text) : text;
}

/* "50,30,20" / "50 30 20" / "50; 30; 20" → [50, 30, 20]; empty or "авто"/"auto" → null. */
export function parsePayouts(text) {
  const s = String(text || "").trim();
  if (!s || /^(авто|auto|automatic|автоматически)$/i.test(s)) return null;
  return s.split(/[\s,;]+/).filter(Boolean).map((x) => number(x.replace(/%$/, "")));
}

/* "500,300,200" / "500 300 200" → [500, 300, 200]; empty → null (no fixed prizes). */
export function parseAmounts(text) {
  const s = String(text || "").trim();
  if (!s) return null;
  return s.split(/[\s,;]+/).filter(Boolean).map(number);
}

/* A datetime-local value ("2027-01-31T18:00", the person's own time) as ISO 8601 in UTC. */
export function startsAt(text) {
  const s = String(text || "").trim();
  if (!s) return null;
  const d = new Date(s);
  return isNaN(d.getTime()) ? s : d.toISOString();
}

export const FIELDS = ["name", "format", "players", "deck", "variant", "entry_fee", "rake_percent", "added_prize",
  "guarantee", "payouts", "prize_amounts", "min_entrants", "max_entrants", "starts_at", "rounds", "timer", "time_bank", "time_increment", "spectator_delay", "leaves",
  "duration", "late_until_round", "reentry", "advance", "final_leaves"];

/* The formats a qualifying stage may have: an elimination final can follow them. */
export const QUALIFYING = ["swiss", "round_robin"];

/* `values`: the form's fields by name, as strings. */
export function createBody(values) {
  const v = (name) => String(values[name] === undefined || values[name] === null ? "" : values[name]);
  const body = {
    name: v("name").trim(),
    format: v("format") || "elimination",
    rules: { players: number(v("players") || "2"), deck: number(v("deck") || "36"), variant: v("variant") || "podkidnoy" },
  };
  // Empty: the server's default (each table's time bank: 240 s, 3 s per move).
  for (const name of ["entry_fee", "rake_percent", "added_prize", "guarantee", "min_entrants", "max_entrants", "spectator_delay",
    "time_bank", "time_increment"]) {
    if (v(name).trim() !== "") body[name] = number(v(name));
  }
  body.payouts = parsePayouts(v("payouts"));
  const amounts = parseAmounts(v("prize_amounts"));
  if (amounts !== null) body.prize_amounts = amounts; // fixed coins per place, paid before the percentages
  body.starts_at = startsAt(v("starts_at"));
  body.timer = v("timer").trim() === "" ? null : number(v("timer"));
  if (body.format === "swiss") body.rounds = v("rounds").trim() === "" ? 3 : number(v("rounds"));
  if (body.format === "elimination" && v("leaves")) body.leaves = v("leaves");
  if (body.format === "arena") body.duration = v("duration").trim() === "" ? 30 : number(v("duration"));
  if (body.format !== "round_robin" && v("late_until_round").trim() !== "") {
    body.late_until_round = number(v("late_until_round"));
    if (body.format === "elimination" && v("reentry")) body.reentry = true;
  }
  if (QUALIFYING.includes(body.format) && v("advance").trim() !== "") {
    // Two stages (tournaments/stages.py): the first repeats the format (and a swiss's rounds),
    // then the best `advance` play an elimination, `final_leaves` its rule.
    const first = body.format === "swiss" ? { format: "swiss", rounds: body.rounds } : { format: body.format };
    const final = { format: "elimination", advance: number(v("advance")) };
    if (v("final_leaves")) final.leaves = v("final_leaves");
    body.stages = [first, final];
  }
  return body;
}

/* Where a refusal shows (the server's "field"): a field of the form, "rules" by the
 * table's settings (size, deck, variant), or null (the body as a whole: over the button). */
export function formField(field) {
  if (field === "stages") return "advance";
  return field === "rules" || FIELDS.includes(field) ? field : null;
}
