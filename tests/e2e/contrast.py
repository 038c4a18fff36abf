"""Text contrast as a person sees it (WCAG's ratio), read in the browser: the page's
colours as rendered, every ancestor's background and opacity folded in."""

from __future__ import annotations

from typing import Any

# WCAG's contrast of an element's text against what is behind it: the colours as
# rendered (getComputedStyle), alpha and every ancestor's opacity folded in.
CONTRAST = """(el) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]); };
  const layers = []; let opacity = 1;
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    const cs = getComputedStyle(n);
    opacity *= Number(cs.opacity);
    layers.push(parse(cs.backgroundColor));
  }
  let bg = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
  const fg = parse(getComputedStyle(el).color);
  const text = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
  const lum = (c) => { const v = c.slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
  return { ratio: (a + 0.05) / (b + 0.05), fg: getComputedStyle(el).color, bg: bg.slice(0, 3).map(Math.round).join(","),
           filter: getComputedStyle(el).filter, card: el.dataset.card || null, text: el.innerText.slice(0, 30) };
}"""


# Every visible match of ``sel``, measured by ``fn`` (``CONTRAST``), in one go.
_VISIBLE = ("const contrast = eval(fn); return [...document.querySelectorAll(sel)]"
            ".filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden').map(contrast);")


def measured(page: Any, selector: str) -> list[dict[str, Any]]:
    """Every visible match's contrast, read in one go (a re-render cannot come between)."""
    return list(page.evaluate("([sel, fn]) => { " + _VISIBLE + " }", [selector, CONTRAST]))


def at_rest(page: Any, selector: str) -> list[dict[str, Any]]:
    """``measured`` read in the same frame that finds no card moving: a card flying in or
    swept away passes through transparency, and the computer's reply may start one at any
    moment, so waiting for rest and then measuring in a second call can catch it mid-fade."""
    handle = page.wait_for_function(
        "([sel, fn]) => { if (!document.getAnimations().every((a) => a.effect.getTiming().iterations === Infinity))"
        " return null; " + _VISIBLE + " }", arg=[selector, CONTRAST])
    return list(handle.json_value())
