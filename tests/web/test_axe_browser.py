"""axe-core on every screen of the app, in English and in Thai: no serious or critical
accessibility violation (issue 21, point 5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web import axe
from tests.web.conftest import (
    BOT_TURN_TIMEOUT_MS,
    SCREENSHOTS,
    api,
    finished_table,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def tables(server: str) -> Iterator[dict[str, str]]:
    easy = {"kind": "bot", "bot": "easy"}
    money = {"kind": "bot", "bot": "bigmoney"}
    waiting = api(
        server,
        "/api/tables",
        {"game": "y", "options": {"size": 5}, "seats": [{"kind": "human"}, easy]},
    )
    yield {
        "y": finished_table(server, {"game": "y", "options": {"size": 5}, "seats": [easy, easy]}),
        "domination": finished_table(
            server, {"game": "domination", "options": {"turn_limit": 2}, "seats": [money, money]}
        ),
        "waiting": waiting["table"]["id"],
    }


def screens(page: Any, tables: dict[str, str]) -> Iterator[str]:
    """Open each screen in turn, yielding its name once it has drawn."""
    page.goto("/#/")
    page.locator("[data-test=start]").wait_for()
    yield "home (Domination)"
    page.locator("#game-y").check()
    yield "home (Y)"
    page.locator("#game-domination").check()
    page.locator("[data-test=start]").click()
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    yield "Domination table"
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill("5")
    page.locator("[data-test=start]").click()
    page.locator(".table-page .ycell.playable").first.wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    yield "Y table"
    for game in ("y", "domination"):
        page.goto(f"/#/table/{tables[game]}")
        page.locator("[data-test=result]").wait_for()
        yield f"{game} result"
        page.goto(f"/#/replay/{tables[game]}")
        page.locator("[data-test=replay-counter]").wait_for()
        page.locator("[data-test=prev]").click()
        yield f"{game} replay"
    page.goto(f"/#/join/{tables['waiting']}")
    page.locator("main form, main .panel").first.wait_for()
    yield "join"
    for path in ("rules/domination", "rules/y", "bots/domination", "bots/y", "settings", "nowhere"):
        page.goto(f"/#/{path}")
        page.locator("main h1").first.wait_for()
        page.wait_for_timeout(100)
        yield path


@pytest.mark.parametrize(("width", "height"), [(1366, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "th"])
def test_no_serious_accessibility_violations(
    axe_page: Any,
    axe_script: str,
    tables: dict[str, str],
    lang: str,
    width: int,
    height: int,
) -> None:
    """Also saves every screen at this size and language for the CI artifacts."""
    page = axe_page(lang, width, height)
    checked = axe.audit(page, axe_script, screens(page, tables), lang, SCREENSHOTS, str(width))
    assert len(checked) == 15
