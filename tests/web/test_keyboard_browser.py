"""Keyboard play and feedback: focus kept across Domination actions, decoration out of
the Tab order, and a cursor and a short hint for clicks that cannot be played (issue 21,
point 5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import BOT_TURN_TIMEOUT_MS, expect

pytestmark = pytest.mark.browser

FOCUSED = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 120) : ''; }"


def focused_in(page: Any, selector: str) -> bool:
    found: bool = page.evaluate(
        "(s) => Boolean(document.activeElement && document.activeElement.matches(s))", selector
    )
    return found


def test_focus_stays_with_the_game_after_each_domination_action(new_page: Any) -> None:
    page = new_page(1366, 800)
    page.goto("/#/")
    page.locator("[data-test=start]").click()
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    page.locator("[data-action=treasures]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-test=inplay] .card").first).to_be_visible()
    assert focused_in(page, ".domgame .prompt-buttons button, .domgame button.card"), page.evaluate(
        FOCUSED
    )
    copper = page.locator(".dom-supply button.card[data-card=Copper]")
    copper.focus()
    page.keyboard.press("Enter")  # buys Copper; the turn passes to Big Money
    page.wait_for_function("() => !document.querySelector('.dom-prompt.mine')")
    assert focused_in(page, ".domgame, .domgame *"), page.evaluate(FOCUSED)
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    # Our turn again: focus is on one of the new choices, one key press from acting.
    page.wait_for_function(
        "() => document.activeElement.matches('.prompt-buttons button, .domgame button.card')"
    )
    before = page.locator("[data-test=inplay] .card").count()
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-test=inplay] .card').length !== {before}"
        " || !document.querySelector('.dom-prompt.mine')"
    )


def test_the_decorative_board_is_out_of_the_tab_order(new_page: Any) -> None:
    page = new_page(1366, 800)
    page.goto("/#/")
    page.locator("[data-test=start]").wait_for()
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused_in(page, "[data-test=start]"):
            break
        assert not focused_in(page, ".hero-art *"), "Tab stopped on the decorative board"
    assert focused_in(page, "[data-test=start]"), "Tab never reached the start button"
    assert page.locator(".hero-art [tabindex], .hero-art [role=button]").count() == 0


def test_illegal_clicks_get_a_cursor_and_a_hint(new_page: Any) -> None:
    page = new_page(1366, 800)
    page.goto("/#/")
    page.locator("[data-test=start]").click()
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    gold = page.locator(".dom-supply [data-card=Gold]")
    assert gold.evaluate("(el) => el.tagName") == "DIV"  # 0 coins before Treasures are played
    assert gold.evaluate("(el) => getComputedStyle(el).cursor") == "not-allowed"
    gold.click()
    hint = page.locator("[data-test=illegal-hint]")
    expect(hint).to_contain_text("Gold costs 6")
    page.locator("[data-lang=th]").click()
    page.locator(".dom-supply [data-card=Province]").click()
    expect(hint).to_contain_text("ราคา 8")
    # Y: a cell that already holds a stone.
    page.locator("[data-lang=en]").click()
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill("5")
    page.locator("[data-test=start]").click()
    page.locator(".table-page .ycell.playable").first.click()
    page.wait_for_function(  # our stone and the bot's answer
        "() => document.querySelectorAll('[data-stone]').length >= 2"
        " && document.querySelector('.table-page .ycell.playable')",
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    taken = page.locator(".table-page .ycell:not(.playable)").first
    assert taken.evaluate("(el) => getComputedStyle(el).cursor") == "not-allowed"
    taken.click(force=True)  # Playwright will not click an aria-disabled button by itself
    expect(hint).to_contain_text("already has a stone")
