"""Hard's Domination evaluation: Curses still to come, and the game's pace."""

from __future__ import annotations

from boardbots.games.domination import heuristics as dh
from boardbots.games.domination.zones import tables
from tests.domination.helpers import make

MONEY = ["Copper"] * 7 + ["Silver"] * 3 + ["Estate"] * 3


def _rates(state: dict, extra: list[list[str]]) -> list[float]:
    t = tables(state)
    return [dh.curse_rate(t, dh.deck_of(state, p) + extra[p]) for p in range(state["n"])]


def test_no_curse_giver_no_curses() -> None:
    state = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    t = tables(state)
    assert dh.curses_to_come(state, t, _rates(state, [[], []]), 10.0)[0] == [0.0, 0.0]


def test_a_witch_sends_curses_to_the_other_seat_only() -> None:
    state = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    t = tables(state)
    (mine, theirs), share = dh.curses_to_come(state, t, _rates(state, [["Witch"], []]), 10.0)
    assert mine == 0.0
    assert 1.0 < theirs <= state["supply"]["Curse"]
    assert share == 0.5  # one Witch does not empty the pile in 10 rounds: they come evenly


def test_curses_to_come_never_exceed_the_pile_and_a_race_splits_it() -> None:
    state = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    t = tables(state)
    pile = state["supply"]["Curse"]
    alone, share = dh.curses_to_come(state, t, _rates(state, [["Witch"] * 3, []]), 30.0)
    race, _ = dh.curses_to_come(state, t, [dh.curse_rate(t, [*MONEY, "Witch", "Witch"])] * 2, 30.0)
    assert alone[1] == pile  # three Witches over 30 rounds empty the pile
    assert share > 0.6  # the pile empties early, so the Curses sit in the deck for longer
    assert race == [pile / 2, pile / 2]  # equal decks split it


def test_evaluation_values_a_witch_over_a_smithy() -> None:
    """The failure this fixes: a Witch looked like a weak draw card, so Hard bought Market."""
    heur = dh.HEURISTICS
    values = {}
    for card in ("Witch", "Smithy"):
        state = make(["Witch", "Smithy"], ["Copper"] * 5, deck=MONEY)
        state["players"][0]["discard"].append(card)
        values[card] = heur.evaluate(state, 0)
    assert values["Witch"] > values["Smithy"]


def test_a_rivals_witch_lowers_our_evaluation() -> None:
    heur = dh.HEURISTICS
    plain = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    cursed = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    cursed["players"][1]["discard"].append("Witch")
    plain["players"][1]["discard"].append("Silver")
    assert heur.evaluate(cursed, 0) < heur.evaluate(plain, 0)


def test_pace_shortens_the_game_for_decks_that_hit_a_province() -> None:
    state = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    t = tables(state)
    weak = dh.paced_rounds(state, t, [["Copper"] * 7 + ["Estate"] * 3 + ["Curse"] * 3] * 2)
    rich = dh.paced_rounds(state, t, [["Gold"] * 6 + ["Silver"] * 4] * 2)
    assert weak == dh.LONGEST_GAME > dh.LONG_GAME  # a cursed slog may outlast a usual game
    assert 1.0 <= rich < 8.0  # these decks buy a Province most turns


def test_without_curse_givers_the_evaluation_is_the_one_before() -> None:
    """Games without Witches keep the usual length and no Curse terms: Hard is unchanged."""
    state = make(["Witch"], ["Copper"] * 5, deck=MONEY)
    heur = dh.HEURISTICS
    vp = heur.points(state)
    proj = [vp[p] + dh.W_OUTLOOK * heur.outlook(state, p, True) for p in range(2)]
    assert heur.evaluate(state, 0) == proj[0] - proj[1]
