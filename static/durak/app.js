/* «Дурак онлайн»: the game page. No build step: one classic script after i18n.js.
 *
 * The server's view is the truth. Events (REST polling or the websocket) are replayed one
 * by one into a display model so a person can follow each computer move; the page takes
 * input only when the display has caught up with the latest view (same seq).
 */
(function () {
  "use strict";

  const API = "/api/v1";
  const STORE = "durak.";
  const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
  const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  const RANK_RU = { J: "В", Q: "Д", K: "К", A: "Т" };
  const STRINGS = window.DURAK_I18N;

  const $ = (sel, root) => (root || document).querySelector(sel);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const clone = (o) => JSON.parse(JSON.stringify(o));
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");

  function load(key, fallback) {
    try {
      const raw = localStorage.getItem(STORE + key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }
  function save(key, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(STORE + key);
      else localStorage.setItem(STORE + key, JSON.stringify(value));
    } catch (e) { /* private mode: the game still works, it is just not remembered */ }
  }

  // Pacing of the replay; "durak.speed" in localStorage scales it (the browser tests use 0.1).
  const SPEED_RAW = Number(load("speed", 1));
  const SPEED = isFinite(SPEED_RAW) && SPEED_RAW >= 0 ? SPEED_RAW : 1;
  const POLL_MS = 700;
  const STEP_MS = 600 * SPEED;

  const S = {
    lang: load("lang", "ru") === "en" ? "en" : "ru",
    token: load("token", null),
    gameId: load("game", null),
    settings: Object.assign({ opponents: 1, level: "novice", transfer: false }, load("settings", {})),
    pendingSettings: false,
    view: null, // the latest view from the server
    model: null, // what is on screen: the view as of the last replayed event
    lastSeq: 0, // the highest event seq received
    queue: [],
    busy: false,
    sending: false,
    fetching: false,
    mode: null, // {kind: "target", card, targets} | {kind: "transfer"} | {kind: "select", cards}
    hint: null,
    message: null,
    log: [],
    anim: null, // what the event being shown changed: {cards: [...], seat, sweep}
    actor: null,
    ws: null,
    wsOpen: false,
    wsFails: 0,
    lastHeard: 0,
    names: {},
    said: {}, // each computer's latest words this bout, shown in a bubble
  };

  /* ---------- text ---------- */

  function t(key, params) {
    const table = STRINGS[S.lang] || STRINGS.ru;
    let s = table[key];
    if (s === undefined) s = STRINGS.ru[key];
    if (s === undefined) s = key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : params[k]));
    return s;
  }
  // "6 карт" / "1 карта"; ``taken`` is the object form: «берёт 1 карту».
  function countCards(n, taken) {
    if (S.lang === "ru") {
      const d = n % 10, h = n % 100;
      if (d === 1 && h !== 11) return t(taken ? "cardsAcc.one" : "cards.one", { n });
      if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return t("cards.few", { n });
      return t("cards", { n });
    }
    return n === 1 ? t("cards.one", { n }) : t("cards", { n });
  }
  const rankOf = (c) => c.slice(0, -1);
  const suitOf = (c) => c.slice(-1);
  const rankLabel = (r) => (S.lang === "ru" && RANK_RU[r]) || r;
  const cardText = (c) => rankLabel(rankOf(c)) + SUITS[suitOf(c)];
  const cardsText = (cs) => cs.map(cardText).join(" ");
  function cardAria(c) {
    const r = rankOf(c);
    return t("aria.card", { rank: t("rank." + r) === "rank." + r ? r : t("rank." + r), suit: t("suit." + suitOf(c)) });
  }

  /* ---------- the server ---------- */

  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : (document.body.dataset.csrf || "");
  }

  async function api(method, path, body, retried) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (S.token) headers.Authorization = "Token " + S.token;
    if (method !== "GET") headers["X-CSRFToken"] = csrf();
    let resp;
    try {
      resp = await fetch(API + path, {
        method, headers, credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      const err = new Error(t("err.network"));
      err.network = true;
      throw err;
    }
    let data = null;
    try { data = await resp.json(); } catch (e) { data = null; }
    if (resp.status === 401 && !retried && path !== "/auth/guest/") {
      // The stored guest is gone (a fresh database): make a new one, once.
      S.token = null;
      await ensureGuest();
      return api(method, path, body, true);
    }
    if (!resp.ok) {
      const info = (data && data.error) || {};
      const err = new Error(info.message || (data && data.detail) || resp.statusText || String(resp.status));
      err.status = resp.status;
      err.code = info.code;
      err.data = data;
      throw err;
    }
    return data;
  }

  async function ensureGuest() {
    if (S.token) return;
    const data = await api("POST", "/auth/guest/", {});
    S.token = data.token;
    save("token", S.token);
  }

  /* ---------- the display model ---------- */

  function me() {
    return S.model && S.model.you ? S.model.you.seat : null;
  }
  function seatName(seat) {
    if (seat === null || seat === undefined) return "";
    if (seat === me()) return t("you");
    const info = S.model && S.model.seats[seat];
    if (info && info.kind === "human" && info.name) return info.name;
    // Computer players are numbered in seat order after you.
    const mine = me() || 0;
    const n = S.model ? S.model.seats.length : 2;
    return t("cpu") + " " + (((seat - mine + n) % n) || seat);
  }

  function sortHand(model) {
    if (!model.you) return;
    const trump = model.trump_suit;
    const order = "SCDH";
    const key = (c) => (suitOf(c) === trump ? 10 : order.indexOf(suitOf(c))) * 100 + RANKS.indexOf(rankOf(c));
    model.you.hand.sort((a, b) => key(a) - key(b));
  }

  function removeFromSeat(model, seat, cards) {
    const s = model.seats[seat];
    if (!s) return;
    s.hand_count = Math.max(0, s.hand_count - cards.length);
    if (s.known) s.known = s.known.filter((c) => !cards.includes(c));
    if (model.you && seat === model.you.seat) model.you.hand = model.you.hand.filter((c) => !cards.includes(c));
  }

  function applyEvent(model, e) {
    const seat = model.seats[e.seat];
    switch (e.type) {
      case "bout_started":
        model.attacker = e.attacker;
        model.defender = e.defender;
        model.table = [];
        model.taking = false;
        break;
      case "attack_played":
        e.cards.forEach((c) => model.table.push({ attack: c, defense: null }));
        removeFromSeat(model, e.seat, e.cards);
        break;
      case "card_beaten":
        if (model.table[e.target]) model.table[e.target].defense = e.card;
        removeFromSeat(model, e.seat, [e.card]);
        break;
      case "attack_transferred":
        if (!e.shown) {
          e.cards.forEach((c) => model.table.push({ attack: c, defense: null }));
          removeFromSeat(model, e.seat, e.cards);
        }
        model.attacker = e.seat;
        model.defender = e.defender;
        model.taking = false;
        break;
      case "take_declared":
        model.taking = true;
        break;
      case "bout_ended": {
        const n = (e.cards || []).length;
        if (e.outcome === "taken") {
          const d = model.seats[e.defender];
          if (d) {
            d.hand_count += n;
            if (d.known) d.known = d.known.concat(e.cards);
          }
          if (model.you && e.defender === model.you.seat) model.you.hand = model.you.hand.concat(e.cards);
        } else {
          model.discard_count += n;
        }
        model.table = [];
        model.taking = false;
        break;
      }
      case "cards_drawn": {
        const n = e.count !== undefined ? e.count : (e.cards || []).length;
        if (seat) seat.hand_count += n;
        model.deck_count = Math.max(0, model.deck_count - n);
        if (model.you && e.seat === model.you.seat && e.cards) model.you.hand = model.you.hand.concat(e.cards);
        break;
      }
      case "hands_passed": {
        // «Круглый дурак»: every hand still in moves one seat on; what the table knew of
        // a hand moves with it. The event shows this viewer its own new hand only.
        const counts = e.hand_counts || e.hands.map((h) => (h ? h.length : 0));
        const active = model.seats.map((s, i) => i).filter((i) => !model.seats[i].out);
        const known = active.map((i) => model.seats[i].known || []);
        active.forEach((i, k) => { model.seats[i].known = known[(k + active.length - 1) % active.length]; });
        model.seats.forEach((s, i) => { s.hand_count = counts[i]; });
        if (model.you && e.hands[model.you.seat]) model.you.hand = e.hands[model.you.seat].slice();
        break;
      }
      case "player_out":
        if (seat) seat.out = true;
        break;
      case "game_finished":
        model.status = "finished";
        model.result = { durak: e.durak, draw: e.draw, losers: e.losers, places: e.places };
        model.to_act = [];
        break;
      default:
        break;
    }
    model.seq = e.seq;
    sortHand(model);
  }

  /* A fresh game: rebuild the position right after the deal, so the first moves replay. */
  function modelAtDeal(view, events) {
    const started = events.find((e) => e.type === "game_started");
    const dealt = events.find((e) => e.type === "cards_dealt");
    if (!started || !dealt || !view.you) return null;
    const model = clone(view);
    const counts = dealt.hand_counts || dealt.hands.map((h) => (h ? h.length : 0));
    const dealtTotal = counts.reduce((a, b) => a + b, 0);
    model.seq = dealt.seq;
    model.table = [];
    model.discard_count = 0;
    model.deck_count = (started.deck_size || (started.deck || []).length || view.rules.deck) - dealtTotal;
    model.status = "active";
    model.result = null;
    model.taking = false;
    model.seats.forEach((s, i) => { s.hand_count = counts[i]; s.out = false; s.known = []; });
    model.you.hand = (dealt.hands[view.you.seat] || []).slice();
    model.to_act = [];
    sortHand(model);
    return model;
  }

  /* ---------- the event pump ---------- */

  function enqueue(events) {
    if (S.model && S.model.status === "waiting" && (events || []).some((e) => e.type === "cards_dealt")) {
      adoptDeal();
      return;
    }
    for (const e of events || []) {
      if (typeof e.seq !== "number" || e.seq <= S.lastSeq) continue;
      S.queue.push(e);
      S.lastSeq = e.seq;
    }
    S.lastHeard = Date.now();
  }

  function stepDelay(e) {
    const mine = e.seat !== undefined && e.seat === me();
    switch (e.type) {
      case "attack_played":
      case "card_beaten":
      case "attack_transferred":
      case "take_declared":
      case "passed":
        return (mine ? 150 : 600) * SPEED;
      case "bout_ended":
        return STEP_MS;
      case "cards_drawn":
        return (mine ? 200 : 250) * SPEED;
      case "player_out":
        return STEP_MS;
      default:
        return 0;
    }
  }

  async function pump() {
    if (S.busy || !S.model) return;
    S.busy = true;
    try {
      while (S.queue.length) {
        const e = S.queue.shift();
        if (e.seq <= S.model.seq) continue;
        if (e.type === "bout_ended" && S.model.table.length) {
          // Let the table sweep away before it empties.
          S.anim = { sweep: e.outcome === "taken" ? "taken" : "beaten", seat: e.defender };
          render();
          await sleep(350 * SPEED);
        }
        const before = S.model.table.length;
        applyEvent(S.model, e);
        S.actor = e.seat !== undefined ? e.seat : null;
        S.anim = {
          seat: e.seat,
          cards: e.type === "card_beaten" ? [e.card] : (e.type === "attack_played" || e.type === "attack_transferred") ? e.cards : [],
          type: e.type,
          // Cards arriving in your hand: drawn, or picked up from the table.
          hand: e.type === "cards_drawn" && e.seat === me() ? e.cards || []
            : e.type === "bout_ended" && e.outcome === "taken" && e.defender === me() ? e.cards || [] : [],
        };
        if (logWorthy(e)) addLog(e, before);
        if (e.type === "bout_started") S.said = {};
        else if (e.seat !== undefined && e.type !== "cards_drawn") S.said[e.seat] = S.log[S.log.length - 1];
        render();
        await sleep(stepDelay(e));
      }
    } finally {
      S.busy = false;
      S.anim = null;
      S.actor = null;
    }
    await sync();
  }

  /* Catch the display up with the server's view once every event is shown. */
  async function sync() {
    if (!S.model || S.busy || S.queue.length) return;
    if (S.view && S.view.seq === S.model.seq) {
      adoptView(S.view);
      return;
    }
    if (!S.view || S.view.seq < S.model.seq) {
      const gid = S.gameId;
      try {
        const v = await api("GET", "/games/" + gid + "/");
        if (gid !== S.gameId) return;
        if (!S.view || v.seq >= S.view.seq) S.view = v;
      } catch (e) {
        return;
      }
      if (S.view.seq === S.model.seq && !S.busy && !S.queue.length) adoptView(S.view);
      else if (S.view.seq > S.model.seq) fetchEvents();
    }
    render();
  }

  function adoptView(v) {
    if (S.adoptedSeq !== v.seq) {
      // A choice half made (a target, a transfer card, a hint) belongs to the old position.
      S.mode = null;
      S.hint = null;
      S.adoptedSeq = v.seq;
    }
    const keepLog = S.model;
    S.model = clone(v);
    sortHand(S.model);
    if (v.seq > S.lastSeq) S.lastSeq = v.seq;
    if (!keepLog) S.log = [];
    render();
  }

  async function fetchEvents() {
    if (S.fetching || !S.gameId) return;
    S.fetching = true;
    const gid = S.gameId;
    try {
      const data = await api("GET", "/games/" + gid + "/events/?after=" + S.lastSeq);
      if (gid !== S.gameId) return;
      enqueue(data.events);
      if (S.message && S.message.network) S.message = null;
    } catch (e) {
      if (e.network) { S.message = { text: t("err.network"), network: true }; render(); }
      return;
    } finally {
      S.fetching = false;
    }
    pump();
  }

  function needsPolling() {
    const v = S.view;
    if (!v || !S.gameId || S.sending) return false;
    if (S.model && S.model.seq < v.seq) return true;
    if (v.status === "finished") return false;
    const mine = v.you ? v.you.seat : -1;
    return (v.to_act || []).some((s) => s !== mine) || v.status === "waiting";
  }

  function pollTick() {
    if (document.hidden && !S.busy) return;
    if (!needsPolling()) return;
    // With a live socket, ask only when it has been quiet for a while (it may drop messages).
    if (S.wsOpen && Date.now() - S.lastHeard < 3000) return;
    fetchEvents();
  }

  /* ---------- the websocket (optional: polling covers everything without it) ---------- */

  function connectWs() {
    if (!window.WebSocket || !S.gameId || !S.token) return;
    if (S.ws) { try { S.ws.close(); } catch (e) { /* already closed */ } }
    const gid = S.gameId;
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
      "/ws/games/" + encodeURIComponent(gid) + "/?token=" + encodeURIComponent(S.token);
    let ws;
    try { ws = new WebSocket(url); } catch (e) { return; }
    S.ws = ws;
    ws.onopen = () => {
      if (S.ws !== ws) return;
      S.wsOpen = true;
      S.wsFails = 0;
      ws.send(JSON.stringify({ type: "resume", after: S.lastSeq }));
    };
    ws.onmessage = (m) => {
      if (S.ws !== ws || gid !== S.gameId) return;
      let d;
      try { d = JSON.parse(m.data); } catch (e) { return; }
      S.lastHeard = Date.now();
      if (d.type === "state" && d.view) {
        if (!S.view || d.view.seq >= S.view.seq) S.view = d.view;
        if (d.view.seq > S.lastSeq) fetchEvents();
        else pump();
      } else if (d.type === "event" && d.event && typeof d.event.seq === "number") {
        if (d.event.seq > S.lastSeq + 1) {
          // A gap (a dropped message): read what is missing from the REST log, in order.
          fetchEvents();
          return;
        }
        enqueue([d.event]);
        pump();
      }
    };
    ws.onerror = () => { /* silent: polling carries on */ };
    ws.onclose = () => {
      if (S.ws !== ws) return;
      S.ws = null;
      S.wsOpen = false;
      S.wsFails += 1;
      if (gid === S.gameId && S.wsFails < 8) setTimeout(() => { if (gid === S.gameId && !S.ws) connectWs(); }, Math.min(15000, 500 * 2 ** S.wsFails));
    };
  }

  /* ---------- games ---------- */

  function setGame(view) {
    S.gameId = view.id;
    save("game", view.id);
    S.view = view;
    S.mode = null;
    S.hint = null;
    S.queue = [];
    S.log = load("log." + view.id, []);
    S.names = {};
    S.said = {};
    S.lastSeq = view.seq;
    S.adoptedSeq = view.seq;
    S.model = clone(view);
    sortHand(S.model);
    S.wsFails = 0;
    connectWs();
  }

  async function newGame(withFriends) {
    if (S.creating) return;
    S.creating = true;
    const st = S.settings;
    // With friends every other seat stays open for whoever follows the invitation link.
    const body = {
      rules: { variant: st.transfer ? "perevodnoy" : "podkidnoy", players: st.opponents + 1, deck: 36 },
      opponents: withFriends ? [] : Array.from({ length: st.opponents }, () => ({ ai: st.level })),
    };
    leaveLink();
    S.pendingSettings = false;
    renderSettings();
    S.message = null;
    S.mode = null;
    S.hint = null;
    try {
      await ensureGuest();
      const view = await api("POST", "/games/", body);
      let events = null;
      try {
        events = (await api("GET", "/games/" + view.id + "/events/?after=0")).events || [];
      } catch (e) { /* the view alone will do */ }
      setGame(view);
      S.log = [];
      save("log." + view.id, []);
      // Replay from the deal, so a computer's first lead is seen being played.
      const start = events && modelAtDeal(view, events);
      if (start) {
        S.model = start;
        S.lastSeq = start.seq;
        enqueue(events);
      }
    } catch (e) {
      S.message = { text: t("err.generic", { message: e.message }) };
    } finally {
      S.creating = false;
    }
    render();
    pump();
  }

  /* A shared link, /?game=<id>: take a free seat, or sit back down, or watch. */
  function linkedGame() {
    const id = new URLSearchParams(location.search).get("game");
    return id && /^\d+$/.test(id) ? Number(id) : null;
  }
  function leaveLink() {
    if (linkedGame() !== null) history.replaceState(null, "", location.pathname);
  }
  function inviteLink(id) {
    return location.origin + location.pathname + "?game=" + id;
  }

  async function openLinked(id) {
    let view = await api("GET", "/games/" + id + "/");
    if (!view.you && view.status === "waiting") {
      try {
        view = await api("POST", "/games/" + id + "/join/", {});
      } catch (e) {
        if (e.network) throw e;
        view = await api("GET", "/games/" + id + "/");
        S.message = { text: t("err.noSeat") };
      }
    }
    if (view.you) leaveLink(); // a player's page resumes its own game from now on
    await showGame(view);
  }

  /* Show a game from its start when it is just being dealt, else as it stands. */
  async function showGame(view) {
    let events = null;
    if (view.status !== "waiting" && view.seq < 40) {
      try {
        events = (await api("GET", "/games/" + view.id + "/events/?after=0")).events || [];
      } catch (e) { /* the view alone will do */ }
    }
    if (view.you) setGame(view);
    else watchGame(view);
    const start = events && modelAtDeal(view, events);
    if (start) {
      S.model = start;
      S.lastSeq = start.seq;
      enqueue(events);
    }
    render();
    pump();
  }

  function watchGame(view) {
    const own = load("game", null);
    setGame(view);
    save("game", own); // watching does not replace the player's own game
  }

  /* The last seat was taken: the deal has happened, so start the model from the view. */
  async function adoptDeal() {
    if (S.adopting) return;
    S.adopting = true;
    const gid = S.gameId;
    try {
      const view = await api("GET", "/games/" + gid + "/");
      if (gid === S.gameId && view.status !== "waiting") await showGame(view);
    } catch (e) { /* the next poll tries again */ } finally {
      S.adopting = false;
    }
  }

  async function resumeGame() {
    try {
      await ensureGuest();
    } catch (e) {
      S.message = { text: t("err.network"), network: true };
      render();
      setTimeout(resumeGame, 2000);
      return;
    }
    const linked = linkedGame();
    if (linked !== null) {
      try {
        await openLinked(linked);
        return;
      } catch (e) {
        if (e.network) {
          S.message = { text: t("err.network"), network: true };
          render();
          setTimeout(resumeGame, 2000);
          return;
        }
        leaveLink(); // no such game: carry on with our own
      }
    }
    if (S.gameId) {
      try {
        const view = await api("GET", "/games/" + S.gameId + "/");
        if (view.you) {
          setGame(view);
          render();
          pump();
          return;
        }
      } catch (e) {
        if (e.network) {
          S.message = { text: t("err.network"), network: true };
          render();
          setTimeout(resumeGame, 2000);
          return;
        }
      }
      save("game", null);
      S.gameId = null;
    }
    await newGame();
  }

  /* ---------- actions ---------- */

  function interactive() {
    return !!(S.view && S.model && !S.busy && !S.sending && !S.queue.length &&
      S.view.seq === S.model.seq && S.view.status === "active");
  }
  function legal() {
    return interactive() ? S.view.legal_actions || [] : [];
  }

  async function send(action) {
    if (!interactive()) return;
    S.sending = true;
    S.mode = null;
    S.hint = null;
    S.message = null;
    render();
    const gid = S.gameId;
    try {
      const view = await api("POST", "/games/" + gid + "/actions/", Object.assign({}, action, { expected_seq: S.view.seq }));
      if (gid === S.gameId && view && typeof view.seq === "number" && view.seq >= S.view.seq) S.view = view;
    } catch (e) {
      if (e.status === 409 || e.code === "stale_seq") S.message = { text: t("err.stale") };
      else S.message = { text: e.network ? t("err.network") : t("err.generic", { message: e.message }) };
    } finally {
      S.sending = false;
    }
    await fetchEvents();
    if (!S.busy) sync();
  }

  /* The plays a card takes part in, by kind. */
  function playsFor(card) {
    const out = { attack: [], defend: [], transfer: [] };
    for (const a of legal()) {
      if (a.type === "attack" && a.cards.includes(card)) out.attack.push(a);
      else if (a.type === "defend" && a.card === card) out.defend.push(a);
      else if (a.type === "transfer" && !a.shown && a.cards.includes(card)) out.transfer.push(a);
    }
    return out;
  }
  const multiLead = () => legal().some((a) => a.type === "attack" && a.cards.length > 1);
  const transferSingles = () => legal().filter((a) => a.type === "transfer" && !a.shown && a.cards.length === 1);

  function cardPlayable(card) {
    const p = playsFor(card);
    if (S.mode && S.mode.kind === "transfer") return p.transfer.some((a) => a.cards.length === 1);
    if (S.mode && S.mode.kind === "select") {
      const chosen = S.mode.cards;
      return p.attack.some((a) => chosen.every((c) => a.cards.includes(c)) || a.cards.length === 1 && !chosen.length) || chosen.includes(card) ||
        (chosen.length > 0 && rankOf(chosen[0]) === rankOf(card) && p.attack.length > 0);
    }
    return p.attack.length > 0 || p.defend.length > 0 || p.transfer.some((a) => a.cards.length === 1);
  }

  function clickCard(card) {
    if (!interactive() || !cardPlayable(card)) return;
    const p = playsFor(card);
    S.hint = null;
    if (S.mode && S.mode.kind === "transfer") {
      const a = p.transfer.find((x) => x.cards.length === 1);
      if (a) send(a);
      return;
    }
    if (p.defend.length) {
      if (p.defend.length === 1) { send(p.defend[0]); return; }
      if (S.mode && S.mode.kind === "target" && S.mode.card === card) { S.mode = null; render(); return; }
      S.mode = { kind: "target", card, targets: p.defend.map((a) => a.target) };
      render();
      const first = $(".table .target");
      if (first) first.focus();
      return;
    }
    if (p.attack.length) {
      if (!multiLead()) { send(p.attack.find((a) => a.cards.length === 1) || p.attack[0]); return; }
      let chosen = S.mode && S.mode.kind === "select" ? S.mode.cards.slice() : [];
      if (chosen.includes(card)) chosen = chosen.filter((c) => c !== card);
      else if (chosen.length && rankOf(chosen[0]) !== rankOf(card)) chosen = [card];
      else chosen.push(card);
      S.mode = chosen.length ? { kind: "select", cards: chosen } : null;
      render();
      return;
    }
    const tr = p.transfer.find((a) => a.cards.length === 1);
    if (tr) send(tr);
  }

  function clickTarget(index) {
    if (!S.mode || S.mode.kind !== "target" || !S.mode.targets.includes(index)) return;
    const a = legal().find((x) => x.type === "defend" && x.card === S.mode.card && x.target === index);
    if (a) send(a);
  }

  function clickTransfer() {
    const singles = transferSingles();
    if (!singles.length) return;
    const cards = Array.from(new Set(singles.map((a) => a.cards[0])));
    if (cards.length === 1) { send(singles[0]); return; }
    S.mode = S.mode && S.mode.kind === "transfer" ? null : { kind: "transfer" };
    S.hint = null;
    render();
  }

  function clickLead() {
    if (!S.mode || S.mode.kind !== "select") return;
    const chosen = S.mode.cards.slice().sort();
    const a = legal().find((x) => x.type === "attack" && x.cards.length === chosen.length && x.cards.slice().sort().every((c, i) => c === chosen[i]));
    if (a) send(a);
  }

  async function clickHint() {
    if (!interactive()) return;
    const seqAsked = S.view.seq;
    try {
      const data = await api("GET", "/games/" + S.gameId + "/hint/?level=experienced");
      if (!S.view || S.view.seq !== seqAsked) return;
      S.hint = data && data.action ? data.action : { none: true };
    } catch (e) {
      S.hint = { none: true };
      // A table without hints (a tournament's): say so once and put the button away.
      if (e.code === "hints_off") { S.hintsOff = S.gameId; S.hint = null; S.message = { text: t("hint.off") }; }
    }
    render();
  }

  function actionText(a) {
    if (!a || a.none) return t("hint.none");
    switch (a.type) {
      case "attack": return t(S.model.table.length ? "act.throw" : "act.attack", { cards: cardsText(a.cards) });
      case "defend": {
        const pair = S.model.table[a.target];
        return t("act.defend", { card: cardText(a.card), target: pair ? cardText(pair.attack) : "?" });
      }
      case "transfer": return t("act.transfer", { cards: cardsText(a.cards) });
      case "take": return t("act.take");
      case "pass": return t("act.pass", { pass: passLabel() });
      default: return a.type;
    }
  }
  const passLabel = () => t(S.model && S.model.taking ? "btnLetTake" : "btnBeat");

  /* ---------- the log ---------- */

  function logWorthy(e) {
    return ["attack_played", "card_beaten", "attack_transferred", "take_declared", "passed", "bout_ended",
      "cards_drawn", "hands_passed", "player_out", "game_finished"].includes(e.type);
  }
  function addLog(e, tableBefore) {
    const entry = { e: Object.assign({}, e), throwIn: e.type === "attack_played" && tableBefore > 0, taking: S.model.taking };
    if (e.type === "card_beaten") entry.target = S.model.table[e.target] ? S.model.table[e.target].attack : null;
    S.log.push(entry);
    if (S.log.length > 40) S.log.splice(0, S.log.length - 40);
    if (S.gameId) save("log." + S.gameId, S.log.slice(-12));
  }
  function logText(entry) {
    const e = entry.e;
    const name = seatName(e.seat);
    // "You" takes its own verb form: «Вы ходите», not «Вы ходит».
    const say = (key, params, seat) => {
      const own = key + ".you";
      const table = STRINGS[S.lang] || STRINGS.ru;
      return t(seat === me() && table[own] ? own : key, Object.assign({ name }, params));
    };
    switch (e.type) {
      case "attack_played": return say(entry.throwIn ? "log.throw" : "log.lead", { cards: cardsText(e.cards) }, e.seat);
      case "card_beaten": return say("log.beat", { card: cardText(e.card), target: entry.target ? cardText(entry.target) : "" }, e.seat);
      case "attack_transferred": return say(e.shown ? "log.shown" : "log.transfer", { cards: cardsText(e.cards), defender: seatName(e.defender) }, e.seat);
      case "take_declared": return say("log.take", {}, e.seat);
      case "passed": return say(entry.taking ? "log.passTake" : "log.passBeat", {}, e.seat);
      case "bout_ended":
        return e.outcome === "taken"
          ? say("log.taken", { name: seatName(e.defender), n: countCards((e.cards || []).length, true) }, e.defender)
          : t("log.beaten", { n: countCards((e.cards || []).length, true) });
      case "cards_drawn":
        return e.seat === me() && e.cards ? t("log.drawnYou", { cards: cardsText(e.cards) })
          : t("log.drawn", { name, n: countCards(e.count !== undefined ? e.count : (e.cards || []).length, true) });
      case "hands_passed": return t("log.handsPassed");
      case "player_out": return say("log.out", {}, e.seat);
      case "game_finished": return t("log.finished");
      default: return "";
    }
  }

  function sayText(entry) {
    const e = entry.e;
    switch (e.type) {
      case "attack_played": return t(entry.throwIn ? "say.throw" : "say.lead", { cards: cardsText(e.cards) });
      case "card_beaten": return t("say.beat", { card: cardText(e.card), target: entry.target ? cardText(entry.target) : "" });
      case "attack_transferred": return t("say.transfer", { cards: cardsText(e.cards) });
      case "take_declared": return t("say.take");
      case "passed": return t(entry.taking ? "say.passTake" : "say.passBeat");
      case "player_out": return t("say.out");
      default: return "";
    }
  }

  /* ---------- rendering ---------- */

  function cardHTML(card, opts) {
    opts = opts || {};
    const red = "DH".includes(suitOf(card)) ? " red" : "";
    const trump = S.model && suitOf(card) === S.model.trump_suit ? " trumpcard" : "";
    const cls = "card" + red + trump + (opts.cls ? " " + opts.cls : "");
    const inner = '<span class="r">' + esc(rankLabel(rankOf(card))) + '</span><span class="s" aria-hidden="true">' +
      SUITS[suitOf(card)] + '</span><span class="r2" aria-hidden="true">' + esc(rankLabel(rankOf(card))) + "</span>";
    const attrs = ' data-card="' + card + '"' + (opts.attrs || "");
    if (opts.button) {
      return '<button type="button" class="' + cls + '"' + attrs + ' aria-label="' + esc(opts.label || cardAria(card)) + '">' + inner + "</button>";
    }
    return '<div class="' + cls + '"' + attrs + ' role="img" aria-label="' + esc(cardAria(card)) + '">' + inner + "</div>";
  }
  const backHTML = (cls) => '<div class="card back' + (cls ? " " + cls : "") + '" aria-hidden="true"></div>';

  function roleOf(seat) {
    const m = S.model;
    const s = m.seats[seat];
    if (m.result && m.result.losers && m.result.losers.includes(seat)) return "durak";
    if (s.out) return "out";
    if (seat === m.defender) return m.taking ? "taking" : "defender";
    if (seat === m.attacker) return "attacker";
    return null;
  }

  function renderOpponents() {
    const m = S.model;
    const mine = me();
    const n = m.seats.length;
    const seats = [];
    // A player sees the others round the table from their left; a watcher sees everyone.
    if (mine === null) seats.push(...m.seats);
    else for (let i = 1; i < n; i++) seats.push(m.seats[(mine + i) % n]);
    const acting = new Set(S.busy ? (S.actor !== null ? [S.actor] : []) : (S.view && S.view.seq === m.seq ? S.view.to_act || [] : []));
    return seats.map((s) => {
      const role = roleOf(s.seat);
      const shown = Math.min(s.hand_count, 8);
      let backs = "";
      for (let i = 0; i < shown; i++) backs += backHTML();
      const acted = S.anim && S.anim.seat === s.seat ? " acted" : "";
      const think = acting.has(s.seat) && !m.result ? '<span class="think">' + esc(t("role.thinking")) + "</span>" : "";
      const said = S.said[s.seat] ? sayText(S.said[s.seat]) : "";
      const bubble = said ? '<div class="said' + (S.anim && S.anim.seat === s.seat ? " fresh" : "") + '">' + esc(said) + "</div>" : "";
      const known = s.known && s.known.length ? '<div class="known">' + esc(t("known", { cards: cardsText(s.known) })) + "</div>" : "";
      return '<li class="opp' + (acting.has(s.seat) ? " active" : "") + (s.out ? " out" : "") + acted + '" data-seat="' + s.seat + '">' +
        '<div class="opp-head"><span class="name">' + esc(seatName(s.seat)) + "</span>" +
        (s.kind === "ai" && s.ai && STRINGS.ru["level." + s.ai] ? '<span class="lvl">' + esc(t("level." + s.ai).toLowerCase()) + "</span>" : "") +
        (role ? '<span class="role role-' + role + '">' + esc(t("role." + role)) + "</span>" : "") + think + "</div>" +
        '<div class="backs" aria-hidden="true">' + backs + "</div>" +
        '<div class="count" data-count="' + s.hand_count + '">' + esc(countCards(s.hand_count)) + "</div>" + known + bubble + "</li>";
    }).join("");
  }

  function renderTable() {
    const m = S.model;
    const newCards = new Set(S.anim && S.anim.cards ? S.anim.cards : []);
    const targets = S.mode && S.mode.kind === "target" ? S.mode.targets : [];
    const hint = S.hint && S.hint.type === "defend" ? S.hint.target : -1;
    if (!m.table.length) return '<p class="table-empty">' + esc(t("tableEmpty")) + "</p>";
    return m.table.map((pair, i) => {
      const isTarget = targets.includes(i);
      const enter = (c) => (newCards.has(c) ? " enter" : "");
      const atk = isTarget
        ? cardHTML(pair.attack, { button: true, cls: "target" + (hint === i ? " hinted" : ""), attrs: ' data-target="' + i + '"', label: t("aria.targetOn", { card: cardAria(pair.attack) }) })
        : cardHTML(pair.attack, { cls: enter(pair.attack) + (hint === i ? " hinted" : "") });
      const def = pair.defense ? cardHTML(pair.defense, { cls: "defense" + enter(pair.defense) }) : "";
      return '<div class="pair' + (pair.defense ? " beaten" : "") + '" data-index="' + i + '">' + atk + def + "</div>";
    }).join("");
  }

  function renderHand() {
    const m = S.model;
    if (!m.you) return "";
    const live = interactive();
    const hinted = new Set(S.hint ? (S.hint.cards || (S.hint.card ? [S.hint.card] : [])) : []);
    const chosen = S.mode && S.mode.kind === "select" ? S.mode.cards : [];
    const newCards = new Set(S.anim && S.anim.hand ? S.anim.hand : []);
    return m.you.hand.map((c) => {
      const ok = live && cardPlayable(c);
      let cls = ok ? "playable" : "dim";
      if (S.mode && S.mode.kind === "target" && S.mode.card === c) cls += " selected";
      if (chosen.includes(c)) cls += " selected";
      if (hinted.has(c)) cls += " hinted";
      if (newCards.has(c)) cls += " enter";
      return cardHTML(c, { button: true, cls, attrs: ok ? "" : ' aria-disabled="true"' });
    }).join("");
  }

  function statusText() {
    const m = S.model;
    const v = S.view;
    if (!m) return t("status.loading");
    if (m.result) return t("status.finished");
    if (m.status === "waiting") return t("status.waitingPlayers");
    if (!m.you) return t("status.watching");
    if (S.busy && S.actor !== null && S.actor !== me()) return t("status.waiting", { name: seatName(S.actor) });
    if (!interactive()) {
      const others = (v && v.to_act || []).filter((s) => s !== me());
      if (others.length && !S.sending) return t("status.waiting", { name: others.map(seatName).join(", ") });
      if (m.you && m.seats[me()] && m.seats[me()].out) return t("status.out");
      return "…";
    }
    if (S.mode && S.mode.kind === "target") return t("status.chooseTarget", { card: cardText(S.mode.card) });
    if (S.mode && S.mode.kind === "transfer") return t("status.chooseTransfer");
    if (S.mode && S.mode.kind === "select") return t("status.chooseLead");
    const acts = legal();
    if (!acts.length) {
      if (m.seats[me()] && m.seats[me()].out) return t("status.out");
      const others = (v.to_act || []).filter((s) => s !== me());
      if (m.taking && m.defender === me()) return t("status.youTaking");
      return others.length ? t("status.waiting", { name: others.map(seatName).join(", ") }) : "…";
    }
    if (!m.table.length) return multiLead() ? t("status.chooseLead") : t("status.yourLead");
    if (m.defender === me()) return t("status.youDefend");
    return t("status.youThrow", { pass: passLabel() });
  }

  function resultHTML() {
    const r = S.model.result;
    if (!r) return "";
    let head;
    const mine = me();
    if (r.draw) head = t("result.draw");
    else if (mine === null) head = t("status.finished");
    else if (r.losers && r.losers.includes(mine)) head = t("result.lose");
    else head = t("result.win");
    let detail = "";
    if (!r.draw && r.durak !== null && r.durak !== undefined && r.durak !== mine) detail = t("result.durak", { name: seatName(r.durak) });
    const places = (r.places || []).map(seatName).join(", ");
    return '<div class="result ' + (r.losers && r.losers.includes(mine) ? "lose" : r.draw ? "draw" : "win") + '" role="alert">' +
      "<strong>" + esc(head) + "</strong>" + (detail ? "<span>" + esc(detail) + "</span>" : "") +
      (places ? '<span class="places">' + esc(t("result.places", { list: places })) + "</span>" : "") +
      '<button type="button" class="btn primary" data-act="new">' + esc(t("newGame")) + "</button></div>";
  }

  function renderInvite() {
    const box = $("#invite");
    if (!box) return;
    const m = S.model;
    const waiting = Boolean(m && m.status === "waiting" && S.gameId);
    box.hidden = !waiting;
    if (!waiting) return;
    const link = $("#invite-link");
    if (link.value !== inviteLink(S.gameId)) link.value = inviteLink(S.gameId);
    // Only the creator (seat 0) may seat computers in the empty chairs.
    box.querySelector('[data-act="fill"]').hidden = !(m.you && m.you.seat === 0);
  }

  async function copyInvite() {
    const link = $("#invite-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
    } catch (e) {
      try { document.execCommand("copy"); } catch (e2) { /* the link stays selected for the person to copy */ }
    }
    S.message = { text: t("invite.copied") };
    render();
  }

  async function fillSeats() {
    try {
      const view = await api("POST", "/games/" + S.gameId + "/fill/", { ai: S.settings.level });
      await showGame(view);
    } catch (e) {
      S.message = { text: t("err.generic", { message: e.message }) };
      render();
    }
  }

  function render() {
    const game = $("#game");
    if (!game) return;
    renderStatic();
    renderInvite();
    const m = S.model;
    if (!m) {
      $("#status").textContent = S.message ? S.message.text : t("status.loading");
      return;
    }
    // Keep keyboard focus on the same card or button across re-renders.
    const focused = document.activeElement;
    let focusKey = null;
    if (focused && game.contains(focused)) {
      if (focused.dataset.card && focused.closest("#hand")) focusKey = ["hand", focused.dataset.card, indexInHand(focused)];
      else if (focused.dataset.target) focusKey = ["target", focused.dataset.target];
      else if (focused.dataset.act) focusKey = ["act", focused.dataset.act];
    }

    game.classList.toggle("finished", !!m.result);
    game.classList.toggle("live", interactive());
    game.dataset.seq = m.seq;
    game.dataset.serverSeq = S.view ? S.view.seq : "";
    game.dataset.ready = interactive() ? "1" : "0";
    game.dataset.turn = legal().length ? "1" : "0";
    game.dataset.players = m.seats.length;

    $("#opponents").innerHTML = renderOpponents();

    // Deck with the trump under it, and the discard pile.
    const deck = $("#deck");
    const trumpCard = m.trump ? cardHTML(m.trump, { cls: "trump-card" }) : "";
    deck.innerHTML = (m.deck_count > 0 ? trumpCard + (m.deck_count > 1 ? backHTML("deck-top") : "") : "") +
      '<div class="trump-suit' + ("DH".includes(m.trump_suit) ? " red" : "") + '" title="' + esc(t("trump")) + '">' + esc(t("trump")) + ": " + (SUITS[m.trump_suit] || "—") + "</div>" +
      '<div class="deck-count" data-count="' + m.deck_count + '">' + esc(m.deck_count > 0 ? t("deckLeft", { n: m.deck_count }) : t("deckEmpty")) + "</div>";
    const discard = $("#discard");
    let pile = "";
    for (let i = 0; i < Math.min(4, Math.ceil(m.discard_count / 6)); i++) pile += backHTML("pile p" + i);
    discard.innerHTML = '<div class="pile-wrap">' + pile + "</div>" +
      '<div class="discard-count" data-count="' + m.discard_count + '">' + esc(t("discardCount", { n: m.discard_count })) + "</div>";

    const table = $("#table");
    table.innerHTML = renderTable();
    table.className = "table" + (S.anim && S.anim.sweep ? " sweep-" + S.anim.sweep : "") + (S.mode && S.mode.kind === "target" ? " choosing" : "");

    // Buttons: only what is legal now.
    const acts = legal();
    const has = (type) => acts.some((a) => a.type === type);
    const transferBtn = $("#btn-transfer");
    transferBtn.hidden = !transferSingles().length;
    transferBtn.classList.toggle("on", !!(S.mode && S.mode.kind === "transfer"));
    transferBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "transfer"));
    const passBtn = $("#btn-pass");
    passBtn.hidden = !has("pass");
    passBtn.textContent = passLabel();
    passBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "pass"));
    const takeBtn = $("#btn-take");
    takeBtn.hidden = !has("take");
    takeBtn.classList.toggle("hinted", !!(S.hint && S.hint.type === "take"));
    $("#btn-lead").hidden = !(S.mode && S.mode.kind === "select");
    $("#btn-cancel").hidden = !S.mode;
    $("#btn-hint").hidden = !acts.length || S.hintsOff === S.gameId;

    const mine = me();
    if (mine !== null && m.seats[mine]) {
      const role = roleOf(mine);
      $("#me").innerHTML = '<span class="name">' + esc(t("hand")) + "</span>" +
        (role ? '<span class="role role-' + role + '">' + esc(t("me." + role)) + "</span>" : "");
    }
    $("#hand").innerHTML = renderHand();
    $("#hand").setAttribute("aria-label", t("hand") + ": " + countCards(m.you ? m.you.hand.length : 0));
    $("#result").innerHTML = resultHTML();
    $("#result").hidden = !m.result;

    $("#status").textContent = statusText();
    const msg = S.message ? S.message.text : S.hint ? t("hint", { text: actionText(S.hint) }) : "";
    $("#message").textContent = msg;
    $("#message").hidden = !msg;

    $("#log").innerHTML = S.log.slice(-8).reverse().map((entry, i) =>
      "<li" + (i === 0 && S.busy ? ' class="fresh"' : "") + ">" + esc(logText(entry)) + "</li>").join("");

    if (focusKey) restoreFocus(focusKey);
  }

  function indexInHand(el) {
    return Array.prototype.indexOf.call(el.parentNode.children, el);
  }
  function restoreFocus(key) {
    let el = null;
    if (key[0] === "hand") {
      el = $('#hand [data-card="' + key[1] + '"]');
      if (!el) {
        const cards = $("#hand").children;
        el = cards[Math.min(key[2], cards.length - 1)] || null;
      }
    } else if (key[0] === "target") el = $('#table [data-target="' + key[1] + '"]');
    else el = $('#game [data-act="' + key[1] + '"]:not([hidden])');
    if (!el) el = $("#hand .playable") || $("#hand .card");
    if (el) el.focus({ preventScroll: true });
  }

  /* Strings that do not depend on the game: labels, settings, the seed's sections. */
  let renderedLang = null;
  function renderStatic() {
    if (renderedLang === S.lang) return;
    renderedLang = S.lang;
    document.documentElement.lang = S.lang;
    document.title = t("title");
    document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    document.querySelectorAll("[data-i18n-aria]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nAria)); });
    document.querySelectorAll("[data-lang]").forEach((el) => { el.hidden = el.dataset.lang !== S.lang; });
    document.querySelectorAll(".lang-switch button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === S.lang)));
  }

  function renderSettings() {
    const st = S.settings;
    document.querySelectorAll('input[name="opponents"]').forEach((r) => { r.checked = Number(r.value) === st.opponents; });
    $("#level").value = st.level;
    $("#transfer").checked = !!st.transfer;
    $("#pending").hidden = !S.pendingSettings;
  }

  /* ---------- input ---------- */

  function gameRunning() {
    return !!(S.view && S.view.status !== "finished" && !(S.model && S.model.result));
  }

  function onSettingsChange() {
    const checked = document.querySelector('input[name="opponents"]:checked');
    S.settings = {
      opponents: checked ? Number(checked.value) : 1,
      level: $("#level").value,
      transfer: $("#transfer").checked,
    };
    save("settings", S.settings);
    if (gameRunning()) {
      S.pendingSettings = true;
      renderSettings();
    } else {
      renderSettings();
      newGame();
    }
  }

  function bind() {
    const game = $("#game");
    game.addEventListener("click", (ev) => {
      const el = ev.target.closest("button");
      if (!el || !game.contains(el)) return;
      if (el.getAttribute("aria-disabled") === "true") { ev.preventDefault(); return; }
      if (el.dataset.target !== undefined) { clickTarget(Number(el.dataset.target)); return; }
      if (el.dataset.card && el.closest("#hand")) { clickCard(el.dataset.card); return; }
      switch (el.dataset.act) {
        case "pass": send({ type: "pass" }); break;
        case "take": send({ type: "take" }); break;
        case "transfer": clickTransfer(); break;
        case "hint": clickHint(); break;
        case "lead": clickLead(); break;
        case "cancel": S.mode = null; render(); break;
        case "new": newGame(); break;
        case "copy": copyInvite(); break;
        case "fill": fillSeats(); break;
        default: break;
      }
    });
    game.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && S.mode) { S.mode = null; render(); const c = $("#hand .playable"); if (c) c.focus(); return; }
      const el = ev.target;
      if (!el.classList || !el.classList.contains("card")) return;
      const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -1000, End: 1000 };
      if (!(ev.key in keys)) return;
      const group = Array.from(el.parentNode.closest("#hand, #table").querySelectorAll("button.card"));
      const i = group.indexOf(el);
      if (i < 0) return;
      ev.preventDefault();
      const next = group[Math.max(0, Math.min(group.length - 1, i + keys[ev.key]))];
      if (next) next.focus();
    });
    $("#btn-new").addEventListener("click", () => newGame());
    $("#btn-friend").addEventListener("click", () => newGame(true));
    $("#settings").addEventListener("change", onSettingsChange);
    document.querySelectorAll(".lang-switch button").forEach((b) => b.addEventListener("click", () => {
      S.lang = b.dataset.setLang;
      save("lang", S.lang);
      render();
    }));
    document.addEventListener("visibilitychange", () => { if (!document.hidden) fetchEvents(); });
  }

  function start() {
    bind();
    renderStatic();
    renderSettings();
    render();
    setInterval(pollTick, POLL_MS);
    resumeGame();
  }

  // For the browser tests and the curious: the page's state, read-only use please.
  window.durakPage = { state: S, render };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
