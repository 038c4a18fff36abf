// The account corner's pure parts (static/durak/account.js, account-strings.js) and the
// API client's handling of a sign-in refused: a wrong password keeps this browser's player.
import assert from "node:assert/strict";
import { test } from "node:test";

import { refusalWords } from "../../static/durak/account.js";
import { api, currentToken, setToken } from "../../static/durak/api.js";
import { STRINGS } from "../../static/durak/i18n.js";

const error = (code, extra = {}, message = "server words") =>
  ({ code, message, data: { error: { code, message, ...extra } } });

test("every account string is in both languages", () => {
  const ours = (lang) => Object.keys(STRINGS[lang]).filter((k) => k.startsWith("acct.") || k === "err.registration_required");
  assert.ok(ours("ru").length > 30);
  assert.deepEqual(ours("ru").filter((k) => !(k in STRINGS.en)), []);
  assert.deepEqual(ours("en").filter((k) => !(k in STRINGS.ru)), []);
});

test("a refusal is worded by its code, an invalid name by its rule", () => {
  assert.match(refusalWords("ru", error("username_taken")), /^Это имя уже занято/);
  assert.match(refusalWords("en", error("username_taken")), /^That name is taken/);
  assert.equal(refusalWords("ru", error("invalid_name", { rule: "length", min: 2, max: 24 })),
    "Имя должно быть от 2 до 24 символов.");
  assert.match(refusalWords("ru", error("invalid_name", { rule: "zero_width" })), /нулевой ширины/);
  assert.equal(refusalWords("ru", error("too_many_attempts", { retry_after: 840 })),
    "Слишком много неудачных попыток. Попробуйте через 840 с.");
  assert.equal(refusalWords("ru", error("something_new")), "Не получилось — попробуйте ещё раз."); // never the server's English
  assert.equal(refusalWords("en", error("something_new")), "That did not work: server words");
  assert.equal(refusalWords("ru", { network: true }), "Нет связи с сервером. Попробуйте ещё раз.");
});

test("a wrong password at sign-in is told, and the guest's token stays", async () => {
  setToken("guest-token");
  const calls = [];
  globalThis.fetch = async (url) => {
    calls.push(url);
    return new Response(JSON.stringify({ error: { code: "invalid_credentials", message: "Wrong." } }),
      { status: 401, headers: { "Content-Type": "application/json" } });
  };
  const refused = await api("POST", "/auth/token/", { username: "a", password: "b" }).catch((e) => e);
  assert.equal(refused.code, "invalid_credentials");
  assert.deepEqual(calls, ["/api/v1/auth/token/"]); // no new guest made
  assert.equal(currentToken(), "guest-token");
});
