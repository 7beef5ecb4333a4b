"""The native build: used only for the exact sources it was made from, and it plays the same games.

The build test compiles into a folder of its own (about a minute on two
cores), then runs the golden-record and contract tests in a child process
that loads the compiled modules, so every stored game must replay move for
move through them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardbots.native import build, finder, modules
from boardbots.sources import ROOT

REPO = ROOT.parent.parent


def _child(code: str, store: Path, *, native: str = "1") -> str:
    env = {**os.environ, modules.DIR_VARIABLE: str(store), modules.OFF_VARIABLE: native}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


STATE = "from boardbots.native import finder; print(finder.state())"


def test_every_listed_module_is_a_source_file() -> None:
    for name in modules.MODULES:
        assert (REPO / "src" / Path(*name.split("."))).with_suffix(".py").is_file(), name


def test_without_a_build_the_python_modules_run(tmp_path: Path) -> None:
    assert "no native build" in _child(STATE, tmp_path / "none")


def test_a_build_of_other_sources_is_never_loaded(tmp_path: Path) -> None:
    """A build whose key is not these sources' is stale: a compiled module would run old code."""
    old = tmp_path / modules.interpreter_tag() / "0123456789abcdef0123"
    old.mkdir(parents=True)
    (old / modules.MANIFEST).write_text(json.dumps({"modules": [], "shared": "x__mypyc"}))
    assert "of other sources" in _child(STATE, tmp_path)


def test_the_switch_turns_a_build_off(tmp_path: Path) -> None:
    assert "BOARDBOTS_NATIVE=0" in _child(STATE, tmp_path, native="0")


def test_the_test_process_runs_python() -> None:
    import boardbots.games.domination.engine as engine

    assert not finder.compiled(engine)


@pytest.mark.slow
def test_a_native_build_replays_the_golden_games(tmp_path: Path) -> None:
    try:
        build.check_tools()
    except build.BuildError as exc:
        pytest.skip(str(exc))
    os.environ[modules.DIR_VARIABLE] = str(tmp_path)
    try:
        folder = build.build(lambda line: None)
    finally:
        del os.environ[modules.DIR_VARIABLE]
    loaded = _child(
        "import importlib; from boardbots.native import finder; from boardbots.native.modules"
        " import MODULES; print(sum(finder.compiled(importlib.import_module(m)) for m in MODULES))",
        tmp_path,
    )
    assert loaded == str(len(modules.MODULES)), f"only {loaded} modules came from {folder}"
    env = {**os.environ, modules.DIR_VARIABLE: str(tmp_path), modules.OFF_VARIABLE: "1"}
    tests = ["tests/golden", "tests/contract", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *tests], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:]


def test_without_a_compiler_compile_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from boardbots.cli import app

    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    result = CliRunner().invoke(app, ["compile"])
    assert result.exit_code == 2
    assert "needs a C compiler" in result.output and "apt install gcc" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_status_names_what_the_process_runs() -> None:
    from typer.testing import CliRunner

    from boardbots.cli import app

    result = CliRunner().invoke(app, ["compile", "--status"])
    assert result.exit_code == 0 and result.output.startswith("Python modules (BOARDBOTS_NATIVE=0)")


def test_a_store_that_cannot_be_written_is_one_line_of_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BOARDBOTS_NATIVE_DIR naming a file ended in a traceback; nothing is compiled first."""
    from typer.testing import CliRunner

    from boardbots.cli import app

    (tmp_path / "afile").write_text("")
    monkeypatch.setenv(modules.DIR_VARIABLE, str(tmp_path / "afile"))
    monkeypatch.setattr(build, "check_tools", lambda: None)  # no compiler needed to get there
    monkeypatch.setattr(build, "_run_mypyc", lambda *a: pytest.fail("compiled anyway"))
    result = CliRunner().invoke(app, ["compile"])
    assert result.exit_code == 2
    assert result.output.startswith("error: cannot write the build at ")
    assert "Not a directory" in result.output and len(result.output.strip().splitlines()) == 1
