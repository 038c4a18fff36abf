/* The platform's REST API (/api/v1) for every page: one fetch wrapper, the guest token,
 * and one error shape. The server answers errors as {"error": {"code", "message"}}; every
 * refusal reaches the caller as an ApiError carrying that code and the HTTP status.
 */
import { load, save } from "./prefs.js";

const BASE = "/api/v1";
// A request with no whole answer by then is given up as a lost connection: a page waiting on
// it would otherwise wait for ever (one read at a time: every later refresh queues behind it).
export const REQUEST_TIMEOUT_MS = 20000;
const NO_GUEST_RETRY = new Set(["/auth/guest/", "/auth/token/", "/auth/logout/", "/auth/password/"]);

export class ApiError extends Error {
  /**
   * @param {string} message  the server's own (English) words, or the network's failure
   * @param {{status?: number, code?: string, data?: any, network?: boolean}} [info]
   *   the HTTP status (0 without an answer), the error's code, the whole answer's body,
   *   and whether the request never reached the server
   */
  constructor(message, { status = 0, code, data = null, network = false } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
    this.network = network;
  }
}

// The token of this browser's player (a guest's or a registered account's), shared by
// every page of the site: signing in or out anywhere changes it for all (account.js).
let token = load("token", null);
export const currentToken = () => token;

export function setToken(next, { announce = true } = {}) {
  token = next || null;
  save("token", token);
  if (announce) announceToken();
}

// The account corner hears of a token made or dropped by the page (a new guest).
function announceToken() {
  if (typeof window !== "undefined" && typeof window.dispatchEvent === "function" && typeof Event === "function") {
    window.dispatchEvent(new Event("durak-token"));
  }
}

// A page may word the "no connection" failure in its own language.
let networkMessage = (cause) => cause.message;
export function explainNetworkFailure(fn) {
  networkMessage = fn;
}

function csrf() {
  if (typeof document === "undefined") return "";
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : (document.body.dataset.csrf || "");
}

async function request(method, path, body, retried) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Token " + token;
  if (method !== "GET") headers["X-CSRFToken"] = csrf();
  const sentWith = token;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  let resp;
  let data = null;
  try {
    resp = await fetch(BASE + path, {
      method, headers, credentials: "same-origin", signal: abort.signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    try { data = await resp.json(); } catch (e) { data = null; }
  } catch (e) {
    throw new ApiError(networkMessage(e), { network: true });
  } finally {
    clearTimeout(timer);
  }
  // An answer whose body was cut off by the timeout is no answer.
  if (abort.signal.aborted) throw new ApiError(networkMessage(new Error("timeout")), { network: true });
  // Signing in, out or changing the password answer 401 for a wrong password or a token
  // already gone: the person is told, not silently made a new guest.
  if (resp.status === 401 && !retried && !NO_GUEST_RETRY.has(path)) {
    // The stored guest is gone (a fresh database): make a new one, once. A request that
    // left with the old token and is refused after another one made the new guest keeps it.
    if (token === sentWith) token = null;
    await ensureGuest();
    return request(method, path, body, true);
  }
  if (!resp.ok) {
    const info = (data && data.error) || {};
    const message = info.message || (data && data.detail) || resp.statusText || String(resp.status);
    throw new ApiError(message, { status: resp.status, code: info.code, data });
  }
  return data;
}

export function api(method, path, body) {
  return request(method, path, body, false);
}

/* What a socket's URL carries: a one-use ticket (POST /auth/ticket/, good for a minute),
 * so the long-lived token stays out of URLs and whatever logs them; the token itself
 * when no ticket comes (an older server, a throttled moment). "" without a player. */
export async function socketCredential() {
  if (!token) return "";
  try {
    const data = await api("POST", "/auth/ticket/");
    if (data && typeof data.ticket === "string") return "ticket=" + encodeURIComponent(data.ticket);
  } catch (e) { /* the token will do */ }
  return token ? "token=" + encodeURIComponent(token) : "";
}

/* A player for this browser: the remembered guest, or a new one. Callers at the same
 * moment (a page and its table notices) share one request, so one guest is made. */
let guestComing = null;
export function ensureGuest() {
  if (token) return Promise.resolve();
  if (!guestComing) {
    guestComing = request("POST", "/auth/guest/", {}, false).then((data) => {
      setToken(data.token);
    }).finally(() => { guestComing = null; });
  }
  return guestComing;
}
