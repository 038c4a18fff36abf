/* Which plural form goes with a number, by the language's own rules (Intl.PluralRules, the
 * CLDR's): Russian takes three forms (one, few, many: 1 21 101 / 2-4 22-24 / 0 5-20 25…),
 * English two (one, other). The catalogs (*-strings.js) name a word's forms `key.one`,
 * `key.few` and `key.many`: "many" is the general form in both languages (CLDR's "other").
 * Pure; node tests it (tests/js/plural.test.mjs). */

/** @typedef {"one" | "few" | "many"} Form */

/** @type {Record<string, Intl.PluralRules>} */
const RULES = {};

/**
 * The catalogs' form of `n` in `lang`.
 * @param {number} n
 * @param {string} lang
 * @returns {Form}
 */
export function pluralForm(n, lang) {
  const rules = RULES[lang] || (RULES[lang] = new Intl.PluralRules(lang === "en" ? "en" : "ru"));
  const category = rules.select(Number(n));
  return category === "one" || category === "few" ? category : "many";
}

/**
 * The form of `forms` that goes with `n`: [one, few, many] in Russian, [one, other] in English.
 * @param {number} n
 * @param {string[]} forms
 * @param {string} [lang]
 * @returns {string}
 */
export function pluralWord(n, forms, lang = "ru") {
  const form = pluralForm(n, lang);
  if (form === "one") return forms[0];
  return form === "few" && forms.length > 2 ? forms[1] : forms[forms.length - 1];
}

/**
 * "5 карт", "1 card": the number, a space, its word.
 * @param {number} n
 * @param {string[]} forms
 * @param {string} [lang]
 * @returns {string}
 */
export function plural(n, forms, lang = "ru") {
  return n + " " + pluralWord(n, forms, lang);
}
