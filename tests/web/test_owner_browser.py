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
