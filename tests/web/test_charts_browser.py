"""The game's story as charts: at the end of a game and in replays, up to the step."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import api, expect, finished_table, shot

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "bot": "easy"}
MONEY = {"kind": "bot", "bot": "bigmoney"}


def _drawn(scores: list[Any], seat: int) -> int:
    """Dots a seat's line has: one per point whose score can still be reached."""
    return sum(1 for s in scores if s[seat] is not None)


def _check_score_chart(page: Any, points: list[dict[str, Any]]) -> None:
    chart = page.locator("[data-test=score-chart]")
    expect(chart).to_have_attribute("data-points", str(len(points)))
    for seat in (0, 1):
        dots = chart.locator(f".series[data-seat='{seat}'] .pt")
        expect(dots).to_have_count(_drawn([p["scores"] for p in points], seat))


def _check_ends(page: Any, first: str, last: str) -> None:
    """The words under the chart's two ends: a point stands after its turns were played,
    so a finished game ends on its last move, not on one after it."""
    labels = page.locator("[data-test=score-chart] .axes text")
    expect(labels).to_have_count(4)  # 0 and the top of the value axis, then the two ends
    expect(labels.nth(2)).to_have_text(first)
    expect(labels.nth(3)).to_have_text(last)


def last_n(points: list[dict[str, Any]]) -> int:
    """The decisions in the game: its last point stands after the last one."""
    n: int = points[-1]["n"]
    return n


def test_y_charts_at_the_end_and_in_the_replay_up_to_the_step(new_page: Any, server: str) -> None:
    table = finished_table(server, {"game": "y", "options": {"size": 5}, "seats": [EASY, EASY]})
    timeline = api(server, f"/api/tables/{table}/replay")["timeline"]
    points = timeline["points"]
    assert timeline["score"] == "to_connect" and len(points) >= 5
    page = new_page()
    page.goto(f"/#/table/{table}")
    result = page.locator("[data-test=result]")
    expect(result.locator("[data-test=story-charts]")).to_be_visible()
    _check_score_chart(page, points)
    _check_ends(page, "start", f"after move {points[-1]['turn']}")
    assert page.locator("[data-test=deck-chart]").count() == 0  # Y has no decks
    # This browser never saw the game, yet its move list holds every move.
    expect(page.locator(".movelist > li")).to_have_count(last_n(points))
    shot(page, "y-result-charts", full_page=True)

    page.goto(f"/#/replay/{table}")
    counter = page.locator("[data-test=replay-counter]")
    last = points[-1]["n"]
    expect(counter).to_have_text(f"{last} / {last}")
    _check_score_chart(page, points)
    for _ in range(3):
        page.locator("[data-test=prev]").click()
    expect(counter).to_have_text(f"{last - 3} / {last}")
    shown = [p for p in points if p["n"] <= last - 3]
    _check_score_chart(page, shown)
    _check_ends(page, "start", f"after move {shown[-1]['turn']}")


def test_domination_charts_have_a_deck_chart_per_player(new_page: Any, server: str) -> None:
    # A short log window (lab mode takes any option): the views keep only its last lines.
    options = {"turn_limit": 8, "log_length": 4}
    body = {"game": "domination", "options": options, "seats": [MONEY, MONEY]}
    table = finished_table(server, body)
    replay = api(server, f"/api/tables/{table}/replay")
    points = replay["timeline"]["points"]
    assert replay["timeline"]["score"] == "vp" and len(points) >= 4
    page = new_page()
    page.goto(f"/#/table/{table}")
    expect(page.locator("[data-test=result] [data-test=story-charts]")).to_be_visible()
    _check_score_chart(page, points)
    decks = page.locator("[data-test=deck-chart]")
    expect(decks).to_have_count(2)
    for seat in (0, 1):
        expect(decks.nth(seat).locator(".col")).to_have_count(len(points))
        # The last column's stacks add up to every card the player owns.
        owned = sum(points[-1]["decks"][seat].values())
        assert owned >= 10
        assert decks.nth(seat).locator(".col").last.locator("rect").count() >= 2
    # This browser never saw the game, yet its log holds more lines than a view keeps.
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-test=log] .story-lines > li').length > n",
        arg=options["log_length"],
    )
    shot(page, "domination-result-charts", full_page=True)

    page.goto(f"/#/replay/{table}")
    page.locator("[data-test=replay-counter]").wait_for()
    page.locator(".replay-controls button").first.click()  # the first position
    expect(page.locator("[data-test=score-chart]")).to_have_attribute("data-points", "1")
    expect(page.locator("[data-test=deck-chart]").first.locator(".col")).to_have_count(1)
    page.locator("[data-test=next]").click()
    shown = [p for p in points if p["n"] <= 1]
    expect(page.locator("[data-test=score-chart]")).to_have_attribute(
        "data-points", str(len(shown))
    )
