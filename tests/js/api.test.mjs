// The shared API client (static/durak/api.js) against a stand-in fetch: the error shape
// {"error": {"code", "message"}}, the guest made once when the token is refused, and a
// lost connection.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { api, ApiError, currentToken, explainNetworkFailure, REQUEST_TIMEOUT_MS, setToken } from "../../static/durak/api.js";

const calls = [];
function answer(...responses) {
  calls.length = 0;
  globalThis.fetch = async (url, init) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "Content-Type": "application/json" } });
  };
}

test("an answer is the JSON body; no token yet, so no Authorization", async () => {
  answer({ status: 200, body: { id: 7, seq: 3 } });
  assert.deepEqual(await api("GET", "/games/7/"), { id: 7, seq: 3 });
  assert.equal(calls[0].url, "/api/v1/games/7/");
  assert.equal(calls[0].init.headers.Accept, "application/json");
  assert.equal(calls[0].init.headers.Authorization, undefined);
});

test("a refusal is an ApiError with the server's code, message and status", async () => {
  answer({ status: 409, body: { error: { code: "stale_seq", message: "The game moved on.", seq: 12 } } });
  const error = await api("POST", "/games/7/actions/", { type: "take", expected_seq: 3 }).catch((e) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 409);
  assert.equal(error.code, "stale_seq");
  assert.equal(error.message, "The game moved on.");
  assert.equal(error.data.error.seq, 12);
  assert.equal(JSON.parse(calls[0].init.body).expected_seq, 3);
  assert.equal(calls[0].init.headers["Content-Type"], "application/json");
});

test("a refused token makes a new guest once, then the request goes again with it", async () => {
  answer(
    { status: 401, body: { error: { code: "not_authenticated", message: "No." } } },
    { status: 201, body: { token: "t0k", player: { id: 1 } } },
    { status: 200, body: { balance: 0 } },
  );
  assert.deepEqual(await api("GET", "/wallet/"), { balance: 0 });
  assert.deepEqual(calls.map((c) => c.url), ["/api/v1/wallet/", "/api/v1/auth/guest/", "/api/v1/wallet/"]);
  assert.equal(calls[2].init.headers.Authorization, "Token t0k");
  assert.equal(currentToken(), "t0k");
});

test("two requests refused with one dead token make one guest, not one each", async () => {
  setToken("dead", { announce: false });
  let guests = 0;
  let guestMade;
  const made = new Promise((resolve) => { guestMade = resolve; });
  let refusals = 0;
  globalThis.fetch = async (url, init) => {
    const auth = init.headers.Authorization;
    if (url.endsWith("/auth/guest/")) {
      guests += 1;
      return new Response(JSON.stringify({ token: "g" + guests }), { status: 201 });
    }
    if (auth === "Token dead") {
      refusals += 1;
      if (refusals === 2) await made; // the second refusal comes back after the guest is made
      return new Response(JSON.stringify({ error: { code: "not_authenticated", message: "No." } }), { status: 401 });
    }
    return new Response(JSON.stringify({ as: auth }), { status: 200 });
  };
  const first = api("GET", "/wallet/").then((data) => { guestMade(); return data; });
  const second = api("GET", "/players/me/");
  assert.deepEqual(await Promise.all([first, second]), [{ as: "Token g1" }, { as: "Token g1" }]);
  assert.equal(guests, 1);
  assert.equal(currentToken(), "g1");
});

test("a second refusal is the caller's to handle: no loop of new guests", async () => {
  answer(
    { status: 401, body: { error: { code: "not_authenticated", message: "No." } } },
    { status: 201, body: { token: "t1k" } },
    { status: 401, body: { error: { code: "not_authenticated", message: "Still no." } } },
  );
  const error = await api("GET", "/wallet/").catch((e) => e);
  assert.equal(error.status, 401);
  assert.equal(calls.length, 3);
});

/* The page's own wording of a lost connection, as an ApiError marked network. */
function assertLostConnection(error) {
  assert.ok(error instanceof ApiError);
  assert.equal(error.network, true);
  assert.equal(error.message, "Нет связи с сервером.");
}

test("a lost connection is an ApiError marked network, worded by the page", async () => {
  explainNetworkFailure(() => "Нет связи с сервером.");
  answer(new TypeError("Failed to fetch"));
  assertLostConnection(await api("GET", "/games/7/events/?after=3").catch((e) => e));
});

test("a request with no answer is given up after the timeout, as a lost connection", async (t) => {
  t.after(() => mock.timers.reset());
  mock.timers.enable({ apis: ["setTimeout"] });
  explainNetworkFailure(() => "Нет связи с сервером.");
  let signal = null;
  globalThis.fetch = (url, init) => new Promise((resolve, reject) => {
    signal = init.signal; // a server that never answers: only the abort ends the wait
    signal.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
  });
  const pending = api("GET", "/tournaments/3/").catch((e) => e);
  await Promise.resolve();
  mock.timers.tick(REQUEST_TIMEOUT_MS - 1);
  assert.equal(signal.aborted, false);
  mock.timers.tick(1);
  assertLostConnection(await pending);
});

test("an answer in time clears its timer: nothing is aborted later", async (t) => {
  t.after(() => mock.timers.reset());
  mock.timers.enable({ apis: ["setTimeout"] });
  let signal = null;
  globalThis.fetch = async (url, init) => {
    signal = init.signal;
    return new Response(JSON.stringify({ id: 3 }), { status: 200 });
  };
  assert.deepEqual(await api("GET", "/tournaments/3/"), { id: 3 });
  mock.timers.tick(REQUEST_TIMEOUT_MS * 2);
  assert.equal(signal.aborted, false);
});
