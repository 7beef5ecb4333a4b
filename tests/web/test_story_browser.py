"""The game's story: the page keeps every line it has seen, through the engine's trims
of its public log, takebacks and reloads, grouped by turn."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

MERGE = """async () => {
  const { mergeWindow, domTurns, replayStories } = await import('/js/games/story.js');
  const line = (p, verb, what) => [p, verb, what];
  const out = {};
  // Growth, then a trim to a cap of 4: the story keeps all six lines.
  let s = { lines: [], window: [] };
  s = mergeWindow(s, [line(0, 'play', 'A'), line(0, 'buy', 'B')], 4);
  s = mergeWindow(s, [line(0, 'play', 'A'), line(0, 'buy', 'B'), line(1, 'play', 'C')], 4);
  s = mergeWindow(s, [line(0, 'buy', 'B'), line(1, 'play', 'C'), line(1, 'buy', 'D'), line(0, 'discard', 'E')], 4);
  s = mergeWindow(s, [line(1, 'buy', 'D'), line(0, 'discard', 'E'), line(0, 'play', 'F'), line(0, 'buy', 'G')], 4);
  out.trimmed = s.lines.map((l) => l[2]).join('');
  // A takeback: the window shrinks back to its start.
  s = mergeWindow(s, [line(1, 'buy', 'D'), line(0, 'discard', 'E'), line(0, 'play', 'F')], 4);
  out.takenBack = s.lines.map((l) => l[2]).join('');
  // Turns: Ann's discard during Bea's turn stays in Bea's turn.
  out.turns = domTurns(s.lines).map((t) => t.player + ':' + t.lines.map((l) => l[2]).join('')).join(' ');
  const views = [[], [line(0, 'play', 'A')], [line(0, 'play', 'A'), line(0, 'buy', 'B')]].map((log) => ({ log }));
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
