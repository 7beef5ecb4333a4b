"""Dig's chart data (games/dig/story.py): each seat's points plus gems, from views only."""

from __future__ import annotations

from boardbots.core.contract import View
from boardbots.core.rng import Rng
from boardbots.games import get_game, story_for
from boardbots.games.dig.story import STORY


def _played(seed: int, decisions: int) -> list[View]:
    """Views of a 3-seat game after each decision, the choices drawn from a seeded Rng."""
    game = get_game("dig")
    state = game.new_state(3, seed, {})
    rng = Rng(seed)
    views = [game.player_view(state, None)]
    for _ in range(decisions):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        state = game.applied(state, legal[rng.randrange(len(legal))])
        views.append(game.player_view(state, None))
    return views


def test_the_registry_finds_the_story() -> None:
    assert story_for("dig") is STORY
    assert STORY.score == "dig_points" and STORY.parts == ()


def test_a_point_is_what_the_engine_scores_the_view() -> None:
    game = get_game("dig")
    views = _played(5, 400)
    assert game.is_over(views[-1]), "the game should end within 400 decisions"
    for view in views:
        point = STORY.point(view)
        assert point["scores"] == game.scores(view)
        assert point["decks"] is None


def test_gems_count_at_their_rule_worth() -> None:
    view = get_game("dig").player_view(get_game("dig").new_state(2, 1, {"gem_points": 3}), None)
    assert STORY.point(view)["scores"] == [3.0 * view["gems"][0], 3.0 * view["gems"][1]]
