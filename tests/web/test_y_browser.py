"""The Game of Y in the browser: a whole game against Easy, the thinking state and the replay."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.conftest import api, expect, shot
from tests.web.motion import settle

pytestmark = pytest.mark.browser


def start_y_game(page: Any, size: int) -> None:
    """New game form: Game of Y, board size, the default opponent (one Easy bot)."""
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill(str(size))
    assert page.locator("#ysize-out").inner_text().startswith(str(size))
    seats = page.locator(".seat-row")
    assert seats.count() == 2
    assert "Easy bot" in seats.nth(1).inner_text()
    hint = page.locator(".players .hint").first.inner_text()
    assert "this game takes 2 players" in hint and "2–2" not in hint
    page.locator("[data-test=start]").click()
    page.wait_for_url("**/#/table/*")
    page.locator(".table-page .yboard").wait_for()


def stones(page: Any) -> int:
    return int(page.locator("[data-stone]").count())


def wait_for_turn_or_end(page: Any) -> bool:
    """True when it is our turn, False when the game is over."""
    page.wait_for_function(
        "() => document.querySelector('.ycell.playable')"
        " || document.querySelector('[data-test=result]')"
    )
    return page.locator("[data-test=result]").count() == 0


def test_full_y_game_against_easy(new_page: Any) -> None:
    page = new_page()
    start_y_game(page, 4)
    assert page.locator(".ycell").count() == 10  # 4 + 3 + 2 + 1 cells
    moves = 0
    while wait_for_turn_or_end(page):
        before = stones(page)
        cell = page.locator(".ycell.playable").first
        cell.hover()
        expect(page.locator("[data-test=preview]")).not_to_be_empty()
        if moves == 1:
            shot(page, "y-table-playing")
        cell.click()
        page.wait_for_function(f"() => document.querySelectorAll('[data-stone]').length > {before}")
        moves += 1
        assert moves <= 6, "a size-4 board has 10 cells, so we cannot need more than 5 moves"
    result = page.locator("[data-test=result]")
    assert "won" in result.inner_text() or "wins" in result.inner_text()
    assert result.locator("thead th").nth(1).inner_text() == "Wins"
    assert page.locator(".stone.chain").count() >= 3, "the winning chain is highlighted"
    assert page.locator(".stone.last").count() == 1
    settle(page)  # the result panel has finished appearing
    shot(page, "y-table-finished")

    page.locator("[data-test=replay-link]").click()
    counter = page.locator(".replay-page [data-test=replay-counter]")
    counter.wait_for()
    total = stones(page)
    assert total >= 4
    expect(counter).to_have_text(f"{total} / {total}")
    page.locator("[data-test=prev]").click()
    expect(counter).to_have_text(f"{total - 1} / {total}")
    assert stones(page) == total - 1
    expect(page.locator("[data-test=notes]")).to_contain_text("Decision")
    shot(page, "y-replay")


# Note when each "thinking" frame arrives, before the app's own listener sees it: the app
# starts the minimum thinking time no earlier than that, so the bound below is exact
# however slowly a loaded machine renders.
RECORD_THINKING = """
(() => {
  const Native = window.WebSocket;
  window.__thinkingAt = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const at = performance.now();
        try {
          if (JSON.parse(ev.data).type === "thinking") window.__thinkingAt.push(at);
        } catch (err) {
          /* not JSON: not ours to judge */
        }
      });
    }
  };
})();
"""


def test_thinking_state_respects_minimum_thinking_time(new_page: Any) -> None:
    page = new_page()
    page.add_init_script(RECORD_THINKING)
    page.goto("/#/settings")
    page.locator("#think").fill("1.5")
    page.locator("[data-test=save]").click()
    start_y_game(page, 5)
    assert wait_for_turn_or_end(page)
    # Record when the thinking state shows and when the bot's stone lands.
    page.evaluate(
        """() => {
          window.__t = {};
          window.__thinkingAt.length = 0;
          new MutationObserver(() => {
            const stones = document.querySelectorAll('[data-stone]').length;
            if (stones >= 2 && !window.__t.move) window.__t.move = performance.now();
          }).observe(document.body, {subtree: true, childList: true, attributes: true});
        }"""
    )
    page.locator(".ycell.playable").nth(2).click()
    page.locator("[data-test=status][data-thinking]").wait_for()
    assert "thinking" in page.locator("[data-test=status]").inner_text()
    assert page.locator(".seat-chip.thinking [data-test=thinking]").count() == 1
    shot(page, "y-bot-thinking")
    page.wait_for_function("() => document.querySelectorAll('[data-stone]').length >= 2")
    times = page.evaluate("() => ({move: window.__t.move, think: window.__thinkingAt[0]})")
    shown = times["move"] - times["think"]
    assert shown >= 1500, f"the bot's move appeared {shown:.0f} ms after thinking began"
    assert page.locator("[data-test=status][data-thinking]").count() == 0
    settle(page)  # the stone has dropped, for the screenshot
    shot(page, "y-bot-moved")


def test_take_back_a_move_after_the_bots_reply(new_page: Any, server: str) -> None:
    """The takeback waits for you, not for the bot: after Easy has answered, one click
    removes both stones, the bot does not answer again, and the button never moves."""
    page = new_page()
    start_y_game(page, 5)
    undo = page.locator("[data-test=undo]")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#undo-why")).to_have_text("You have no move to take back yet.")
    box = undo.bounding_box()
    page.locator(".ycell.playable").first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-stone]').length >= 1")
    assert wait_for_turn_or_end(page), "a size-5 game does not end after two stones"
    expect(page.locator("[data-test=thinking]")).to_have_count(0)
    expect(undo).to_have_attribute("aria-disabled", "false")
    assert undo.bounding_box() == box, "the button keeps its place"
    page.reload()  # the story keeps both moves, though a state message names only the last
    expect(page.locator(".movelist li")).to_have_count(2)
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    expect(page.locator("[data-stone]")).to_have_count(0)
    expect(page.locator(".ycell.playable").first).to_be_visible()
    expect(undo).to_have_attribute("aria-disabled", "true")
    assert undo.bounding_box() == box
    assert page.locator("[data-test=thinking]").count() == 0, "the bot waits for your move"
    expect(page.locator(".movelist li")).to_have_count(0)
    shot(page, "y-table-takeback")

    # The replay records it: the creator closes the table and the list marks the takeback.
    table = page.url.rsplit("/", 1)[1]
    owner = page.evaluate(
        f"() => JSON.parse(localStorage.getItem('boardbots.seats'))['{table}'].owner"
    )
    api(server, f"/api/tables/{table}/close", {"owner_token": owner})
    page.goto(f"/#/replay/{table}")
    expect(page.locator("[data-test=takeback]")).to_have_text("Player took back 2 moves here.")


def test_take_back_while_the_bots_move_is_held_for_its_thinking_time(
    new_page: Any, server: str
) -> None:
    """The server has the bot's reply but the page still shows it thinking (the player
    asked for a long minimum thinking time): the takeback names the newest state it
    received, so it is not refused as stale and both stones go."""
    page = new_page()
    page.add_init_script(  # before the app reads its settings
        "localStorage.setItem('boardbots.settings', JSON.stringify({ minThinkMs: 20000 }))"
    )
    start_y_game(page, 5)
    table = page.url.rsplit("/", 1)[1]
    page.locator(".ycell.playable").first.click()
    deadline = time.monotonic() + 30
    while api(server, f"/api/tables/{table}")["table"]["decision"] < 2:
        assert time.monotonic() < deadline, "the bot never answered"
        time.sleep(0.05)
    expect(page.locator("[data-test=thinking]")).to_have_count(1)  # held for pacing
    page.locator("[data-test=undo]").click()
    expect(page.locator("[data-stone]")).to_have_count(0, timeout=8_000)  # not after 20 s
    expect(page.locator("[data-test=thinking]")).to_have_count(0)
    assert api(server, f"/api/tables/{table}")["table"]["decision"] == 0
