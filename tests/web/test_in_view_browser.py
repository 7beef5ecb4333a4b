"""Everything a player needs is on screen at once, on a laptop and on a phone: no scrolling
to reach the start button, the Y board with its turn line, the Domination table's main
area, or a replay's board and controls while stepping (issue 21, point 2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import BOT_TURN_TIMEOUT_MS, expect, finished_table, shot

pytestmark = pytest.mark.browser

SIZES = [(1366, 800), (390, 844)]
SIZE_IDS = ["laptop", "phone"]


def assert_in_view(page: Any, selectors: list[str]) -> None:
    """Each element lies wholly inside the viewport and the page is not scrolled."""
    view = page.viewport_size
    assert page.evaluate("() => window.scrollY") == 0, "the page scrolled by itself"
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not shown"
        bottom, right = box["y"] + box["height"], box["x"] + box["width"]
        assert box["y"] >= 0 and bottom <= view["height"] + 0.5, (
            f"{selector} spans y {box['y']:.0f}-{bottom:.0f} on a {view['height']} px high screen"
        )
        assert box["x"] >= 0 and right <= view["width"] + 0.5, f"{selector} is cut off sideways"


def set_language(page: Any, lang: str) -> None:
    """Switch only when needed, once the page has drawn: a switch re-draws the page."""
    if page.evaluate("() => document.documentElement.lang") == lang:
        return
    page.locator(f"[data-lang={lang}]").click()
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")


@pytest.fixture(scope="module")
def replays(server: str) -> Iterator[dict[str, str]]:
    easy = {"kind": "bot", "bot": "easy"}
    money = {"kind": "bot", "bot": "bigmoney"}
    yield {
        "y": finished_table(server, {"game": "y", "options": {"size": 9}, "seats": [easy, easy]}),
        "domination": finished_table(
            server, {"game": "domination", "options": {"turn_limit": 3}, "seats": [money, money]}
        ),
    }


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_start_button_and_domination_table_fit(new_page: Any, width: int, height: int) -> None:
    page = new_page(width, height)
    page.goto("/#/")
    for lang in ("en", "th"):
        page.locator("[data-test=start]").wait_for()
        set_language(page, lang)
        page.locator("[data-test=start]").wait_for()
        for game in ("domination", "y"):
            page.locator(f"#game-{game}").check()
            assert_in_view(page, ["[data-test=start]"])
    page.locator("#game-domination").check()
    page.locator("[data-test=start]").click()
    # the hand section, not its card row: a hand played out to the last card has no row
    main_area = ["[data-test=status]", ".dom-turnbar", ".dom-prompt", ".dom-hand"]
    main_area += [".dom-supply"]
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    assert_in_view(page, main_area)
    shot(page, f"in-view-domination-th-{width}")
    set_language(page, "en")
    assert_in_view(page, main_area)
    page.locator(".prompt-buttons button").first.click()  # play Treasures or play a card
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    assert_in_view(page, main_area)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_y_board_and_turn_line_fit(new_page: Any, width: int, height: int) -> None:
    page = new_page(width, height)
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill("11")
    page.locator("[data-test=start]").click()
    page.locator(".table-page .ycell.playable").first.wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    assert_in_view(page, [".yboard", "[data-test=status]"])
    stones = page.locator("[data-stone]").count()
    page.locator(".table-page .ycell.playable").nth(20).click()
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-stone]').length >= {stones + 2}",
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    assert_in_view(page, [".yboard", "[data-test=status]"])
    shot(page, f"in-view-y-{width}")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_replay_board_and_controls_stay_in_view_while_stepping(
    new_page: Any, replays: dict[str, str], width: int, height: int
) -> None:
    page = new_page(width, height)
    boards = {
        "y": [".replay-board svg"],
        "domination": [".replay-board .dom-turnbar", ".replay-board .dom-supply"],
    }
    for game, table in replays.items():
        page.goto(f"/#/replay/{table}")
        counter = page.locator("[data-test=replay-counter]")
        counter.wait_for()
        page.locator(".replay-controls button").first.click()
        for step in range(1, 7):
            page.locator("[data-test=next]").click()
            expect(counter).to_contain_text(f"{step} /")
            assert_in_view(page, [".replay-controls", *boards[game]])
        shot(page, f"in-view-replay-{game}-{width}")
