/* One way to ask for a fresh drawing of the page. The entry module hands over the
 * renderer, so the modules that change what is shown need not depend on the drawing. */

let painter = () => {};

export function paintWith(fn) {
  painter = fn;
}

export function redraw() {
  painter();
}
