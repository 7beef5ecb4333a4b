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


RULES = """async () => {
  const { soundFor } = await import('/js/sound.js');
  const st = (decision, extra) => ({
    decision, status: 'playing', your_turn: false, pending: { player: 2 }, last: null, ...extra,
  });
  const bot = { seat: 1, by: 'bot' };
  return {
    first: soundFor(null, st(3, { your_turn: true }), 0),
    same: soundFor(st(3), st(3, { your_turn: true }), 0),
    turn: soundFor(st(3), st(4, { your_turn: true, last: bot }), 0),
    botDone: soundFor(st(3), st(4, { last: bot }), 0),
    botGoesOn: soundFor(st(3), st(4, { last: bot, pending: { player: 1 } }), 0),
    human: soundFor(st(3), st(4, { last: { seat: 2, by: 'human' } }), 0),
    end: soundFor(st(3), st(4, { status: 'finished', pending: null, last: bot }), 0),
  };
}"""


def test_which_states_call_for_which_sound(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/")
    out = page.evaluate(RULES)
    assert out == {
        "first": None,
        "same": None,
        "turn": "turn",
        "botDone": "bot",
        "botGoesOn": None,
        "human": None,
        "end": "end",
    }
