"""Medium's outlook weight comes from the game when its bot code sets none (`medium_beta`)."""

from __future__ import annotations

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import make_bot
from boardbots.core.rng import Rng, decision_seed
from boardbots.games import get_game


def _decisions(code: str, players: int, seed: int) -> list[object]:
    """Medium's answer at every decision of a game the `code` bots play against each other."""
    game = get_game("domination")
    state = game.new_state(players, seed)
    bot = make_bot(code, "domination")
    answers = []
    for n in range(400):
        if game.is_over(state):
            break
        view = game.player_view(state, state["pending"]["player"])
        action = bot.decide(view, BotContext(rng=Rng(decision_seed(seed, n))))
        answers.append(action)
        game.apply(state, action)
    return answers


def test_domination_weights_the_outlook_by_table_size() -> None:
    heur, game = heuristics_for("domination"), get_game("domination")
    assert heur.medium_beta(game.new_state(2, 1)) == 0.8
    assert heur.medium_beta(game.new_state(4, 1)) == 0.5


def test_medium_follows_the_games_weight_unless_its_code_sets_one() -> None:
    assert _decisions("medium", 2, 5) == _decisions("medium:beta=0.8", 2, 5)
    assert _decisions("medium", 2, 5) != _decisions("medium:beta=0.5", 2, 5)
    assert _decisions("medium", 3, 5) == _decisions("medium:beta=0.5", 3, 5)


def test_medium_counts_colliding_terminals_in_two_players_only() -> None:
    heur, game = heuristics_for("domination"), get_game("domination")
    for players, clash in ((2, True), (4, False)):
        state = game.new_state(players, 3)
        state["players"][0]["deck"] += ["Smithy"] * 4  # four terminal draws collide
        assert heur.outlook(state, 0) == heur.outlook(state, 0, clash=clash)
        assert heur.outlook(state, 0, clash=True) != heur.outlook(state, 0, clash=False)
