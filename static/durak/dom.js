/* The DOM helpers every page uses: find elements, an event's element, and escape text for HTML. */

/**
 * The first element `sel` finds (in `root`, else the page), or null. Typed as an HTML
 * element: the pages query their own markup, never SVG or MathML.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement | null}
 */
export const $ = (sel, root) => (root || document).querySelector(sel);

/**
 * Every element `sel` finds (in `root`, else the page), as an array.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

/**
 * The element an event happened on (events the pages listen to come from elements).
 * @param {Event} ev
 * @returns {HTMLElement}
 */
export const targetOf = (ev) => /** @type {HTMLElement} */ (ev.target);

/**
 * The element around an event's target that `sel` matches, or null (also when the event
 * did not come from an element, as a click on the document's own scrollbar does not).
 * @param {Event} ev
 * @param {string} sel
 * @returns {HTMLElement | null}
 */
export const closestTo = (ev, sel) => (ev.target instanceof Element ? ev.target.closest(sel) : null);

/**
 * `s` as text inside HTML (an element's content or a quoted attribute).
 * @param {unknown} s
 * @returns {string}
 */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
