"""Tables take only bots offered to players, with parameters of the right type and range."""

from __future__ import annotations

import pytest

from boardbots.server import lobby
from boardbots.server.errors import Code, ServerError

REFUSED = {
    "bigmoney": "does not play y",
    "random": "for the lab only",
    "hard:c=abc": "parameter c must be a number from 0 to 10, not 'abc'",
    "hard:iterations=abc": "parameter iterations",
    "hard:nosuch=1": "no parameter 'nosuch'",
    "hard:iterations=0": "parameter iterations",
    "medium:alpha=-1": "parameter alpha",
}


@pytest.mark.parametrize("code", list(REFUSED))
def test_a_table_refuses_the_bot_code(code: str) -> None:
    game = "y"
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": code}]}
    with pytest.raises(ServerError) as caught:
        lobby.new_table(body, bytes(16))
    assert caught.value.code is Code.BAD_SEATS and REFUSED[code] in caught.value.message


def test_a_table_takes_a_players_bot_with_parameters() -> None:
    body = {"game": "y", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard:c=0.5"}]}
    table, _ = lobby.new_table(body, bytes(16))
    assert table.seats[1].bot == "hard:c=0.5"
