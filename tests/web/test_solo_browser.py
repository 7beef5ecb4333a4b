"""Solo tables with bots in Web Workers (Pyodide): offline play to the end, a killed bot
Worker, an undo while a bot thinks, replays re-run in CPython, and no hidden card of
another seat in anything the engine Worker sends the page; Dig against Hard to the end.

These need the pinned Pyodide in the local cache (`boardbots fetch-pyodide`, which the
dev check's install step runs) and skip, saying so, without it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.fallback import fallback_move
from boardbots.bots.registry import make_bot
from boardbots.core.rng import Rng
from boardbots.games import get_game
from boardbots.server.replay import rerun
from tests.web.conftest import (
    BOT_TURN_TIMEOUT_MS,
    DEFAULT_TIMEOUT_MS,
    _free_port,
    _wait_until_up,
    expect,
    running_pyodide_server,
    shot,
)

pytestmark = pytest.mark.browser

# The server's own budgets and wait limits (Hard 900 ms, others 200 ms; budget x 2 + 1.5 s):
# the Workers take them from /api/config. No bot pool: solo bots never reach it.
SOLO_ENV = {
    "BOARDBOTS_BUDGET_MS": "hard=900,default=200",
    "BOARDBOTS_MIN_THINK_MS": "150",
    "BOARDBOTS_BOT_WORKERS": "0",
    "BOARDBOTS_LOG_LEVEL": "warning",
}
LOADED_TIMEOUT_MS = 60_000  # two Pyodide starts on a loaded machine


@pytest.fixture(scope="module")
def solo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_pyodide_server(tmp_path_factory, "solo browser tests", SOLO_ENV) as url:
        yield url


@pytest.fixture
def solo_page(browser: Any, solo_server: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=solo_server)
    ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


def start_solo_y(page: Any, size: int, bot: str) -> None:
    """The home form: Y, a board size, one bot of `bot`, bots on this device."""
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill(str(size))
    page.locator(".seat-row .remove").last.click()
    page.locator(f"button.add[data-bot={bot}]").click()
    expect(page.locator("[data-test=bots-on-device]")).to_be_checked()
    page.locator("[data-test=start]").click()
    page.wait_for_url("**/#/table/solo-*")
    wait_until_bots_ready(page)


def wait_until_bots_ready(page: Any) -> None:
    page.wait_for_function(
        "() => window.boardbotsSolo && boardbotsSolo.solo"
        " && boardbotsSolo.solo.bot_worker === 'ready'",
        timeout=LOADED_TIMEOUT_MS,
    )


def block_network(page: Any) -> list[str]:
    """From now on every request fails; the list collects any that is tried."""
    tried: list[str] = []

    def refuse(route: Any) -> None:
        tried.append(route.request.url)
        route.abort()

    page.context.route("**/*", refuse)
    page.context.set_offline(True)
    return tried


def counters(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => boardbotsSolo.solo.counters")
    return found


def stones(page: Any) -> int:
    return int(page.locator("[data-stone]").count())


def turn_or_end(page: Any, playable: str) -> bool:
    """Wait until the person may act (`playable` is on the page) or the game has ended;
    True on their turn."""
    page.wait_for_function(
        "(sel) => document.querySelector(sel) || document.querySelector('[data-test=result]')",
        arg=playable,
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    return page.locator("[data-test=result]").count() == 0


def my_turn_or_end(page: Any) -> bool:
    return turn_or_end(page, ".ycell.playable")


def solo_replay(page: Any) -> dict[str, Any]:
    text = page.evaluate("() => boardbotsSolo.replayText()")
    replay: dict[str, Any] = json.loads(text)
    return replay


def check_bot_decisions(replay: dict[str, Any]) -> int:
    """Re-decide every bot move in CPython from the same view and seed: Hard with the
    iterations it reached in the browser, a fallback as the bot the log names (Easy by
    default). Returns how many."""
    game = get_game(replay["game"])
    state = game.new_state(replay["players"], replay["seed"], replay["options"])
    checked = 0
    for entry in replay["actions"]:
        if entry["by"] != "human":
            view = game.player_view(state, entry["seat"])
            if entry["by"] == "fallback":
                action, _, _ = fallback_move(view, entry["seed"], entry["reason"], entry["bot"])
            else:
                ctx = BotContext(
                    Rng(entry["seed"]), max_iterations=entry["notes"].get("iterations")
                )
                action = make_bot(entry["bot"]).decide(view, ctx)
            iterations = entry["notes"].get("iterations")
            assert action == entry["action"], (
                f"decision {entry['n']} differs in CPython (seed {entry['seed']},"
                f" {iterations} iterations): {action!r} here, {entry['action']!r} in the browser"
            )
            checked += 1
        state = game.applied(state, entry["action"])
    return checked


def test_solo_y_offline_to_the_end_and_replayed_in_cpython(solo_page: Any, tmp_path: Path) -> None:
    page = solo_page
    start_solo_y(page, 4, "hard")
    tried = block_network(page)
    moves = 0
    while my_turn_or_end(page):
        before = stones(page)
        page.locator(".ycell.playable").first.click()
        # Our stone and the bot's answer (or the end) land before we look for our turn
        # again: the board of the move just made must not be taken for the next one.
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-stone]').length >= {before + 2}"
            " || document.querySelector('[data-test=result]')",
            timeout=BOT_TURN_TIMEOUT_MS,
        )
        moves += 1
        assert moves <= 6, "a size-4 board has 10 cells"
    assert tried == [], f"requests after loading: {tried}"
    assert "solo" in page.url
    shot(page, "solo-y-finished")
    replay = solo_replay(page)
    assert counters(page)["fallbacks"] == sum(a["by"] == "fallback" for a in replay["actions"])
    assert check_bot_decisions(replay) >= 2
    file = tmp_path / "solo.json"
    file.write_text(json.dumps(replay))
    assert rerun(json.loads(file.read_text())).result == replay["result"]
    cli = [sys.executable, "-m", "boardbots.cli", "replay", "--quiet", str(file)]
    done = subprocess.run(cli, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "result after" in done.stdout, done.stderr


def test_a_killed_bot_worker_means_easy_answers_and_the_game_goes_on(solo_page: Any) -> None:
    page = solo_page
    start_solo_y(page, 5, "hard")
    page.locator(".ycell.playable").first.click()
    page.locator("[data-test=status][data-thinking]").wait_for()
    page.evaluate("() => boardbotsSolo.killBotWorker()")
    assert my_turn_or_end(page)
    assert stones(page) == 2
    assert counters(page)["fallback_reasons"] == {"timeout": 1}
    last = page.evaluate(
        "() => boardbotsSolo.frames.map(f => JSON.parse(f)).filter(m => m.type === 'state')"
        ".pop().last"
    )
    assert last["by"] == "fallback" and last["seat"] == 1
    page.locator(".ycell.playable").first.click()  # a new bot Worker answers the next one
    page.wait_for_function(
        "() => document.querySelectorAll('[data-stone]').length >= 4",
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    assert my_turn_or_end(page)
    assert stones(page) == 4


UNDO_WHEN_THINKING = """() => {
  const watch = new MutationObserver(() => {
    if (!document.querySelector("[data-test=status][data-thinking]")) return;
    watch.disconnect();
    document.querySelector("[data-test=undo]").click();
    window.undoneWhileThinking = true;
  });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def test_an_undo_while_the_bot_thinks_discards_its_late_answer(solo_page: Any) -> None:
    page = solo_page
    start_solo_y(page, 5, "hard")
    # Undo the moment the page shows the bot thinking: a click from the test, a few
    # round trips later, could come after a quick answer on a loaded machine, and
    # then nothing is late.
    page.evaluate(UNDO_WHEN_THINKING)
    page.locator(".ycell.playable").first.click()
    page.wait_for_function("() => window.undoneWhileThinking === true")
    page.wait_for_function(
        "() => boardbotsSolo.solo.counters.late_discarded >= 1", timeout=BOT_TURN_TIMEOUT_MS
    )
    assert stones(page) == 0
    expect(page.locator(".ycell.playable").first).to_be_visible()
    assert counters(page)["fallbacks"] == 0


def test_an_engine_that_throws_stops_the_table_and_the_page_says_so(solo_page: Any) -> None:
    page = solo_page
    start_solo_y(page, 5, "hard")
    page.evaluate("() => boardbotsSolo.breakEngine()")
    page.locator(".ycell.playable").first.click()
    page.wait_for_function(
        "() => boardbotsSolo.frames.some(f => JSON.parse(f).code === 'engine_error')",
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    expect(page.locator(".toast.error")).to_contain_text("internal error")
    assert page.evaluate("() => boardbotsSolo.solo.engine") == "failed"
    assert stones(page) == 0  # nothing was played after the failure


LAST_STATE = """() => {
  const states = boardbotsSolo.frames.filter(f => JSON.parse(f).type === 'state');
  return states[states.length - 1];
}"""


def test_solo_domination_offline_shows_the_page_only_its_own_cards(
    solo_page: Any,
) -> None:
    """Four seats (you and three Easy bots), two turns each, network blocked after load;
    every frame the page got is checked against the truth rebuilt in CPython."""
    page = solo_page
    page.goto("/#/")
    spec = {
        "game": "domination",
        "options": {"kingdom": "first-game", "turn_limit": 2},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 3,
        "human": 0,
        "name": "Solo",
    }
    page.evaluate(
        "spec => localStorage.setItem('boardbots.seats',"
        " JSON.stringify({'solo-domtest': {seat: 0, solo: spec}}))",
        spec,
    )
    page.goto("/#/table/solo-domtest")
    wait_until_bots_ready(page)
    tried = block_network(page)
    for _ in range(400):
        page.wait_for_function(
            f"() => {{ const s = JSON.parse(({LAST_STATE})()); "
            "return s.your_turn || s.status !== 'playing'; }",
            timeout=BOT_TURN_TIMEOUT_MS,
        )
        state = json.loads(page.evaluate(LAST_STATE))
        if state["status"] != "playing":
            break
        message = {
            "type": "action",
            "state_id": state["state_id"],
            "action": state["legal"][-1]["action"],
        }
        page.evaluate("m => boardbotsSolo.send(m)", message)
        page.wait_for_function(
            f"id => JSON.parse(({LAST_STATE})()).state_id > id", arg=state["state_id"]
        )
    assert state["status"] == "finished"
    assert tried == [], f"requests after loading: {tried}"
    shot(page, "solo-domination-finished")
    expect(page.locator("[data-test=vp-breakdown] li")).to_have_count(len(state["scores"]))
    assert page.evaluate(VP_TOTALS, state) == state["scores"]  # the breakdown adds up
    frames = [json.loads(f) for f in page.evaluate("() => boardbotsSolo.frames")]
    check_frames_hide_other_seats(frames, solo_replay(page), human=0)


VP_TOTALS = """async (state) => {
  const { knownCards, vpRows } = await import('/games/domination/web/vpbreakdown.js');
  const view = state.view;
  return view.players.map((_, p) => vpRows(knownCards(view, p)).reduce((sum, r) => sum + r.vp, 0));
}"""


def check_frames_hide_other_seats(
    frames: list[dict[str, Any]], replay: dict[str, Any], human: int
) -> None:
    """Each state frame's view is exactly the human's view of the true position at
    that decision; no other frame carries a view at all."""
    game = get_game(replay["game"])
    state = game.new_state(replay["players"], replay["seed"], replay["options"])
    truth = [game.player_view(state, human)]
    for entry in replay["actions"]:
        state = game.applied(state, entry["action"])
        truth.append(game.player_view(state, human))
    truth = json.loads(json.dumps(truth))
    seen = 0
    for frame in frames:
        if frame["type"] != "state":
            assert "view" not in frame and "request" not in frame, frame["type"]
            continue
        assert frame["view"] == truth[frame["decision"]]
        assert all(p["hand"] is None for i, p in enumerate(frame["view"]["players"]) if i != human)
        seen += 1
    assert seen > len(replay["actions"]) // 2


def test_without_pyodide_solo_bots_stay_on_the_server_and_the_form_says_why(
    new_page: Any,
) -> None:
    page = new_page()
    page.goto("/#/")
    page.locator("#game-y").check()
    expect(page.locator("[data-test=bots-on-server]")).to_be_checked()
    expect(page.locator("[data-test=bots-on-device]")).to_be_disabled()
    expect(page.locator("[data-test=bots-on-reason]")).to_contain_text("fetch-pyodide")
    page.locator("[data-test=start]").click()
    page.wait_for_url("**/#/table/*")
    assert "solo-" not in page.url


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory, solo_server: str) -> Iterator[str]:
    """`boardbots export-static` served by a plain static file server (no boardbots)."""
    site = tmp_path_factory.mktemp("static-site")
    cli = [sys.executable, "-m", "boardbots.cli", "export-static", str(site)]
    subprocess.run(cli, check=True, capture_output=True, timeout=120)
    port = _free_port()
    cmd = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_until_up(f"http://127.0.0.1:{port}/", proc)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_static_site_plays_solo_and_reloads_offline(browser: Any, static_site: str) -> None:
    """No Python server: a solo Y game starts online, the page is reloaded with the
    network off (the service worker serves the app, Pyodide and the bundle) and the
    game resumes from the browser's own record and ends."""
    ctx = browser.new_context(base_url=static_site)
    ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = ctx.new_page()
    page.goto("/#/")
    expect(page.locator("[data-test=bots-on-server]")).to_have_count(0)
    start_solo_y(page, 4, "easy")
    page.locator(".ycell.playable").first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-stone]').length >= 2")
    ctx.set_offline(True)
    page.reload()
    wait_until_bots_ready(page)
    assert stones(page) == 2
    for _ in range(5):
        if not my_turn_or_end(page):
            break
        before = stones(page)
        page.locator(".ycell.playable").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('[data-stone]').length > {before}")
    expect(page.locator("[data-test=result]")).to_be_visible()
    ctx.close()


