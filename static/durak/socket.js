/* The live socket, /ws/games/{id}/: new events as they happen. Optional: REST polling
 * covers everything without it, so a failure here is silent and retried with backoff. */
import { currentToken, socketCredential } from "./api.js";
import { enqueue, fetchEvents, pump } from "./pump.js";
import * as store from "./store.js";

const S = store.state;

// Each connect's number: a connect still waiting for its ticket gives way to a newer one.
let attempt = 0;

export async function connectWs() {
  if (!window.WebSocket || !S.gameId || !currentToken()) return;
  const old = S.ws;
  store.socketStarted(null); // the old socket's close is no failure of the new one
  if (old) { try { old.close(); } catch (e) { /* already closed */ } }
  const gid = S.gameId;
  const mine = ++attempt;
  const credential = await socketCredential();
  if (mine !== attempt || gid !== S.gameId || !credential) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    "/ws/games/" + encodeURIComponent(gid) + "/?" + credential;
  let ws;
  try { ws = new WebSocket(url); } catch (e) { return; }
  store.socketStarted(ws);
  ws.onopen = () => {
    if (S.ws !== ws) return;
    store.socketOpened();
    ws.send(JSON.stringify({ type: "resume", after: S.lastSeq }));
  };
  ws.onmessage = (m) => {
    if (S.ws !== ws || gid !== S.gameId) return;
    let d;
    try { d = JSON.parse(m.data); } catch (e) { return; }
    store.heard();
    if (d.type === "state" && d.view) {
      store.offerView(d.view);
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
    store.socketClosed();
    if (gid === S.gameId && S.wsFails < 8) setTimeout(() => { if (gid === S.gameId && !S.ws) connectWs(); }, Math.min(15000, 500 * 2 ** S.wsFails));
  };
}
