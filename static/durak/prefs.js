/* What the browser remembers between visits, under "durak.<key>" in localStorage; the
 * game page and the tournaments page share it, so a visitor is one guest on both. */

const PREFIX = "durak.";

export function load(key, fallback) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (e) {
    return fallback;
  }
}

export function save(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch (e) { /* private mode: the game still works, it is just not remembered */ }
}
