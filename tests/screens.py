"""Screenshots for docs/screens: taken only when FLASHBOARD_SCREENSHOT_DIR is set, so a normal run
writes nothing and a documentation run refreshes every screen at its target size."""
from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    folder = os.environ.get("FLASHBOARD_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)
