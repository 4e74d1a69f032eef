"""Taps on a station screen as a person makes them: the two taps of a two-step confirmation (the first
arms the button, the second comes a moment later, never as one double tap), and whether a control lies
inside the viewport clear of the message bar at its foot."""

from __future__ import annotations

from playwright.sync_api import Page, expect

MESSAGE_BAR = 64


def two_taps(page: Page, selector: str, armed: str) -> None:
    """Tap, see the button armed with `armed`, wait past the double-tap window, tap again."""
    page.click(selector)
    expect(page.locator(selector)).to_have_text(armed)
    page.wait_for_timeout(450)
    page.click(selector)


def out_of_view(page: Page, selectors: list[str]) -> list[str]:
    """The selectors whose element is not wholly inside the viewport above the message bar."""
    size = page.viewport_size or {"width": 0, "height": 0}
    found = []
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        if box is None or box["x"] < 0 or box["y"] < 0:
            found.append(f"{selector}: {box}")
        elif box["x"] + box["width"] > size["width"] or box["y"] + box["height"] > size["height"] - MESSAGE_BAR:
            found.append(f"{selector}: {box} outside {size['width']}x{size['height']}")
    return found
