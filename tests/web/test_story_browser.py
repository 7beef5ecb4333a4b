"""The game's story: the page keeps every line it has seen, through the engine's trims
of its public log, takebacks and reloads, grouped by turn."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

MERGE = """async () => {
  const { mergeWindow, domTurns, replayStories } = await import('/js/games/story.js');
  // "0pA" is seat 0 playing A; b buys, d discards.
  const verbs = { p: 'play', b: 'buy', d: 'discard' };
  const w = (spec) => spec ? spec.split(' ').map((x) => [Number(x[0]), verbs[x[1]], x[2]]) : [];
  const names = (s) => s.lines.map((l) => l[2]).join('');
  const out = {};
  // Growth, then two trims to a cap of 4: the story keeps all seven lines.
  let s = { lines: [], window: [] };
  for (const spec of ['0pA 0bB', '0pA 0bB 1pC', '0bB 1pC 1bD 0dE', '1bD 0dE 0pF 0bG']) {
    s = mergeWindow(s, w(spec), 4);
  }
  out.trimmed = names(s);
  s = mergeWindow(s, w('1bD 0dE 0pF'), 4); // a takeback: the window shrinks to its start
  out.takenBack = names(s);
  // Turns: seat 0's discard during seat 1's turn stays in that turn.
  const turns = domTurns(s.lines);
  out.turns = turns.map((t) => t.player + ':' + t.lines.map((l) => l[2]).join('')).join(' ');
  const views = ['', '0pA', '0pA 0bB'].map((spec) => ({ log: w(spec) }));
  out.replay = replayStories(views, 40).map((lines) => lines.length).join(',');
  return out;
}"""


def test_the_story_survives_trims_and_takebacks(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/")
    out = page.evaluate(MERGE)
    assert out["trimmed"] == "ABCDEFG"
    assert out["takenBack"] == "ABCDEF"
    assert out["turns"] == "0:AB 1:CDE 0:F"
    assert out["replay"] == "0,1,2"
