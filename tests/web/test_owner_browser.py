"""The table's creator (and only the creator) can give an absent player's seat to a bot
and close the table, from the table page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import api, shot

pytestmark = pytest.mark.browser


def test_creator_replaces_an_absent_player_and_closes_the_table(new_page: Any) -> None:
    ann = new_page()
    ann.goto("/#/")
    ann.locator("#game-y").check()
    ann.locator("#ysize").fill("5")
    ann.locator(".seat-row .remove").first.click()  # the default Easy bot
    ann.locator("[data-bot=human]").click()  # an invited person who never comes
    ann.locator("[data-test=start]").click()
    ann.wait_for_url("**/#/table/*")
    table = ann.url.rsplit("/", 1)[1]
    replace = ann.locator(".seat-chip[data-seat='1'] [data-test=replace-seat]")
    # A waiting table shows the seats and the invitation, not a dealt game, and offers
    # the bot only when the creator asks.
    ann.locator(".banner.invite").wait_for()
    assert not ann.locator(".ygame").is_visible()
    assert not replace.is_visible()
    ann.locator(".seat-chip[data-seat='1'] [data-test=seat-ask]").click()
    replace.wait_for()
    assert ann.locator("[data-test=replace-seat]").count() == 1, "only the absent seat"
    assert ann.locator("[data-test=close-table]").count() == 1

    # Somebody else watching the table sees neither control.
    watcher = new_page()
    watcher.goto(f"/#/table/{table}")
    watcher.locator(".table-page .seat-chip[data-seat='1']").wait_for()
    assert watcher.locator("[data-test=replace-seat], [data-test=close-table]").count() == 0

    ann.locator(".seat-chip[data-seat='1'] [data-test=replace-bot]").select_option("medium")
    shot(ann, "table-owner-controls")
    replace.click()
    ann.locator(".seat-chip[data-seat='1']", has_text="Medium").wait_for()
    ann.locator("[data-test=replace-seat]").wait_for(state="detached")
    base = ann.url.split("#")[0]
    seats = api(base, f"/api/tables/{table}")["table"]["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "medium"
    # The table started; Ann plays a stone and the new bot answers.
    ann.locator(".table-page .ycell.playable").first.click()
    ann.wait_for_function("() => document.querySelectorAll('[data-stone]').length >= 2")

    ann.once("dialog", lambda dialog: dialog.accept())
    ann.locator("[data-test=close-table]").click()
    ann.locator(".banner", has_text="closed").wait_for()
    assert ann.locator("[data-test=close-table]").count() == 0
    assert api(base, f"/api/tables/{table}")["table"]["status"] == "closed"
    watcher.locator("[data-test=status]", has_text="closed").wait_for()


def test_a_player_who_left_keeps_the_seat_until_the_creator_asks(new_page: Any) -> None:
    ann = new_page()
    ann.goto("/#/")
    ann.locator("#game-y").check()
    ann.locator("#ysize").fill("5")
    ann.locator(".seat-row .remove").first.click()
    ann.locator("[data-bot=human]").click()
    ann.locator("[data-test=start]").click()
    ann.wait_for_url("**/#/table/*")
    table = ann.url.rsplit("/", 1)[1]
    bob = new_page()
    bob.goto(f"/#/join/{table}")
    bob.locator("#jname").fill("Bob")
    bob.get_by_role("button", name="Take the seat").click()
    bob.wait_for_url(f"**/#/table/{table}")
    bob.locator(".table-page .yboard").wait_for()
    chip = ann.locator(".seat-chip[data-seat='1']")
    chip.filter(has_text="Bob").wait_for()
    bob.close()  # Bob leaves the game in play

    chip.filter(has_text="away").wait_for()
    # Within the server's grace time (60 s here) the bot is offered only on asking.
    ask = chip.locator("[data-test=seat-ask]")
    ask.filter(has_text="Not coming back?").wait_for()
    replace = chip.locator("[data-test=replace-seat]")
    assert not replace.is_visible()
    base = ann.url.split("#")[0]
    assert api(base, f"/api/tables/{table}")["table"]["seats"][1]["away_s"] < 60
    ask.click()
    replace.click()
    # The chip's bot menu already lists "Easy": the replacement is done when the menu goes.
    replace.wait_for(state="detached")
    chip.filter(has_text="Easy").wait_for()
    seats = api(base, f"/api/tables/{table}")["table"]["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "easy"


GRACE = """async () => {
  const { graceLeftMs } = await import('/js/grace.js');
  const config = { replace_grace_s: 60 };
  return {
    early: graceLeftMs({ away_s: 59.5 }, config),
    over: graceLeftMs({ away_s: 61 }, config),
    here: graceLeftMs({ away_s: null }, config),
    unknown: graceLeftMs({ away_s: 61 }, {}),
  };
}"""


def test_the_page_counts_the_grace_time_from_the_servers_away_time(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/")
    out = page.evaluate(GRACE)
    assert 0 < out["early"] <= 500
    assert out["over"] == 0
    assert out["here"] is None and out["unknown"] is None
