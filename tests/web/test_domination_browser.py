"""Domination in the browser: two people and Big Money at one table, joined by link,
playing several turns with a Militia discard prompt."""

from __future__ import annotations

from typing import Any

import pytest

from boardbots.games import get_game
from tests.web.conftest import BOT_TURN_TIMEOUT_MS, api, expect, shot

pytestmark = pytest.mark.browser

KINGDOM = [
    "Cellar", "Festival", "Market", "Merchant", "Militia",
    "Mine", "Remodel", "Smithy", "Village", "Workshop",
]  # fmt: skip
# Militia in everyone's starting deck, so the opening hands can attack.
OPTIONS = {"kingdom": KINGDOM, "starting_deck": {"Copper": 7, "Militia": 3}}
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "bigmoney"}, {"kind": "human"}]


def seed_with_militia_in_both_hands() -> int:
    """A seed whose opening hands give seats 0 and 2 a Militia, with seat 0 drawn to start
    (found with the engine)."""
    game = get_game("domination")
    for seed in range(500):
        state = game.new_state(3, seed, OPTIONS)
        hands = [game.player_view(state, p)["players"][p]["hand"] for p in (0, 2)]
        if state["first"] == 0 and all("Militia" in hand for hand in hands):
            return seed
    raise AssertionError("no seed in range gives both people a Militia")


def join(page: Any, table: str, seat: int, name: str) -> None:
    page.goto(f"/#/join/{table}")
    page.locator("#jname").fill(name)
    page.locator("#jseat").select_option(str(seat))
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(f"**/#/table/{table}")
    page.locator(".domgame").wait_for(state="attached")  # drawn once every seat is taken


def my_prompt(page: Any, kind: str) -> Any:
    prompt = page.locator(f".dom-prompt.mine .prompt-text[data-kind={kind}]")
    try:
        prompt.wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    except Exception as exc:  # Playwright's TimeoutError: say why, if the server knows
        reasons = api(page.url.split("#")[0], "/api/stats")["fallback_reasons"]
        shown = page.locator(".dom-prompt").inner_text()
        raise AssertionError(
            f"no {kind!r} prompt (the page shows {shown!r}); server fallbacks: {reasons} "
            "(a fallback plays Easy's move where Big Money's was expected)"
        ) from exc
    return prompt


def hand(page: Any) -> Any:
    return page.locator("[data-test=hand] .card")


def wait_for_hand(page: Any, size: int) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-test=hand] .card').length === {size}"
    )


def buy_phase(page: Any) -> None:
    """Play every Treasure, then buy a Silver if we can, else end the turn."""
    my_prompt(page, "buy")
    page.locator("[data-action=treasures]").click()
    page.wait_for_function("() => !document.querySelector('[data-action=treasures]')")
    silver = page.locator(".dom-supply button.card[data-card=Silver]")
    if silver.count():
        silver.hover()
        expect(page.locator(".dom-detail [data-test=preview]")).to_contain_text("Silver")
        silver.click()
    else:
        page.locator("[data-action=end]").click()


def test_domination_turns_with_militia_against_big_money(new_page: Any, server: str) -> None:
    made = api(
        server,
        "/api/tables",
        {
            "game": "domination",
            "options": OPTIONS,
            "seed": seed_with_militia_in_both_hands(),
            "seats": SEATS,
        },
    )
    table = made["table"]["id"]
    ann = new_page()
    join(ann, table, 0, "Ann")
    assert ann.locator(".banner.invite .linkbox").input_value().endswith(f"#/join/{table}")
    shot(ann, "domination-waiting-for-players")
    assert not ann.locator(".domgame").is_visible(), "nothing is dealt before the table starts"
    assert ann.locator(".seat-chip .seat-score").count() == 0
    bea = new_page()
    join(bea, table, 2, "Bea")

    # Ann's turn: Militia makes Big Money discard (a bot answering a sub-decision).
    my_prompt(ann, "action")
    assert ann.locator(".dom-supply .card").count() == 7 + len(KINGDOM)
    ann.locator("[data-test=hand] button.card[data-card=Militia]").first.click()
    # Bea is attacked too: she keeps her Militia and lets two other cards go.
    my_prompt(bea, "discard")
    for left in (4, 3):
        bea.locator("[data-test=hand] button.card:not([data-card=Militia])").first.click()
        wait_for_hand(bea, left)
    buy_phase(ann)
    shot(ann, "domination-after-first-turn")

    # Big Money plays its turn; then Bea attacks Ann with Militia.
    my_prompt(bea, "action")
    log = bea.locator("[data-test=log]")
    expect(log).to_contain_text("Big Money bot discards")
    assert "Big Money bot plays Copper" not in log.inner_text()  # treasures go in play silently
    bea.locator("[data-test=hand] button.card[data-card=Militia]").first.click()

    prompt = my_prompt(ann, "discard")
    assert "Militia" in prompt.inner_text()
    assert hand(ann).count() == 5
    assert ann.locator("[data-test=hand] button.card").count() == 5, "every card may be discarded"
    assert ann.locator(".dom-supply button.card").count() == 0, "nothing else is clickable"
    shot(ann, "domination-militia-prompt")
    for left in (4, 3):
        ann.locator("[data-test=hand] button.card").first.click()
        wait_for_hand(ann, left)
    ann.wait_for_function("() => !document.querySelector('.dom-prompt.mine')")
    assert hand(ann).count() == 3

    buy_phase(bea)
    # Ann's second turn (after Big Money's): skip any Action, then buy.
    ann.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    if ann.locator(".prompt-text[data-kind=action]").count():
        assert ann.locator("[data-action=end]").inner_text() == "End Action phase"
        ann.locator("[data-action=end]").click()
    buy_phase(ann)
    ann.wait_for_function("() => !document.querySelector('.dom-prompt.mine')")
    text = ann.locator("[data-test=log]").inner_text()
    assert "Ann (you) discards" in text
    assert "Bea plays Militia" in text
    turns = ann.locator("[data-test=log] .story-turn")
    heads = turns.locator(".story-head").all_inner_texts()
    assert heads[0] == "Your turn" and "Bea's turn" in heads  # the log is grouped by turn
    assert "Big Money bot discards" in turns.first.inner_text()  # the victims' lines stay in it
    ann.evaluate("() => window.scrollTo(0, 0)")
    shot(ann, "domination-table")

    # The creator closes the table; the replay then steps through the public positions.
    api(server, f"/api/tables/{table}/close", {"owner_token": made["owner_token"]})
    replay = api(server, f"/api/tables/{table}/replay")
    n = len(replay["actions"])
    assert len(replay["views"]) == n + 1
    by = {a["by"] for a in replay["actions"] if a["seat"] == 1}
    assert by == {"bot"}, f"Big Money's seat was played by {by}: the worker did not answer"
    ann.goto(f"/#/replay/{table}")
    board = ann.locator(".replay-page .replay-board .domgame")
    board.wait_for()
    counter = ann.locator(".replay-page [data-test=replay-counter]")
    expect(counter).to_have_text(f"{n} / {n}")
    expect(board.locator("[data-test=log]")).to_contain_text("Bea plays Militia")
    ann.get_by_role("button", name="First position").click()
    expect(counter).to_have_text(f"0 / {n}")
    expect(board).not_to_contain_text("Bea plays Militia")  # step 0 is the opening position
    shot(ann, "domination-replay")
