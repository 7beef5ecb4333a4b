"""Perft for Domination: legal-action counts below fixed positions, checked against golden files.

Each `golden/perft_*.json` holds a position ("setup": a seeded new game, then
exact zones for some seats or a seeded random walk; see `golden_positions.py`)
and, in "expect", the kingdom, the pending decision, the deciding seat's hand,
the legal actions at the root in order, the perft counts for depths 1..depth
(action sequences of that length, shorter where the game ends, counted
through `legal_actions`, `clone` and `apply`), and "divide" (the count below
each root action at the full depth). The positions cover 2 and 4 players
and the first-game, size-distortion, sleight-of-hand, improvements and a
seeded random kingdom: Throne Room, Militia and Moat, Chapel, Sentry,
Library, Remodel, Mine and a Bureaucrat victim.

How the numbers were produced and checked. This engine computed them
(`python -m tests.golden.regen`); there is no second Domination engine, so
the first levels were checked by hand against the second-edition rules:

- first_game_2p_start (seed 7 draws P1 to start; hand Copper x5; no Action,
  so the turn opens in the Buy phase). Root = treasures, play:Copper,
  buy:Copper, buy:Curse, end: $0 buys only the $0 cards, in supply order.
  Depth 2 = 36: after "treasures" $5 buys any of the 15 supply cards costing
  <= 5 (Copper, Curse, Estate, Cellar, Moat, Silver, Merchant, Village,
  Workshop, Militia, Remodel, Smithy, Duchy, Market, Mine) or ends (16);
  after play:Copper the same 5 as the root; each of buy:Copper, buy:Curse
  and end finishes the turn (one buy) and gives P0's opening hand (Copper
  x4, Estate) 5 options: 16 + 5 + 3 * 5 = 36.
- first_game_4p_militia_moat (P0: Militia, Village, Remodel, Silver, Estate).
  Root = play:Village, play:Militia, play:Remodel, end (Actions in supply
  order, kingdom sorted by cost then name; Silver and Estate cannot be played
  in the Action phase). Depth 2 = 15: Village draws Moat and leaves 2 actions,
  so Moat, Militia, Remodel or end (4); Militia lets P1 (Moat in hand)
  reveal or pass (2); Remodel must trash one of Silver, Estate, Village,
  Militia (4); end gives treasures, play:Silver, buy:Copper, buy:Curse,
  end (5). Depth 3 = 92 = 14 (Village) + 2 (after P1's answer, P2, who owns
  a Moat only in the deck, can only pass; P3 owns none and is not asked)
  + 58 (Remodel gains up to cost + 2: 15 cards for Silver, 12 for Estate,
  15 for Village, 16 for Militia) + 18 (end: treasures and play:Silver
  each leave $2, so 5 buys + end; the other three end the turn and P1 may
  play Moat or end).
- size_distortion_2p_throne_chapel_sentry (P0: Throne Room, Chapel, Sentry,
  Copper, Estate). Root = play:Chapel, play:Throne Room, play:Sentry, end.
  Depth 2 = 18: Chapel may trash Copper, Estate, Throne Room or Sentry or be
  done (5); Throne Room offers play:Chapel, play:Sentry or pass (3); Sentry
  draws the Curse, looks at Silver and Estate: trash or discard either, or
  done (5); end gives treasures, play:Copper, buy:Copper, buy:Curse, end (5).
- sleight_of_hand_2p_library (P0: Throne Room, Library, Cellar, Copper,
  Estate). Root = play:Cellar, play:Throne Room, play:Library, end. Depth 2
  = 15: Cellar may discard Copper, Estate, Throne Room or Library or be done
  (5); Throne Room offers play:Cellar, play:Library or pass (3); Library
  draws Smithy first and asks whether to set it aside, yes or no (2); end 5.

`test_the_hand_checked_levels` repeats these hand counts (through "divide")
apart from the golden files, so a regeneration cannot quietly overwrite
them. The two walk positions were not hand-checked beyond their root lists
(Mine: trash:Copper or pass, with Copper x3 and a Curse in hand; Bureaucrat
victim holding Estate and Duchy: topdeck:Estate or topdeck:Duchy, no pass).

Beyond those levels the counts are the engine's own, so this test pins
behaviour: any change in move generation, sub-decision order, shuffling or
the end of a turn moves them, and the divide says under which root action.
Regenerate with `python -m tests.golden.regen` or
`BOARDBOTS_REGEN_GOLDEN=1 pytest tests/domination/test_golden.py`, and read
the diff before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.domination.golden_positions import build, divide, expect, golden_files, write_expect
from tests.golden import regen_requested

FILES = golden_files()


def test_there_are_golden_positions() -> None:
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_matches_golden(path: Path) -> None:
    if regen_requested():
        write_expect(path)
    case = json.loads(path.read_text())
    assert expect(case) == case["expect"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_files_agree_with_themselves(path: Path) -> None:
    """The stored divide sums to the deepest count, and the root list is the divide's keys."""
    case = json.loads(path.read_text())
    want = case["expect"]
    assert sum(want["divide"].values()) == want["counts"][-1]
    assert list(want["divide"]) == [str(a) for a in want["root"]]
    assert len(want["counts"]) == case["depth"] and want["counts"][0] == len(want["root"])


def test_the_hand_checked_levels() -> None:
    """The first levels worked out by hand in the module docstring, independent of the files."""
    by_name = {p.stem: json.loads(p.read_text()) for p in FILES}
    start = build(by_name["perft_first_game_2p_start"]["setup"])
    assert start["first"] == 1
    assert sum(divide(start, 2).values()) == 36
    militia = build(by_name["perft_first_game_4p_militia_moat"]["setup"])
    assert divide(militia, 3) == {
        "play:Village": 14,
        "play:Militia": 2,
        "play:Remodel": 58,
        "end": 18,
    }
    throne = build(by_name["perft_size_distortion_2p_throne_chapel_sentry"]["setup"])
    assert divide(throne, 2) == {
        "play:Chapel": 5,
        "play:Throne Room": 3,
        "play:Sentry": 5,
        "end": 5,
    }
    library = build(by_name["perft_sleight_of_hand_2p_library"]["setup"])
    assert divide(library, 2) == {
        "play:Cellar": 5,
        "play:Throne Room": 3,
        "play:Library": 2,
        "end": 5,
    }
