// The one i18n module (static/durak/i18n.js): every key in both languages, every key the
// pages use exists (a static scan of static/durak/*.js and templates/*.html), every error
// code the server can answer has its words, and a refusal on a Russian page never quotes
// the server's English message.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ERRORS } from "../../static/durak/error-strings.js";
import {
  chooseLang, count, currentLang, errorText, hasKey, numberText, STRINGS, t, timeText, translate,
} from "../../static/durak/i18n.js";
import { WATCH } from "../../static/durak/watch-strings.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const JS = join(ROOT, "static", "durak");
const read = (p) => readFileSync(p, "utf8");
const jsFiles = readdirSync(JS).filter((f) => f.endsWith(".js"));
const templates = readdirSync(join(ROOT, "templates")).filter((f) => f.endsWith(".html"));

// The form's field refusals are Russian only: the English page shows the server's own message.
const RU_ONLY = (k) => k.startsWith("ferr.") && k !== "ferr.generic";

test("every key has both a Russian and an English wording", () => {
  const noEnglish = Object.keys(STRINGS.ru).filter((k) => !(k in STRINGS.en) && !RU_ONLY(k));
  const noRussian = Object.keys(STRINGS.en).filter((k) => !(k in STRINGS.ru));
  assert.deepEqual(noEnglish, []);
  assert.deepEqual(noRussian, []);
  for (const lang of ["ru", "en"]) {
    for (const [k, v] of Object.entries(STRINGS[lang])) assert.ok(typeof v === "string" && v.trim(), lang + " " + k);
  }
});

test("a wording's {placeholders} are the same in both languages", () => {
  const names = (s) => (s.match(/\{\w+\}/g) || []).sort().join(",");
  const differ = Object.keys(STRINGS.en).filter((k) => k !== "err.generic" && names(STRINGS.en[k]) !== names(STRINGS.ru[k]));
  // err.generic quotes the server's message in English only (the Russian page never does).
  assert.deepEqual(differ, []);
});

test("the registered tables define no key twice", () => {
  for (const lang of ["ru", "en"]) {
    const twice = Object.keys(WATCH[lang]).filter((k) => k in ERRORS[lang]);
    assert.deepEqual(twice, [], lang);
  }
});

/* The first argument of each call `name(` at `from`: its text up to a top-level , or ). */
function firstArgs(src, callee) {
  const out = [];
  const re = new RegExp("(?<![\\w$.])" + callee.replace(".", "\\.") + "\\(", "g");
  let m;
  while ((m = re.exec(src))) {
    let i = m.index + m[0].length, depth = 0, quote = null;
    const start = i;
    for (; i < src.length; i++) {
      const c = src[i];
      if (quote) { if (c === "\\") i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'" || c === "`") quote = c;
      else if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) { if (depth === 0) break; depth--; }
      else if (c === "," && depth === 0) break;
    }
    out.push(src.slice(start, i));
  }
  return out;
}

/* The keys an argument names: "a.b" whole, or "a." + x as a prefix; a literal counts where
 * a key can stand (the argument's start, or a branch of ?:), not a default inside (x || "y"). */
function keysIn(arg) {
  const found = [];
  for (const m of arg.matchAll(/(^|[?:])\s*"([^"\\]*)"(\s*\+)?/g)) found.push({ key: m[2], prefix: !!m[3] });
  return found;
}

