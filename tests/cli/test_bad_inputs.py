"""Every command, given bad input, says what is wrong in one line on stderr and exits
non-zero, without a traceback and before doing any work."""

from __future__ import annotations

import errno
import os
import pathlib
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from boardbots.cli import app

Setup = Callable[[Path], list[str]]

REPLAY_HEAD = '"format": "boardbots-replay/1", "game": "y", "players": 2, "seed": 1'


def _file(name: str, content: str | bytes) -> Setup:
    """The path of a file holding `content`, made in the test's folder."""

    def setup(tmp: Path) -> list[str]:
        path = tmp / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        return [str(path)]

    return setup


def _pipe(*args: str) -> Setup:
    """Args where "PIPE" stands for a named pipe no one writes to: reading it would
    wait for ever."""

    def setup(tmp: Path) -> list[str]:
        os.mkfifo(tmp / "pipe")
        return [a.replace("PIPE", str(tmp / "pipe")) for a in args]

    return setup


def _replay(content: str | bytes) -> Setup:
    file = _file("game.json", content)
    return lambda tmp: ["replay", *file(tmp)]


def _in_tmp(*args: str) -> Setup:
    """Args where "TMP" stands for the test's folder (it holds a plain file "afile")."""

    def setup(tmp: Path) -> list[str]:
        (tmp / "afile").write_text("not a folder")
        return [a.replace("TMP", str(tmp)) for a in args]

    return setup


SIM = ["sim", "--game", "y", "--games", "2", "--workers", "1"]
TUNE = ["tune", "--game", "y", "--games", "2", "--workers", "1", "--bot", "hard"]

