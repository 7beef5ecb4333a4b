"""Sounds: off by default, a setting kept in this browser, and your turn heard when on.

The page's AudioContext is replaced by a recorder, so the test hears nothing and
runs the same with or without an audio device.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import expect
from tests.web.test_y_browser import start_y_game, stones

pytestmark = pytest.mark.browser

RECORDER = """
window.__notes = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createGain() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect() {} };
  }
  createOscillator() {
    const osc = { freq: null, connect() {}, stop() {},
      frequency: { setValueAtTime(f) { osc.freq = f; } },
      start() { window.__notes.push(osc.freq); } };
    return osc;
  }
};
"""
TURN = "async () => (await import('/js/sound.js')).SOUNDS.turn.map((n) => n[0])"


def _notes(page: Any) -> list[float]:
    notes: list[float] = page.evaluate("() => window.__notes")
    return notes


def _move_and_wait_for_turn(page: Any) -> None:
    before = stones(page)
    page.locator(".ycell.playable").first.click()
    # Our stone, then the bot's reply: our turn is back.
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-stone]').length >= {before + 2}"
    )
    page.locator(".ycell.playable").first.wait_for()


def test_sound_is_off_by_default_kept_and_heard_on_your_turn(new_page: Any) -> None:
    page = new_page()
    page.add_init_script(RECORDER)
    start_y_game(page, 5)
    _move_and_wait_for_turn(page)
    assert _notes(page) == [], "sounds are off until the player turns them on"

    page.goto("/#/settings")
    toggle = page.locator("[data-test=sound]")
    expect(toggle).not_to_be_checked()
    toggle.check()
    turn = page.evaluate(TURN)
    assert _notes(page) == turn, "turning sounds on plays one"
    page.reload()
    expect(page.locator("[data-test=sound]")).to_be_checked()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('boardbots.settings')).sound")
    assert stored is True

    start_y_game(page, 5)
    assert _notes(page) == [], "opening a table is not news"
    _move_and_wait_for_turn(page)
    assert _notes(page) == turn

    page.goto("/#/settings")
    page.locator("[data-test=sound]").uncheck()
    page.reload()
    expect(page.locator("[data-test=sound]")).not_to_be_checked()
