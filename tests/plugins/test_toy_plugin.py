"""A game plugged in from tests/ alone reaches the registry, the kit, the CLI, the lab
and the server: nothing outside its folder (here `tests/plugins/nim.py`) names it.

The toy is installed the way a package would be: a `boardbots.games` entry point.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import boardbots.games as games
from boardbots.bots import heuristics as bot_heuristics
from boardbots.bots import registry
from boardbots.cli import app
from boardbots.core.contract import Action, State, View
from boardbots.server.game_web import web_files
from boardbots.server.timeline import timeline_of_views
from boardbots.testing import CHECKS, ConformanceError, check_game
from tests.plugins import nim
from tests.server.conftest import (
    create,
    hello,
    make_config,
    my_turn_state,
    of_type,
    open_client,
    receive_until,
    send,
)

ENTRY = metadata.EntryPoint("nim", "tests.plugins.nim:PLUGIN", games.ENTRY_POINT_GROUP)
ENGINE_CHECKS = [c for c in CHECKS if c != "ladder"]


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registries as a fresh process would build them with the toy package installed;
    every change is undone after the test."""
    registry.bot_names()  # the real registries, loaded, so the copies below are whole
    monkeypatch.setattr(games, "_PLUGINS", {k: v for k, v in games._PLUGINS.items() if k != "nim"})
    monkeypatch.setattr(games, "_LOADED", [])
    monkeypatch.setattr(games, "entry_points", lambda: [ENTRY])
    monkeypatch.setattr(bot_heuristics, "_CACHE", dict(bot_heuristics._CACHE))
    yield
    # Only the toy's own bots go: what others registered meanwhile (a server's test
    # plug-in imported during the test, say) must stay.
    for code in ("nim-perfect", "nim-cheat"):
        registry._BOTS.pop(code, None)
    registry._SEEN.discard("nim")


def test_the_registry_finds_the_entry_point_game(installed: None) -> None:
    assert "nim" in games.game_names() and games.plugin_for("nim") is nim.PLUGIN
    assert registry.bot_games("nim-perfect") == ["nim"]
    assert "nim-perfect" in registry.bot_names() and "nim-perfect" not in registry.player_bots()


def test_without_the_entry_point_there_is_no_toy_game() -> None:
    assert "nim" not in games.game_names()


def test_the_kit_passes_the_toy(installed: None) -> None:
    assert check_game(nim.GAME).ok


class LeakyNim(nim.NimGame):
    """Shows every secret token to everyone."""

    def player_view(self, state: State, player: int | None) -> View:
        view = super().player_view(state, player)
        view["tokens"] = list(state["tokens"])
        return view


class ImpureNim(nim.NimGame):
    """Plays `applied` on the state it was given."""

    def applied(self, state: State, action: Action) -> State:
        self.check(state, action)
        self.apply(state, action)
        return self.clone(state)


class LaxNim(nim.NimGame):
    """Accepts any action at all."""

    def check(self, state: State, action: Action) -> None:
        return None


class ForgetfulNim(nim.NimGame):
    """Draws the secret tokens from the clock-free but unseeded world: ignores the seed."""

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        state = super().new_state(players, seed, options)
        state["tokens"] = [next(_COUNTER) for _ in range(players)]
        return state


_COUNTER = iter(range(10**9))


@pytest.mark.parametrize(
    ("broken", "check"),
    [(LeakyNim(), "no-leaks"), (ImpureNim(), "purity"), (LaxNim(), "legality"),
     (ForgetfulNim(), "determinism")],
    ids=["leaky", "impure", "lax", "forgetful"],
)  # fmt: skip
def test_a_broken_toy_fails_the_named_check(broken: nim.NimGame, check: str) -> None:
    report = check_game(broken, only=ENGINE_CHECKS, raise_on_failure=False)
    assert check in report.failed, str(report)
    with pytest.raises(ConformanceError, match=f"FAIL {check}"):
        check_game(broken, only=[check])


def test_a_bot_that_answers_illegally_fails_the_ladder(installed: None) -> None:
    registry.register_bot("nim-cheat", _Cheat)
    report = check_game(nim.GAME, ladder=("easy", "nim-cheat"), raise_on_failure=False)
    assert report.failed == ["ladder"] and "nim-cheat" in str(report)


class _Cheat:
    level = "nim-cheat"

    def decide(self, view: View, ctx: Any) -> Action:
        return "9:9"


def test_the_cli_lists_and_plays_it(installed: None) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert "nim: Toy Nim, 2-3 players;" in listed.output and "--heaps" in listed.output
    # CI measures every game the registry names, so a plug-in needs no script edit.
    assert "y: Game of Y, 2 players;" in listed.output  # not "2-2"
    names = runner.invoke(app, ["games", "--names"]).output.split()
    assert "nim" in names and set(names) >= {"y", "domination"}
    # Lists follow the declared order, not the alphabet: the toy keeps the default (100).
    assert names.index("domination") < names.index("y") < names.index("nim")
    args = ["play", "nim", "--heaps", "1", "--size", "2", "--seed", "3", "--bots", "nim-perfect"]
    result = runner.invoke(app, args, input="1\n" * 5)
    assert result.exit_code == 0, result.output
    assert "Final score" in result.output
    bad = runner.invoke(app, ["play", "nim", "--sise", "2"])
    assert bad.exit_code != 0 and "--sise" in bad.output and "--heaps" in bad.output


def test_a_static_export_carries_its_browser_files(installed: None) -> None:
    files = dict(web_files())
    assert files["games/nim/web/renderer.js"] == nim.PLUGIN.web / "renderer.js"


def test_its_charts_come_from_its_declared_story(installed: None) -> None:
    """An installed game lives outside `boardbots.games`, so its charts must come from
    the hook it declares, not from a module name the registry guesses."""
    game = games.get_game("nim")
    state = game.new_state(2, 5, {})
    views = [game.player_view(state, None)]
    while not game.is_over(state):
        game.apply(state, game.legal_actions(state)[0])
        views.append(game.player_view(state, None))
    timeline = timeline_of_views("nim", views)
    assert timeline is not None and timeline["score"] == "vp"
    assert timeline["points"][-1]["scores"] == game.scores(state)


def test_the_lab_plays_it(installed: None, tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    args = ["sim", "--game", "nim", "--seats", "nim-perfect,easy", "--games", "6"]
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["game"] == "nim" and len(report["records"]) == 6
    assert all(not r["fallbacks"] and not r["capped"] for r in report["records"])


def test_the_server_lists_it_and_plays_a_table(installed: None, tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with open_client(config, tmp_path) as client:
        listed = client.get("/api/config").json()
        toy = next(g for g in listed["games"] if g["name"] == "nim")
        assert toy["option_ranges"] == {"heaps": {"min": 1, "max": 6}, "size": {"min": 1, "max": 9}}
        assert toy["web"]["module"] == "games/nim/web/renderer.js"
        script = client.get("/games/nim/web/renderer.js")
        assert script.status_code == 200 and "export function render" in script.text
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
        made = create(client, seats, game="nim", join=0)
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
            state = hello(ws, 0, made["token"])
            move = state["legal"][0]["action"]
            send(ws, {"type": "action", "state_id": state["state_id"], "action": move})
            receive_until(ws, of_type("accepted"))
            after = my_turn_state(ws)  # the bot has answered
    assert after["view"]["game"] == "nim" and after["state_id"] == state["state_id"] + 2
    assert sum(after["view"]["heaps"]) < sum(state["view"]["heaps"]) - 1