CASES: dict[str, tuple[Setup, str]] = {
    # (the command's arguments, a word the one error line must hold)
    "replay a JSON list": (_replay("[1, 2]"), "list"),
    "replay binary data": (_replay(bytes(range(256))), "not text"),
    "replay not JSON": (_replay("{nope"), "JSON"),
    "replay actions not a list": (_replay("{" + REPLAY_HEAD + ', "actions": "x"}'), "actions"),
    "replay an action of the wrong kind": (
        _replay("{" + REPLAY_HEAD + ', "actions": [{"seat": 0, "action": "zzz"}]}'),
        "zzz",
    ),
    "replay an action not an object": (_replay("{" + REPLAY_HEAD + ', "actions": [5]}'), "actions"),
    "replay a missing file": (_in_tmp("replay", "TMP/none.json"), "none.json"),
    "replay a pipe": (_pipe("replay", "PIPE"), "regular file"),
    "sim a journal that is a pipe": (
        _pipe(*SIM, "--seats", "easy,easy", "--journal", "PIPE"),
        "regular file",
    ),
    "sim resume a journal that is a pipe": (
        _pipe(*SIM, "--seats", "easy,easy", "--journal", "PIPE", "--resume"),
        "regular file",
    ),
    "replay nested too deeply": (_replay("[" * 3000 + "]" * 3000), "deeply"),
    "sim options nested too deeply": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--options", '{"a":' * 3000 + "1" + "}" * 3000),
        "deeply",
    ),
    "play-domination a kingdom nested too deeply": (
        _in_tmp("play-domination", "--kingdom", "[" * 3000 + "]" * 3000),
        "kingdom",
    ),
    "replay a Dig action of the wrong kind": (
        _replay(
            '{"format": "boardbots-replay/1", "game": "dig", "players": 2, "seed": 1, '
            '"actions": [{"seat": 1, "action": "zzz"}]}'
        ),
        "zzz",
    ),
    "replay a seed that is no whole number": (
        _replay('{"format": "boardbots-replay/1", "game": "y", "players": 2, "seed": 1e400}'),
        "seed",
    ),
    "replay players as text": (
        _replay('{"format": "boardbots-replay/1", "game": "y", "players": "2", "seed": 1}'),
        "players",
    ),
    "replay options not an object": (
        _replay("{" + REPLAY_HEAD.replace('"y"', '"dig"') + ', "options": "x"}'),
        "options",
    ),
    "replay with no format": (_replay('{"game": "y", "players": 2, "seed": 1}'), "no format"),
    "replay of another format": (_replay('{"format": "x/2", "game": "y"}'), "'x/2'"),
    "replay with no game": (_replay('{"format": "boardbots-replay/1", "players": 2}'), "no 'game'"),
    "sim bigmoney in Y": (_in_tmp(*SIM, "--seats", "bigmoney,easy"), "bigmoney"),
    "sim c=abc": (_in_tmp(*SIM, "--seats", "hard:c=abc,easy"), "parameter c"),
    "sim iterations=abc": (_in_tmp(*SIM, "--seats", "hard:iterations=abc,easy"), "iterations"),
    "sim an unknown parameter": (_in_tmp(*SIM, "--seats", "hard:nosuch=1,easy"), "nosuch"),
    "sim iterations=0": (_in_tmp(*SIM, "--seats", "hard:iterations=0,easy"), "iterations"),
    "sim a negative parameter": (_in_tmp(*SIM, "--seats", "medium:alpha=-1,easy"), "alpha"),
    "sim an unknown bot": (_in_tmp(*SIM, "--seats", "grandmaster,easy"), "grandmaster"),
    "sim an unknown game": (_in_tmp("sim", "--game", "chess", "--seats", "easy,easy"), "chess"),
    "sim too many seats": (_in_tmp(*SIM, "--seats", "easy,easy,easy"), "seats"),
    "sim a negative seed": (_in_tmp(*SIM, "--seats", "easy,medium", "--seed", "-1"), "seed"),
    "sim options not an object": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--options", "[1]"),
        "options",
    ),
    "sim options refused": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--options", '{"size": 99}'),
        "size",
    ),
    "sim out is a folder": (_in_tmp(*SIM, "--seats", "easy,easy", "--out", "TMP"), "folder"),
    "sim out under a file": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--out", "TMP/afile/r.json"),
        "afile",
    ),
    "sim journal under a file": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--journal", "TMP/afile/j.jsonl"),
        "afile",
    ),
    "sim a hundred thousand workers": (
        _in_tmp("sim", "--game", "y", "--seats", "easy,easy", "--workers", "100000"),
        "--workers",
    ),
    "tune a hundred thousand workers": (
        _in_tmp(*TUNE[:-4], "--bot", "hard", "--grid", "c=0.2", "--workers", "100000"),
        "--workers",
    ),
    "accept a hundred thousand workers": (
        _in_tmp("accept", "--game", "y", "--workers", "100000"),
        "--workers",
    ),
    "sim no games": (_in_tmp(*SIM, "--seats", "easy,easy", "--games", "0"), "games"),
    "sim an unknown backend": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--backend", "spark"),
        "spark",
    ),
    "sim an address without ray": (
        _in_tmp(*SIM, "--seats", "easy,easy", "--address", "auto"),
        "--backend ray",
    ),
    "tune a bad value": (_in_tmp(*TUNE, "--grid", "c=abc"), "parameter c"),
    "tune an unknown parameter": (_in_tmp(*TUNE, "--grid", "nosuch=1"), "nosuch"),
    "tune a negative seed": (_in_tmp(*TUNE, "--grid", "c=0.2", "--seed", "-2"), "seed"),
    "tune bad options": (_in_tmp(*TUNE, "--grid", "c=0.2", "--options", "{x"), "options"),
    "tune a bad line-up": (_in_tmp(*TUNE, "--grid", "c=0.2", "--lineup", "bigmoney,*"), "bigmoney"),
    "accept an unknown game": (_in_tmp("accept", "--game", "chess"), "chess"),
    "accept an unknown experiment": (
        _in_tmp("accept", "--game", "y", "--only", "nosuch"),
        "nosuch",
    ),
    "accept a negative seed": (_in_tmp("accept", "--game", "y", "--seed", "-1"), "seed"),
    "accept out is a file": (_in_tmp("accept", "--game", "y", "--out", "TMP/afile"), "afile"),
    "play-y bigmoney": (_in_tmp("play-y", "--bot", "bigmoney"), "bigmoney"),
    "play-y a bad parameter": (_in_tmp("play-y", "--bot", "hard:c=abc"), "parameter c"),
    "play-y a negative seed": (_in_tmp("play-y", "--seed", "-1"), "seed"),
    "play-y a bad size": (_in_tmp("play-y", "--size", "99"), "size"),
    "play-domination a bad parameter": (
        _in_tmp("play-domination", "--bots", "hard:nosuch=1"),
        "nosuch",
    ),
    "play-domination a negative seed": (_in_tmp("play-domination", "--seed", "-1"), "seed"),
    "play-domination a bad kingdom": (
        _in_tmp("play-domination", "--kingdom", "Nosuch,Village"),
        "Nosuch",
    ),
    "serve a port too high": (_in_tmp("serve", "--port", "99999", "--data", "TMP/d"), "port"),
    "serve data is a file": (_in_tmp("serve", "--data", "TMP/afile"), "afile"),
    "serve a loud log level": (_in_tmp("serve", "--log-level", "loud", "--data", "TMP/d"), "loud"),
    "serve a bad TOML file": (
        lambda tmp: ["serve", "--config", *_file("bad.toml", "port = [\n")(tmp)],
        "bad.toml",
    ),
    "serve a config that is a pipe": (
        _pipe("serve", "--config", "PIPE", "--data", "PIPE.d"),
        "regular file",
    ),
    "serve a plug-in that is not there": (
        lambda tmp: [
            *["serve", "--port", "0", "--data", str(tmp / "d"), "--workers", "0", "--config"],
            *_file("p.toml", 'plugins = ["no_such_plugin_module"]\n')(tmp),
        ],
        "no_such_plugin_module",
    ),
    "serve a budget for no bot": (
        lambda tmp: [
            "serve",
            "--data",
            str(tmp / "d"),
            "--config",
            *_file("b.toml", "budget_ms = {hrad = 700}\n")(tmp),
        ],
        "hrad",
    ),
    "serve iterations for no bot": (
        lambda tmp: [
            "serve",
            "--data",
            str(tmp / "d"),
            "--config",
            *_file("i.toml", "max_iterations = {nosuch = 9}\n")(tmp),
        ],
        "nosuch",
    ),
    "serve a fallback that is no bot": (
        lambda tmp: [
            "serve",
            "--data",
            str(tmp / "d"),
            "--config",
            *_file("f.toml", 'fallback_bot = "eazy"\n')(tmp),
        ],
        "eazy",
    ),
    "serve negative workers": (_in_tmp("serve", "--workers", "-1", "--data", "TMP/d"), "workers"),
    "serve bots nowhere": (_in_tmp("serve", "--bots", "cloud", "--data", "TMP/d"), "cloud"),
    "serve an address without ray": (
        _in_tmp("serve", "--address", "auto", "--data", "TMP/d"),
        "--bots ray",
    ),
    "bench an unknown benchmark": (_in_tmp("bench", "nosuch"), "nosuch"),
    "bench no runs": (_in_tmp("bench", "y", "--", "--runs", "0"), "--runs"),
    "bench a negative game count": (
        _in_tmp("bench", "domination", "--", "--games", "-5"),
        "--games",
    ),
    "bench no positions": (_in_tmp("bench", "bots", "--", "--positions", "0"), "--positions"),
    "bench an unknown game": (_in_tmp("bench", "bots", "--", "--games", "nope"), "nope"),
    "bench firstgame no rounds": (
        _in_tmp("bench", "firstgame", "--", "--rounds", "0"),
        "--rounds",
    ),
    "bench firstgame no budget": (
        _in_tmp("bench", "firstgame", "--", "--budget", "0"),
        "--budget",
    ),
    "bench ray no round trips": (_in_tmp("bench", "ray", "--", "--trips", "0"), "--trips"),
    "bench a zero duration": (
        _in_tmp("bench", "server_load", "--", "--duration", "0"),
        "--duration",
    ),
    "an unknown command": (_in_tmp("nosuch"), "nosuch"),
}


