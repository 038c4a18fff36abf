// Fixed prizes (prize_amounts) on the tournament page: the coins per place as the server
// pays them (prizes.place_amounts: the fixed prizes first, the percentages split the
// rest, places beyond the field folded into first), the payout table's words in Russian
// and English, and the create form's field.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixedAmounts, layout, placeAmounts } from "../../static/durak/bracket.js";
import { plural, translate } from "../../static/durak/i18n.js";
import { createBody, formField, parseAmounts } from "../../static/durak/tourform.js";
import { poolHTML } from "../../static/durak/tourview.js";

const words = (lang) => ({ t: (k, p) => translate(lang, k, p), count: (n, k) => plural(lang, n, k), timeText: (x) => x, lang });

test("fixed prizes are paid first and the percentages split the rest, as the server does", () => {
  // The same figures as tests/tournaments/unit/test_fixed_prizes.py.
  assert.deepEqual(placeAmounts(1300, [50, 30, 20], 4, [500, 300, 200]), [650, 390, 260, 0]);
  assert.deepEqual(placeAmounts(1000, [100], 4, [500, 300, 200]), [500, 300, 200, 0]);
  assert.deepEqual(placeAmounts(1100, [100], 3, [500, 300, 200]), [600, 300, 200]);
  assert.deepEqual(placeAmounts(1300, [50, 30, 20], 2, [500, 300, 200]), [910, 390]);
  assert.deepEqual(placeAmounts(1000, [50, 30, 20], 3), [500, 300, 200]);
  assert.deepEqual(fixedAmounts([500, 300, 200], 2, 10000), [700, 300]);
  assert.deepEqual(fixedAmounts([500, 300, 200], 3, 600), [500, 100, 0]); // never more than the pool
  for (const total of [1000, 1001, 1999, 12345]) {
    const amounts = placeAmounts(total, [27, 18, 14, 11, 9, 8, 7, 6], 50, [400, 300, 300]);
    assert.equal(amounts.reduce((a, b) => a + b, 0), total);
    assert.deepEqual(amounts, amounts.slice().sort((a, b) => b - a));
  }
});

test("the payout table shows each place's fixed prize and its share of the rest", () => {
  const entrants = [1, 2, 3, 4].map((p) => ({ player: p, name: "Игрок " + p, status: "registered" }));
  const d = { id: 1, format: "swiss", status: "registration", entrants, entrants_count: 4, rounds: [], standings: [],
    payouts: [70, 30], payouts_given: true, prize_amounts: [250, 150, 100], entry_fee: 200, rake_percent: 10,
    guarantee: 500, pool: { entry_fees: 800, rake: 80, added_prize: 100, overlay: 0, total: 820 } };
  const L = layout(d, null);
  assert.deepEqual(L.payouts.map((r) => [r.place, r.fixed, r.percent, r.coins]),
    [[1, 250, 70, 474], [2, 150, 30, 246], [3, 100, 0, 100]]);
  const ru = poolHTML(d, L, words("ru"));
  assert.match(ru, /сначала фиксированные призы \(500 мон\.\), остаток фонда — как назначил организатор/);
  assert.match(ru, /250 мон\. \+ 70 % остатка — 474 мон\./);
  assert.match(ru, /100 мон\. \(фиксированный приз\)/);
  const en = poolHTML(d, L, words("en"));
  assert.match(en, /fixed prizes first \(500 coins\), the rest of the pool as the organiser set them/);
  assert.match(en, /250 coins \+ 70% of the rest — 474 coins/);
  assert.match(en, /100 coins \(fixed prize\)/);
  // Two entrants: the third place's fixed prize folds into first.
  const two = layout({ ...d, entrants: entrants.slice(0, 2), entrants_count: 2 }, null);
  assert.deepEqual(two.payouts.map((r) => [r.fixed, r.coins]), [[350, 350 + 224], [150, 150 + 96]]);
  // Without fixed prizes the table reads as before.
  const plain = layout({ ...d, prize_amounts: null }, null);
  assert.deepEqual(plain.payouts.map((r) => [r.fixed, r.coins]), [[0, 574], [0, 246]]);
  assert.match(poolHTML({ ...d, prize_amounts: null }, plain, words("ru")), /70 % — 574 мон\./);
});

test("the create form sends fixed prizes only when given, and points at them when refused", () => {
  assert.deepEqual(createBody({ name: "К", prize_amounts: "500, 300;200" }).prize_amounts, [500, 300, 200]);
  assert.equal("prize_amounts" in createBody({ name: "К", prize_amounts: "  " }), false);
  assert.deepEqual(parseAmounts("500 abc"), [500, "abc"]); // the server refuses it, naming prize_amounts
  assert.equal(parseAmounts(""), null);
  assert.equal(formField("prize_amounts"), "prize_amounts");
  assert.ok(translate("ru", "ferr.prize_amounts", {}).includes("гарантии"));
  assert.notEqual(translate("en", "form.prize_amounts", {}), "form.prize_amounts");
});
