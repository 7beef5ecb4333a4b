"""The terminal game: bad input is refused with a reason, and a whole game can be played."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.cli.play import parse_choice
from boardbots.cli.play_options import option_value as kingdom_option

runner = CliRunner()


def test_parse_choice_by_number_or_text() -> None:
    options = ["treasures", "buy:Copper", "end"]
    assert parse_choice("2", options) == "buy:Copper"
    assert parse_choice(" END ", options) == "end"
    with pytest.raises(ValueError, match="1 to 3"):
        parse_choice("7", options)
    with pytest.raises(ValueError, match="not one of the choices"):
        parse_choice("buy:Gold", options)


def test_kingdom_option() -> None:
    assert kingdom_option("random") == "random"
    assert kingdom_option("Cellar, Moat") == ["Cellar", "Moat"]


def test_bad_input_changes_nothing_and_asks_again() -> None:
    result = runner.invoke(app, ["play-domination", "--seed", "3"], input="bogus\n99\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not one of the choices" in result.output
    assert "pick a number from 1 to" in result.output
    assert result.output.count("nothing changed") == 2
    assert "Game abandoned" in result.output


def test_bad_options_are_refused() -> None:
    result = runner.invoke(app, ["play-domination", "--kingdom", "nope"])
    assert result.exit_code != 0 and "unknown kingdom preset" in result.output
    result = runner.invoke(app, ["play-domination", "--players", "5"])
    assert result.exit_code != 0


def test_a_whole_game_against_two_bots() -> None:
    args = ["play-domination", "--players", "3", "--bots", "bigmoney,random", "--seed", "1"]
    result = runner.invoke(app, args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final score" in result.output
