/* Numbers with their word in the right form: plural(5, ["карта", "карты", "карт"]) is
 * "5 карт". Russian takes three forms (one, few, many: 1 21 101 / 2-4 22-24 / 0 5-20 25…),
 * English two (one, other). Pure; node tests it (tests/js/plural.test.mjs). */

/* The form of `forms` that goes with `n`: [one, few, many] in Russian, [one, other] in English. */
export function pluralWord(n, forms, lang = "ru") {
  const whole = Math.abs(Math.trunc(Number(n)));
  if (lang !== "ru") return whole === 1 && Number(n) === whole ? forms[0] : forms[forms.length - 1];
  const d = whole % 10, h = whole % 100;
  if (d === 1 && h !== 11) return forms[0];
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return forms[1];
  return forms[2];
}

/* "5 карт", "1 card": the number, a space, its word. */
export function plural(n, forms, lang = "ru") {
  return n + " " + pluralWord(n, forms, lang);
}
