"""How the app looks wherever it runs: the shipped Thai font and icons drawn as SVG."""

from __future__ import annotations

import re
import urllib.request
from typing import Any

import pytest

from tests.web.conftest import expect

pytestmark = pytest.mark.browser

# Characters no shipped font covers; an icon drawn with one shows as a box on many machines.
GLYPH = re.compile(r"[\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2b00-\u2bff]")


def test_the_thai_font_is_served_with_its_licence_and_used(new_page: Any, server: str) -> None:
    with urllib.request.urlopen(server + "fonts/OFL.txt", timeout=10) as reply:
        assert "SIL Open Font License" in reply.read().decode()
    page = new_page()
    page.goto("/#/")
    page.locator("[data-lang=th]").click()
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    page.locator("[data-test=start]").wait_for()
    page.evaluate("() => document.fonts.ready")
    loaded = page.evaluate(
        """() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Sarabun'
                   && f.status === 'loaded').map((f) => f.unicodeRange)"""
    )
    assert any("E01" in r.upper() for r in loaded), f"no Thai Sarabun face loaded: {loaded}"
    assert page.evaluate("() => document.fonts.check('16px Sarabun', 'เริ่มเกม')")
    family = page.locator("h1").evaluate("(el) => getComputedStyle(el).fontFamily")
    assert family.replace('"', "").startswith("Sarabun")


def test_icons_are_svg_not_font_glyphs(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/")
    remove = page.locator(".seat-row button.remove").first
    expect(remove.locator("svg")).to_have_count(1)
    texts = page.locator("button, a").all_inner_texts()
    assert not [x for x in texts if GLYPH.search(x)]


@pytest.mark.parametrize("lang", ["en", "th"])
def test_the_game_choices_line_up_their_player_counts(new_page: Any, lang: str) -> None:
    """A longer tagline (Dig's) pushed its card's player count below the others'."""
    page = new_page(1366, 800)
    page.goto("/#/")
    page.locator(f"[data-lang={lang}]").click()
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.locator(".choice-card .choice-meta").first.wait_for()
    page.evaluate("() => document.fonts.ready")
    # Where the text itself is drawn (a stretched box can end level while its text does not).
    bottoms = page.evaluate(
        """() => [...document.querySelectorAll('.choice-card .choice-meta')].map((e) => {
             const text = document.createRange();
             text.selectNodeContents(e);
             return Math.round(text.getBoundingClientRect().bottom);
           })"""
    )
    assert len(bottoms) >= 3 and max(bottoms) - min(bottoms) <= 1, bottoms
