/* The two DOM helpers every page uses: find one element, and escape text for HTML. */

export const $ = (sel, root) => (root || document).querySelector(sel);
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
