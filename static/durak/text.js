/* What the page says, in the person's language: interface strings, cards, seats, and the
 * log's and the bubbles' words for each event. */
import { rankOf, suitOf, SUITS } from "./cards.js";
import { currentLang, STRINGS, t } from "./i18n.js";
import { pluralWord } from "./plural.js";
import { me, state } from "./store.js";

const RANK_RU = { J: "В", Q: "Д", K: "К", A: "Т" };

/* Whether the language has its own wording of `key` for "you" (key + ".you"). */
function hasOwnForm(key) {
  const table = STRINGS[currentLang()] || STRINGS.ru;
  return table[key + ".you"] !== undefined;
}

export const isComputerLevel = (level) => STRINGS.ru["level." + level] !== undefined;

// "6 карт" / "1 карта"; ``taken`` is the object form: «берёт 1 карту».
export function countCards(n, taken) {
  const forms = currentLang() === "ru"
    ? (taken ? ["cardsAcc.one", "cardsAcc.few", "cardsAcc.many"] : ["cards.one", "cards.few", "cards"])
    : ["cards.one", "cards"];
  // The words come from i18n.js with {n} in them; the helper picks the form.
  return pluralWord(n, forms.map((key) => t(key, { n })), currentLang());
}

export const rankLabel = (r) => (currentLang() === "ru" && RANK_RU[r]) || r;
export const cardText = (c) => rankLabel(rankOf(c)) + SUITS[suitOf(c)];
export const cardsText = (cs) => cs.map(cardText).join(" ");

export function cardAria(c) {
  const r = rankOf(c);
  return t("aria.card", { rank: t("rank." + r) === "rank." + r ? r : t("rank." + r), suit: t("suit." + suitOf(c)) });
}

export function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === me()) return t("you");
  const m = state.model;
  const info = m && m.seats[seat];
  if (info && info.kind === "human" && info.name) return info.name;
  if (m && m.status === "waiting" && info && info.kind === null) return t("seat.open"); // nobody sits there yet
  // Computer players are numbered in seat order after you.
  const mine = me() || 0;
  const n = m ? m.seats.length : 2;
  return t("cpu") + " " + (((seat - mine + n) % n) || seat);
}

/* The pass button says what passing does now: «Пусть берёт» while the defender takes,
 * «Бито» once every card on the table is beaten, else «Больше не подкидываю». */
export function passKind(model) {
  const m = model || state.model;
  if (m && m.taking) return "take";
  if (m && m.table.length && m.table.every((p) => p.defense)) return "beat";
  return "noMore";
}
const PASS_LABEL = { take: "btnLetTake", beat: "btnBeat", noMore: "btnNoMore" };
export const passLabel = () => t(PASS_LABEL[passKind()]);
const PASS_SAID = { take: "passTake", beat: "passBeat", noMore: "passNoMore" };
// Entries logged before the table's state was kept read as before: taking, or «Бито».
const passOf = (entry) => PASS_SAID[entry.pass || (entry.taking ? "take" : "beat")];

/* A suggested move in words: «побить 7♠ картой 9♠». */
export function actionText(a) {
  if (!a || a.none) return t("hint.none");
  const m = state.model;
  switch (a.type) {
    case "attack": return t(m.table.length ? "act.throw" : "act.attack", { cards: cardsText(a.cards) });
    case "defend": {
      const pair = m.table[a.target];
      return t("act.defend", { card: cardText(a.card), target: pair ? cardText(pair.attack) : "?" });
    }
    case "transfer": return t("act.transfer", { cards: cardsText(a.cards) });
    case "take": return t("act.take");
    case "pass": return t("act.pass", { pass: passLabel() });
    default: return a.type;
  }
}

/* A log entry (store.js keeps them) as a line of the game's log. */
export function logText(entry) {
  // A move the computer made for the person, their clock having run out.
  if (entry.standIn) return t("log.standIn", { what: sayText(entry).toLowerCase() });
  return eventLine(entry);
}

function eventLine(entry) {
  const e = entry.e;
  const name = seatName(e.seat);
  // "You" takes its own verb form: «Вы ходите», not «Вы ходит».
  const say = (key, params, seat) => t(seat === me() && hasOwnForm(key) ? key + ".you" : key, Object.assign({ name }, params));
  switch (e.type) {
    case "attack_played": return say(entry.throwIn ? "log.throw" : "log.lead", { cards: cardsText(e.cards) }, e.seat);
    case "card_beaten": return say("log.beat", { card: cardText(e.card), target: entry.target ? cardText(entry.target) : "" }, e.seat);
    case "attack_transferred": return say(e.shown ? "log.shown" : "log.transfer", { cards: cardsText(e.cards), defender: seatName(e.defender) }, e.seat);
    case "take_declared": return say("log.take", {}, e.seat);
    case "passed": return say("log." + passOf(entry), {}, e.seat);
    case "bout_ended":
      return e.outcome === "taken"
        ? say("log.taken", { name: seatName(e.defender), n: countCards((e.cards || []).length, true) }, e.defender)
        : t("log.beaten", { n: countCards((e.cards || []).length, true) });
    case "cards_drawn":
      if (entry.deckOut) return say("log.deckOut", { card: cardText(entry.deckOut) }, e.seat);
      return e.seat === me() && e.cards ? t("log.drawnYou", { cards: cardsText(e.cards) })
        : t("log.drawn", { name, n: countCards(e.count !== undefined ? e.count : (e.cards || []).length, true) });
    case "hands_passed": return t("log.handsPassed");
    case "player_out": return say("log.out", {}, e.seat);
    case "seat_given_up": return say("log.givenUp", {}, e.seat);
    case "game_finished": return t("log.finished");
    default: return "";
  }
}

/* What a computer says in its bubble about its own move. */
export function sayText(entry) {
  const e = entry.e;
  switch (e.type) {
    case "attack_played": return t(entry.throwIn ? "say.throw" : "say.lead", { cards: cardsText(e.cards) });
    case "card_beaten": return t("say.beat", { card: cardText(e.card), target: entry.target ? cardText(entry.target) : "" });
    case "attack_transferred": return t("say.transfer", { cards: cardsText(e.cards) });
    case "take_declared": return t("say.take");
    case "passed": return t("say." + passOf(entry));
    case "player_out": return t("say.out");
    default: return "";
  }
}
