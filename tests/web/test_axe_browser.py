"""axe-core on every screen of the app, in English and in Thai: no serious or critical
accessibility violation (issue 21, point 5)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web import axe
from tests.web.conftest import (
    BOT_TURN_TIMEOUT_MS,
    DEFAULT_TIMEOUT_MS,
    SCREENSHOTS,
    api,
    finished_table,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def axe_script() -> str:
    try:
        return axe.source()
    except (OSError, ValueError) as err:
        reason = f"axe-core {axe.PIN['version']} could not be fetched from the npm registry: {err}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


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
    browser: Any,
    server: str,
    axe_script: str,
    tables: dict[str, str],
    lang: str,
    width: int,
    height: int,
) -> None:
    """Also saves every screen at this size and language for the CI artifacts."""
    # bypass_csp: axe is added as an inline script, which the app's CSP rightly refuses.
    ctx = browser.new_context(
        viewport={"width": width, "height": height}, base_url=server, bypass_csp=True
    )
    ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
    ctx.add_init_script(
        f"localStorage.setItem('boardbots.settings', JSON.stringify({{lang: '{lang}'}}))"
    )
    page = ctx.new_page()
    found: dict[str, list[dict[str, Any]]] = {}
    checked = []
    try:
        for name in screens(page, tables):
            page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
            checked.append(name)
            violations = axe.serious_violations(page, axe_script)
            slug = "".join(c if c.isalnum() else "-" for c in name.lower())
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"screen-{slug}-{lang}-{width}.png"))
            if violations:
                found[name] = violations
    finally:
        ctx.close()
    assert len(checked) == 15
    report = "\n".join(
        f"{screen}: {v['impact']} {v['id']} ({v['help']}): {v['nodes']}"
        for screen, items in found.items()
        for v in items
    )
    assert not found, f"axe found serious or critical violations:\n{report}"