def test_without_a_working_engine_worker_the_page_offers_the_server(solo_page: Any) -> None:
    page = solo_page
    page.context.route("**/pyodide/**", lambda route: route.abort())
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("[data-test=start]").click()
    page.wait_for_url("**/#/table/solo-*")
    banner = page.locator("[data-test=solo-unavailable]")
    expect(banner).to_be_visible()
    banner.locator("button").click()
    page.wait_for_url("**/#/table/*")
    page.wait_for_function("() => !location.hash.includes('solo-')")
    page.locator(".ycell.playable").first.wait_for()


def dig_turn_or_end(page: Any) -> bool:
    return turn_or_end(page, "[data-action='stake:0'][aria-disabled=false]")


def dig_act(page: Any, action: str) -> None:
    """Click `action` and wait until the table has drawn the decision after it."""
    before = page.evaluate("() => document.querySelector('.diggame').dataset.decision")
    page.locator(f"[data-action='{action}'][aria-disabled=false]").click()
    page.wait_for_function(
        "n => document.querySelector('.diggame').dataset.decision !== n", arg=before
    )


def test_solo_dig_against_hard_offline_to_the_end(solo_page: Any, tmp_path: Path) -> None:
    """Dig's engine, dice and Hard bot run in the Workers: two rounds, network blocked
    after load; every bot decision is re-made in CPython and the log re-runs."""
    page = solo_page
    page.goto("/#/")
    page.locator("#game-dig").check()
    page.locator("#dig-rounds").fill("2")
    page.locator(".seat-row .remove").last.click()
    page.locator("button.add[data-bot=hard]").click()
    expect(page.locator("[data-test=bots-on-device]")).to_be_checked()
    page.locator("[data-test=start]").click()
    page.wait_for_url("**/#/table/solo-*")
    wait_until_bots_ready(page)
    tried = block_network(page)
    turns = 0
    while dig_turn_or_end(page):
        dig_act(page, "stake:0")
        dig_act(page, "haul")
        turns += 1
        assert turns <= 2, "two rounds give the person two turns"
    assert tried == [], f"requests after loading: {tried}"
    assert turns == 2
    expect(page.locator("[data-test=result] [data-test=score-chart]")).to_be_visible()
    shot(page, "solo-dig-finished")
    replay = solo_replay(page)
    assert replay["game"] == "dig" and replay["options"]["rounds"] == 2
    # Opened again, the ended table tells its whole story from the browser's record.
    page.context.unroute("**/*")
    page.context.set_offline(False)
    page.evaluate("() => sessionStorage.clear()")
    page.reload()
    lines = page.locator("[data-test=log] .story-lines > li")
    expect(lines).to_have_count(len(replay["actions"]), timeout=LOADED_TIMEOUT_MS)
    assert check_bot_decisions(replay) >= 2
    file = tmp_path / "solo-dig.json"
    file.write_text(json.dumps(replay))
    assert rerun(json.loads(file.read_text())).result == replay["result"]
