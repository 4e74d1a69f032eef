"""Screenshots for docs/screens: taken only when FLASHBOARD_SCREENSHOT_DIR is set, so a normal run
writes nothing and a documentation run refreshes every screen at its target size."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    folder = os.environ.get("FLASHBOARD_SCREENSHOT_DIR")
    if folder:
        page.wait_for_load_state("load")
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def keep_receipt(emulator: Any, receipt: str, name: str) -> None:
    """The receipt as the emulator rendered it, beside the screenshots (when they are being taken) and in
    FLASHBOARD_RECEIPTS_DIR (when set: docs/receipts keeps the layouts looked at)."""
    named = (os.environ.get("FLASHBOARD_SCREENSHOT_DIR"), os.environ.get("FLASHBOARD_RECEIPTS_DIR"))
    for folder in dict.fromkeys(f for f in named if f):
        Path(folder).mkdir(parents=True, exist_ok=True)
        Path(folder, f"{name}.png").write_bytes(emulator.image(receipt))


AUDIT = """() => {
  const problems = [];
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const rgb = (text) => { const m = text.match(/[\\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; };
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const background = (el) => {
    for (let n = el; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
    if (c.length < 4 || c[3] > 0.5) return c; } return [255, 255, 255]; };
  const targets = 'button, a.btn, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, .tile, .key';
  for (const el of document.querySelectorAll(targets)) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    const name = el.id || el.textContent.trim().slice(0, 20);
    if (r.height < 56 || r.width < 56) problems.push(`target ${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  for (const el of document.querySelectorAll('body *')) {
    if (!visible(el) || el.closest('[aria-hidden=true]')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const s = getComputedStyle(el);
    const fg = luminance(rgb(s.color)), bg = luminance(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight, 10) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const text = el.textContent.trim().slice(0, 30);
    if (ratio < needed && !(el.disabled)) problems.push(`contrast ${ratio.toFixed(2)} < ${needed} on "${text}"`);
    const clips = ['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) problems.push(`clipped text "${text}"`);
  }
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > width + 1);
    const last = wide[wide.length - 1];
    const name = last ? (last.id || last.className || last.tagName) : '?';
    problems.push(`horizontal overflow: ${document.documentElement.scrollWidth} > ${width} (${name})`);
  }
  if (document.body.classList.contains('station')) {
    const bar = document.getElementById('problem');
    const covered = bar && visible(bar) ? bar.getBoundingClientRect().height : 0;
    for (const el of document.querySelectorAll('.btn-primary, [data-primary]')) {
      if (!visible(el) || el.closest('[hidden]')) continue;
      // Where it stands with the page unscrolled (a control in a fixed dialog stands where it is shown).
      let fixed = false;
      for (let n = el; n; n = n.parentElement) if (getComputedStyle(n).position === 'fixed') { fixed = true; break; }
      const b = el.getBoundingClientRect(), dy = fixed ? 0 : window.scrollY, dx = fixed ? 0 : window.scrollX;
      const r = {top: b.top + dy, bottom: b.bottom + dy, left: b.left + dx, right: b.right + dx};
      if (r.top < 0 || r.left < 0 || r.right > width + 1 || r.bottom > window.innerHeight - covered + 1)
        problems.push(`primary control outside the viewport: ${el.id || el.textContent.trim().slice(0, 30)}`);
    }
  }
  return problems;
}"""


def audit(page: Page) -> list[str]:
    """What a station's user would trip on, on what the page shows now: touch targets under 56 px, text
    under WCAG AA contrast, clipped text, a page wider than the screen, and (on a station screen) a
    primary control outside the viewport or under the message bar. Checked once the stylesheet and
    scripts have loaded: a page just navigated to shows unstyled buttons for a moment."""
    page.wait_for_load_state("load")
    found: list[str] = page.evaluate(AUDIT)
    return found


MESSAGE_BAR = 64


def two_taps(page: Page, selector: str, armed: str = "Tap again") -> None:
    """The two taps of a two-step confirmation as a person makes them: tap, see the button armed (its
    text holds `armed`), wait past the 400 ms double-tap window, tap again."""
    button = page.locator(selector)
    button.click()
    expect(button).to_contain_text(armed)
    page.wait_for_timeout(450)
    button.click()


def out_of_view(page: Page, selectors: list[str], clear_of_bar: bool = True) -> list[str]:
    """The selectors whose element is not wholly inside the viewport (and, on a station screen, above
    the message bar's room at its foot)."""
    size = page.viewport_size or {"width": 0, "height": 0}
    bottom = size["height"] - (MESSAGE_BAR if clear_of_bar else 0)
    found = []
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        if box is None or box["x"] < 0 or box["y"] < 0:
            found.append(f"{selector}: {box}")
        elif box["x"] + box["width"] > size["width"] + 1 or box["y"] + box["height"] > bottom + 1:
            found.append(f"{selector}: {box} outside {size['width']}x{bottom}")
    return found
