"""The charts' data (server/timeline.py): one point per turn, public to everyone."""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games import get_game, story_for
from boardbots.server.messages import state_message
from boardbots.server.replay import replay_of
from boardbots.server.table import Seat, SeatKind, Status, Table
from boardbots.server.timeline import timeline_of

MONEY = ("play:Smithy", "treasures", "buy:Province", "buy:Gold", "buy:Smithy", "buy:Silver")


def _table(game: str, players: int, options: dict[str, Any]) -> Table:
    seats = [Seat(i, SeatKind.HUMAN, f"p{i}", token_hash=f"h{i}") for i in range(players)]
    table = Table("t", game, options, 11, seats, "owner", status=Status.PLAYING)
    table.state = table.replayed([])
    return table


def _money(legal: list[Any]) -> Any:
    """A money-first player who also buys Smithy, so decks hold every kind of card."""
    return next((a for a in MONEY if a in legal), "end" if "end" in legal else legal[0])


def _play(table: Table, decisions: int, pick: Any) -> list[State]:
    """Play up to `decisions` decisions; the states before each one and after the last."""
    game = table.game
    states = [table.state]
    for _ in range(decisions):
        if game.is_over(table.state):
            break
        action = pick(game.legal_actions(table.state))
        seat = table.pending_seat()
        after = game.applied(table.state, action)
        entry = {"seat": seat, "action": action, "by": "human", "text": ""}
        table.commit(entry, after, table.outcome(after))
        states.append(after)
    return states


def test_a_live_domination_timeline_shows_only_what_each_seat_sees() -> None:
    table = _table("domination", 3, {"kingdom": "first-game"})
    states = _play(table, 80, _money)
    assert table.status is Status.PLAYING
    game, story = table.game, story_for("domination")
    timeline = timeline_of(table)
    assert timeline is not None and timeline["score"] == "vp"
    points = timeline["points"]
    assert [p["n"] for p in points] == sorted({p["n"] for p in points})
    assert points[-1]["n"] == len(table.log)
    starts = [p["turn"] for p in points[:-1]]  # the last point may fall inside a turn
    assert starts == list(range(len(starts)))
    for point in points:
        state = states[point["n"]]
        for seat in range(3):
            # What the chart says is what this seat's own view says ...
            assert story.point(game.player_view(state, seat)) == _data(point)
            # ... and stays the same in any world that seat's view allows: the
            # hidden hands and draw piles dealt again.
            world = game.determinize(game.player_view(state, seat), Rng(point["n"]))
            assert story.point(game.player_view(world, None)) == _data(point)
    last = points[-1]
    assert last["scores"] == game.scores(game.player_view(table.state, None))
    assert any(d["action"] > 0 for d in last["decks"])
    assert all(sum(d.values()) >= 10 for d in last["decks"])


def _data(point: dict[str, Any]) -> dict[str, Any]:
    return {"scores": point["scores"], "decks": point["decks"]}


def test_a_y_timeline_has_a_point_per_move_and_the_winner_needs_none() -> None:
    table = _table("y", 2, {"size": 5})
    rng = Rng(5)
    _play(table, 100, rng.choice)
    assert table.status is Status.FINISHED and table.result is not None
    timeline = timeline_of(table)
    assert timeline is not None and timeline["score"] == "to_connect"
    points = timeline["points"]
    assert len(points) == len(table.log) + 1
    assert points[0]["scores"] == [5, 5]
    winner = table.result.index(1.0)
    assert points[-1]["scores"][winner] == 0
    assert all(p["decks"] is None for p in points)


def test_replays_and_the_finished_state_carry_the_same_timeline() -> None:
    table = _table("y", 2, {"size": 5})
    _play(table, 4, Rng(2).choice)
    assert "timeline" not in state_message(table, 0)  # only the end-of-game screen has it
    _play(table, 100, Rng(2).choice)
    assert table.status is Status.FINISHED
    replay = replay_of(table, views=True)
    shown = [state_message(table, seat)["timeline"] for seat in (0, 1, None)]
    assert shown == [replay["timeline"]] * 3
    assert replay["timeline"] == timeline_of(table)
    assert len(replay["timeline"]["points"]) == len(replay["views"])
    assert "timeline" not in replay_of(table)  # the plain file stays the seed and the log
    assert get_game("y").meta.name == replay["game"]
