/* «Дурак онлайн»'s service worker (served at /sw.js, scope /): it shows a Web Push
 * message — an account stream event as JSON (your_turn, challenge_received,
 * table_ready) — as a notification, and a tap opens the game or the challenges. */
const TEXT = {
  ru: { your_turn: "Ваш ход", challenge_received: "Вас вызывают на партию", table_ready: "Ваш стол в турнире готов",
        body: "Дурак онлайн" },
  en: { your_turn: "Your turn", challenge_received: "You are challenged to a game", table_ready: "Your tournament table is ready",
        body: "Durak online" },
};

function words() {
  const lang = (self.navigator && self.navigator.language || "ru").slice(0, 2);
  return TEXT[lang] || TEXT.ru;
}

function target(event) {
  if (event.game) return "/?game=" + event.game;
  if (event.challenge) return "/?challenge=" + event.challenge;
  return "/";
}

self.addEventListener("push", (ev) => {
  let event = {};
  try { event = ev.data ? ev.data.json() : {}; } catch (e) { return; }
  const w = words();
  ev.waitUntil(self.registration.showNotification(w[event.type] || w.body, {
    body: w.body, tag: event.game ? "game-" + event.game : "durak-" + event.type,
    icon: "{{ icon }}", data: { url: target(event) }, renotify: true,
  }));
});

self.addEventListener("notificationclick", (ev) => {
  ev.notification.close();
  const url = (ev.notification.data && ev.notification.data.url) || "/";
  ev.waitUntil(self.clients.matchAll({ type: "window" }).then((list) => {
    for (const client of list) {
      if ("focus" in client) { client.navigate(url); return client.focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