def _one_error_line(args: list[str], word: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ") and word in lines[0], lines[0]


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_one_line_of_error(case: str, tmp_path: Path) -> None:
    setup, word = CASES[case]
    _one_error_line(setup(tmp_path), word)


def test_bad_input_exits_with_status_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [*SIM, "--seats", "hard:c=abc,easy"])
    assert result.exit_code == 2
    # 1 is kept for a replay whose log does not fit its game; a file that is no replay is 2.
    result = CliRunner().invoke(app, _replay("{}")(tmp_path))
    assert result.exit_code == 2


def test_sim_checks_out_before_playing(tmp_path: Path) -> None:
    """A path that cannot take the report is refused with no journal begun, no game played."""
    (tmp_path / "afile").write_text("")
    journal = tmp_path / "j.jsonl"
    args = [*SIM, "--seats", "easy,easy", "--journal", str(journal)]
    _one_error_line([*args, "--out", str(tmp_path / "afile" / "r.json")], "afile")
    assert not journal.exists()


def _full_disk(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Writes to the file called `name` fail as they would on a full disk."""
    real_open = pathlib.Path.open

    def open_or_fail(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if self.name == name and mode[0] in "wa":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", open_or_fail)


def _run_failed(args: list[str]) -> str:
    """The one error line of a run that could not finish (exit 1: not bad input), after
    the run's progress lines."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, result.output
    return errors[0][errors[0].index("error:") :]


def test_a_report_that_cannot_be_written_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, out = tmp_path / "j.jsonl", tmp_path / "r.json"
    _full_disk(monkeypatch, out.name)
    line = _run_failed([*SIM, "--seats", "easy,easy", "--journal", str(journal), "--out", str(out)])
    assert line == f"error: cannot write {out}: {os.strerror(errno.ENOSPC)}"
    assert len(journal.read_text().splitlines()) == 3  # the header and both games are kept


def test_a_journal_that_cannot_grow_stops_the_run_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "j.jsonl"
    _full_disk(monkeypatch, journal.name)  # the header is written aside, then renamed
    line = _run_failed([*SIM, "--seats", "easy,easy", "--journal", str(journal)])
    assert line.startswith(f"error: cannot add a game to the journal {journal}: ")
    assert "--resume" in line
    assert len(journal.read_text().splitlines()) == 1


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_serve_on_a_port_in_use_says_so_and_nothing_else(busy_port: int, tmp_path: Path) -> None:
    args = ["serve", "--port", str(busy_port), "--data", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert "open http" not in result.output
    _one_error_line(args, str(busy_port))


def test_play_y_offers_swap_only_when_it_is_on() -> None:
    base = ["play-y", "--size", "3", "--seat", "1", "--seed", "1"]
    off = CliRunner().invoke(app, base, input="quit\n")
    on = CliRunner().invoke(app, [*base, "--swap"], input="quit\n")
    assert off.exit_code == 0 and on.exit_code == 0
    assert "'swap'" not in off.output and "'swap'" in on.output


def test_play_y_plays_a_bot_offered_to_players_by_default() -> None:
    result = CliRunner().invoke(app, ["play-y", "--size", "3", "--seed", "1"], input="quit\n")
    assert "the bot plays easy" in result.output
