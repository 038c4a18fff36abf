// The plural helper: Russian's three forms, English's two, and the page's card counts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { plural, pluralWord } from "../../static/durak/plural.js";

const CARDS = ["карта", "карты", "карт"];

test("Russian: one, few and many, the teens are many", () => {
  const expect = {
    0: "карт", 1: "карта", 2: "карты", 3: "карты", 4: "карты", 5: "карт", 10: "карт", 11: "карт", 12: "карт",
    14: "карт", 15: "карт", 20: "карт", 21: "карта", 22: "карты", 25: "карт", 36: "карт", 101: "карта",
    111: "карт", 112: "карт", 122: "карты", 1004: "карты",
  };
  for (const [n, word] of Object.entries(expect)) assert.equal(pluralWord(Number(n), CARDS), word, "n=" + n);
  assert.equal(plural(21, CARDS), "21 карта");
  assert.equal(plural(3, ["карту", "карты", "карт"]), "3 карты");
});

test("English: one and other", () => {
  assert.equal(plural(1, ["card", "cards"], "en"), "1 card");
  assert.equal(plural(0, ["card", "cards"], "en"), "0 cards");
  assert.equal(plural(21, ["card", "cards"], "en"), "21 cards");
  assert.equal(plural(2, ["card", "cards"], "en"), "2 cards");
});

test("the page counts cards with it in both languages", async () => {
  globalThis.localStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  const text = await import("../../static/durak/text.js");
  const store = await import("../../static/durak/store.js");
  assert.equal(text.countCards(1), "1 карта");
  assert.equal(text.countCards(4), "4 карты");
  assert.equal(text.countCards(11), "11 карт");
  assert.equal(text.countCards(21, true), "21 карту");
  assert.equal(text.countCards(24, true), "24 карты");
  store.chooseLang("en");
  assert.equal(text.countCards(1), "1 card");
  assert.equal(text.countCards(5), "5 cards");
  store.chooseLang("ru");
});
