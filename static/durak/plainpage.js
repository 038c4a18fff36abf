/* A page with nothing of its own to draw (not found, a server error): the header's words in
 * the person's language, the page's [data-lang] blocks, and the language switch. */
import { applyStatic, bindLangSwitch } from "./i18n.js";

applyStatic();
bindLangSwitch(() => applyStatic());