function usedKeys() {
  const used = [];
  for (const f of jsFiles) {
    if (["i18n.js", "watch-strings.js", "error-strings.js"].includes(f)) continue;
    const src = read(join(JS, f));
    const callees = ["t", "w.t"].concat(f === "text.js" ? ["say"] : []);
    for (const callee of callees) for (const arg of firstArgs(src, callee)) for (const k of keysIn(arg)) used.push({ ...k, f });
    // translate(lang, "key"): the second argument.
    for (const m of src.matchAll(/translate\(\s*[\w.]+\s*,\s*"([^"]+)"(\s*\+)?/g)) used.push({ key: m[1], prefix: !!m[2], f });
    for (const m of src.matchAll(/(?:count|plural\(\s*\w+\s*,)\s*\(?[^,()]+,\s*"([^"]+)"\)/g)) used.push({ key: m[1], plural: true, f });
    for (const m of src.matchAll(/data-i18n(?:-aria|-title|-placeholder)?="([^"]+)"/g)) used.push({ key: m[1], f });
  }
  for (const f of templates) {
    const src = read(join(ROOT, "templates", f));
    for (const m of src.matchAll(/data-i18n(?:-aria|-title|-placeholder)?="([^"]+)"/g)) used.push({ key: m[1], f });
  }
  return used;
}

test("every key the pages use exists (a static scan of the modules and templates)", () => {
  const used = usedKeys();
  assert.ok(used.length > 300, "the scan found " + used.length + " uses: it is looking in the wrong place");
  const keys = Object.keys(STRINGS.ru);
  const missing = used.filter(({ key, prefix, plural }) => {
    if (!key || key.includes(" ")) return false; // a sentence passed on, not a key
    if (prefix) return !keys.some((k) => k.startsWith(key));
    if (plural) return !(hasKey(key + ".one") && hasKey(key + ".many"));
    return !hasKey(key);
  }).map(({ key, f }) => f + ": " + key);
  assert.deepEqual(missing, []);
});

test("the scan itself sees a missing key", () => {
  const src = 'x = t("no.such.key", {}); y = w.t(c ? "a.one" : "a.two"); z = t("level." + (l || "novice")); q = t(k + ".you");';
  assert.deepEqual(firstArgs(src, "t").flatMap(keysIn), [{ key: "no.such.key", prefix: false }, { key: "level.", prefix: true }]);
  assert.deepEqual(firstArgs(src, "w.t").flatMap(keysIn).map((k) => k.key), ["a.one", "a.two"]);
  assert.equal(hasKey("no.such.key"), false);
});

test("every error code the server answers has its words in both languages", () => {
  const codes = new Set(["not_authenticated", "authentication_failed", "permission_denied", "not_found",
    "method_not_allowed", "throttled", "parse_error", "unsupported_media_type"]); // DRF's own
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === "migrations" || d.name === "engine" ? [] : walk(join(dir, d.name)))
      : d.name.endsWith(".py") ? [join(dir, d.name)] : []);
  for (const app of ["core", "accounts", "coins", "games", "live", "ratings", "players", "tournaments", "challenges", "stream", "push", "retries", "durak_platform"]) {
    for (const p of walk(join(ROOT, app))) for (const m of read(p).matchAll(/\bcode\s*=\s*"([a-z_]+)"/g)) codes.add(m[1]);
  }
  assert.ok(codes.has("insufficient_funds") && codes.has("illegal_action"), [...codes].join(" "));
  const missing = [...codes].filter((c) => !(("err." + c) in STRINGS.ru && ("err." + c) in STRINGS.en));
  assert.deepEqual(missing, []);
});

const refusal = (code, message, extra = {}) => {
  const e = new Error(message);
  e.code = code;
  e.data = { error: { code, message, ...extra } };
  return e;
};

test("a refusal on the Russian page is Russian by its code, and never the server's English", () => {
  chooseLang("ru");
  assert.equal(currentLang(), "ru");
  assert.equal(errorText(refusal("insufficient_funds", "Not enough coins.", { needed: 50, balance: 10 })),
    "Не хватает монет: нужно 50, в кошельке 10.");
  assert.equal(errorText(refusal("illegal_action", "That card does not beat 7S.")), "Так сейчас ходить нельзя.");
  const unknown = errorText(refusal("some_new_code", "Something English happened."));
  assert.equal(unknown, "Не получилось — попробуйте ещё раз.");
  assert.ok(!/[A-Za-z]/.test(unknown));
  assert.equal(errorText(new Error("fetch failed: socket hang up")), "Не получилось — попробуйте ещё раз.");
  assert.equal(errorText(Object.assign(new Error("x"), { network: true })), STRINGS.ru["err.network"]);
});

test("the English page words refusals by code too, and may quote an unknown one's message", () => {
  chooseLang("en");
  assert.equal(errorText(refusal("tournament_full", "The tournament is full.")), "All places are taken.");
  assert.equal(errorText(refusal("some_new_code", "Something happened.")), "That did not work: Something happened.");
  assert.equal(errorText(null), "That did not work — please try again.");
  chooseLang("ru");
});

test("one language for every table: the switch changes t, count, dates and numbers", () => {
  chooseLang("en");
  assert.equal(t("nav.tournaments"), "Tournaments");
  assert.equal(t("replay.deal"), "The deal"); // a watching page's string, the same lookup
  assert.equal(count(5, "games"), "5 games");
  assert.equal(numberText(12500), "12,500");
  assert.match(timeText("2026-12-01T18:05:00Z"), /Dec/);
  chooseLang("ru");
  assert.equal(t("nav.tournaments"), "Турниры");
  assert.equal(count(5, "games"), "5 партий");
  assert.equal(count(22, "games"), "22 партии");
  assert.equal(numberText(12500).replace(/\s/g, " "), "12 500");
  assert.match(timeText("2026-12-01T18:05:00Z"), /дек/);
  assert.equal(translate("en", "no.such.key"), "no.such.key");
});
