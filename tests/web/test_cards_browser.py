"""Domination cards drawn from the card table (frame by type, cost, full name, bonus icons,
VP, rules text) and moving the same way whoever plays them (issue 21, point 1)."""

from __future__ import annotations

from typing import Any

import pytest

from boardbots.games import get_game
from tests.web.conftest import BOT_TURN_TIMEOUT_MS, api, expect, shot
from tests.web.strings import load_strings
from tests.web.words import BROKEN_IN

pytestmark = pytest.mark.browser

EN = load_strings("en")

# Per card face: its name's words and the lines each word is drawn on (one each, or a
# word was broken inside), and what the face shows.
READ_FACES = (
    "(sel) => {"
    + BROKEN_IN
    + """return [...document.querySelectorAll(sel)].map((face) => {
  const name = face.querySelector('.card-name');
  const broken = brokenIn(name);
  const text = (s) => { const e = face.querySelector(s); return e ? e.textContent.trim() : null; };
  return { card: face.dataset.card, broken, cost: text('.coin'), name: name.textContent,
           cards: text('.b-cards'), actions: text('.b-action'), buys: text('.b-buy'),
           coins: text('.b-coin'), vp: text('.card-vp'), rules: text('.card-text'),
           frame: getComputedStyle(face).borderTopColor };
}); }"""
)


def check_faces(faces: list[dict[str, Any]], cards: dict[str, Any], full: bool) -> None:
    assert faces, "no card faces drawn"
    for face in faces:
        spec = cards[face["card"]]
        label = face["card"]
        assert face["broken"] == [], f"{label}: words broken inside: {face['broken']}"
        assert face["cost"] == str(spec["cost"]), label
        for key, kind in (("cards", "cards"), ("actions", "actions"), ("buys", "buys")):
            assert face[kind] == (f"+{spec[key]}" if spec.get(key) else None) or (
                spec.get(key) and face[kind].startswith(f"+{spec[key]}")
            ), f"{label}: {kind} shows {face[kind]!r}"
        if spec.get("coins"):
            assert face["coins"] is not None and str(spec["coins"]) in face["coins"], label
        if spec.get("vp"):
            assert face["vp"] == str(spec["vp"]), f"{label}: VP shows {face['vp']!r}"
        if full and f"cardtext.{label}" in EN:
            assert face["rules"], f"{label} shows no rules text"


def test_every_card_face_comes_from_the_card_table(new_page: Any, server: str) -> None:
    cards = api(server, "/api/config")
    cards = next(g for g in cards["games"] if g["name"] == "domination")["default_options"]["cards"]
    page = new_page(1366, 800)
    page.goto("/#/rules/domination")
    page.locator(".card-gallery .card").first.wait_for()
    faces = page.evaluate(READ_FACES, ".card-gallery .card")
    assert {f["card"] for f in faces} == set(cards)
    check_faces(faces, cards, full=True)
    frames = {f["frame"] for f in faces}
    assert len(frames) >= 5, f"frames are not coloured by type: {frames}"
    shot(page, "cards-gallery")
    # The narrowest faces: supply tiles on a phone, in both languages.
    phone = new_page(390, 844)
    phone.goto("/#/")
    phone.locator("[data-test=start]").click()
    phone.locator(".dom-supply .card").first.wait_for()
    for lang in ("en", "th"):
        phone.locator(f"[data-lang={lang}]").click()
        phone.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        phone.locator(".dom-supply .card").first.wait_for()
        faces = phone.evaluate(READ_FACES, ".dom-supply .card, .dom-hand .card")
        for face in faces:
            assert face["broken"] == [], f"{lang} {face['card']}: broken {face['broken']}"
            assert face["cost"] == str(cards[face["card"]]["cost"])


# Records every card animation the table starts, with whose turn it was before the
# state that started it (a buy that ends a turn arrives with the next player's turn).
RECORD_MOTION = """
() => {
  window.__motion = [];
  const turn = () => document.querySelector('.dom-turnbar .turn-who').textContent;
  let before = turn();
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      for (const node of [n, ...n.querySelectorAll('[class*="anim-"]')]) {
        const kind = [...node.classList].find((c) => c.startsWith('anim-'));
        if (kind) window.__motion.push([kind, before]);
      }
    }
    before = turn();
  }).observe(document.querySelector('.domgame'), { childList: true, subtree: true });
}
"""


def seed_where_big_money_buys_at_once() -> int:
    """A seed where the person starts and Big Money's first hand holds $3 or more, so its
    first turn surely buys (a $2 hand buys nothing, and the test would wait for nothing)."""
    game = get_game("domination")
    for seed in range(500):
        state = game.new_state(2, seed, {})
        hand = game.player_view(state, 1)["players"][1]["hand"]
        if state["first"] == 0 and hand.count("Copper") >= 3:
            return seed
    raise AssertionError("no seed in range deals Big Money $3 at once")


def test_cards_move_the_same_for_a_person_and_a_bot(new_page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "bigmoney"}]
    made = api(
        server,
        "/api/tables",
        {"game": "domination", "seed": seed_where_big_money_buys_at_once(), "seats": seats},
    )
    page = new_page(1366, 800)
    page.goto(f"/#/join/{made['table']['id']}")
    # The table names no kingdom: the join page shows the one it plays (the default).
    expect(page.locator("form.panel")).to_contain_text(EN["preset.first-game"])
    page.locator("#jname").fill("Ann")
    page.locator("#jseat").select_option("0")
    page.get_by_role("button", name="Take the seat").click()
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    page.evaluate(RECORD_MOTION)
    page.locator("[data-action=treasures]").click()
    expect(page.locator("[data-test=inplay] .card").first).to_be_visible()
    page.locator(".dom-supply button.card[data-card=Copper]").click()  # always affordable
    # Big Money's whole turn, then ours again.
    page.wait_for_function(
        "() => window.__motion.some(([k, who]) => k === 'anim-take' && who.includes('Big Money'))",
        timeout=BOT_TURN_TIMEOUT_MS,
    )
    page.locator(".dom-prompt.mine").wait_for(timeout=BOT_TURN_TIMEOUT_MS)
    motion = page.evaluate("() => window.__motion")
    mine = {k for k, who in motion if "(you)" in who}
    bots = {k for k, who in motion if "Big Money" in who}
    assert {"anim-play", "anim-take", "anim-land"} <= mine, motion
    assert {"anim-play", "anim-take"} <= bots, motion
    assert "anim-draw" in {k for k, _ in motion}, "the new hand was not dealt"
