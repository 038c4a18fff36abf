/* The page's shared link, /?game=<id>: how a friend takes a free seat, or a visitor watches. */

export function linkedGame() {
  const id = new URLSearchParams(location.search).get("game");
  return id && /^\d+$/.test(id) ? Number(id) : null;
}

export function leaveLink() {
  if (linkedGame() !== null) history.replaceState(null, "", location.pathname);
}

export function inviteLink(id) {
  return location.origin + location.pathname + "?game=" + id;
}
