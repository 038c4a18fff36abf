/* The names the tournaments pages and the table notice have always imported; everything
 * is i18n.js's now (one lookup, one switch, one remembered choice). */
export {
  applyStatic, bindLangSwitch, chooseLang, count, currentLang, dateText, errorText, errorText as refusalText,
  numberText, storedLang, t, timeText,
} from "./i18n.js";
