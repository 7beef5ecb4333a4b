"""The pages around the games: the bot explanation (numbers from the running config),
rules, settings, and switching the whole UI between English and Thai."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import HARD_BUDGET_MS, api, expect, shot
from tests.web.strings import load_strings

pytestmark = pytest.mark.browser


def catalogue(lang: str) -> dict[str, Any]:
    return load_strings(lang)


def test_explanation_page_shows_the_configured_numbers(new_page: Any, server: str) -> None:
    config = api(server, "/api/config")
    assert config["budgets_ms"]["hard"] == HARD_BUDGET_MS  # the fixture's non-default budget
    page = new_page()
    page.goto("/#/")
    page.get_by_role("link", name="Which bot should I choose?").click()
    page.locator(".explain[data-game=domination]").wait_for()
    numbers = page.locator("[data-test=numbers]")
    hard_row = numbers.locator("tr", has_text="Hard's time budget per move")
    assert hard_row.locator("td.num").inner_text() == "1,234 ms"
    assert "1,234 ms" in page.locator("#x-levels .level[data-level=hard]").inner_text()
    # Domination's Hard says it plays out whole games by script; Y's tab will not.
    scripted = catalogue("en")["explain.hard.s3.domination"]
    assert scripted in page.locator("#x-levels .level[data-level=hard]").inner_text()
    assert "1,234 ms" in page.locator("svg.flow").text_content()
    # Medium's constants come from the bot's defaults in the config, whatever they are.
    alpha = config["bots"]["medium"]["defaults"]["alpha"]
    assert page.locator("[data-test=alpha]").inner_text() == f"α = {alpha:g}"
    # The wait limit is computed from the config: budget x factor + extra.
    wait = HARD_BUDGET_MS / 1000 * config["timeout"]["factor"] + config["timeout"]["extra_s"]
    wait_row = numbers.locator("tr", has_text="Longest wait for Hard")
    shown = f"{wait:.1f}".rstrip("0").rstrip(".")  # one decimal at most, as the page rounds
    assert wait_row.locator("td.num").inner_text() == f"{shown} s"
    # The bots' own constants come from their modules' defaults, read by the server.
    en = catalogue("en")
    # Hard's iteration cap is the game's own (Y sets a larger one), shown on its tab.
    hard = {
        **config["bots"]["hard"]["defaults"],
        **config["bots"]["hard"]["per_game"]["domination"],
    }
    easy_rate = config["bots"]["easy"]["per_game"]["domination"]["random_rate"]

    def shown_in(key: str) -> str:
        text: str = numbers.locator("tr", has_text=en[key]).locator("td.num").inner_text()
        return text

    assert shown_in("explain.num.topk") == f"{hard['top_k']:,}"
    assert shown_in("explain.num.iterations") == f"{hard['iterations']:,}"
    assert shown_in("explain.num.c") == f"{hard['c']:g}"
    assert shown_in("explain.num.epsilon") == f"{hard['epsilon']:g}"
    assert shown_in("explain.num.easyrate") == f"{easy_rate:g}"
    page.locator("table.compare").scroll_into_view_if_needed()
    shot(page, "bots-explained-table")
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "bots-explained")
    page.locator("#x-hard-flow").scroll_into_view_if_needed()
    shot(page, "bots-hard-flow")
    page.get_by_role("link", name="Game of Y").first.click()
    page.locator(".explain[data-game=y]").wait_for()
    assert "hides nothing" in page.locator("#x-fair").inner_text()
    assert scripted not in page.locator("#x-levels .level[data-level=hard]").inner_text()
    assert "1,234 ms" in page.locator("[data-test=numbers]").inner_text()
    # Y's Hard searches a tree; its own step quotes that tree's cap.
    y_hard = page.locator("#x-levels .level[data-level=hard]").inner_text()
    tree = config["bots"]["hard"]["per_game"]["y"]["tree_iterations"]
    assert "grows one tree" in y_hard and f"{tree:,}" in y_hard
    y_rate = config["bots"]["easy"]["per_game"]["y"]["random_rate"]
    assert shown_in("explain.num.easyrate") == f"{y_rate:g}"


def test_rules_pages_and_help_link_to_the_explanation(new_page: Any, server: str) -> None:
    page = new_page()
    page.goto("/#/rules/domination")
    page.locator(".card-gallery .card[data-card=Militia]").wait_for()
    militia = page.locator(".card-gallery .card[data-card=Militia]").inner_text()
    games = {g["name"]: g for g in api(server, "/api/config")["games"]}
    hand_to = games["domination"]["default_options"]["cards"]["Militia"]["params"]["hand_to"]
    assert f"Each other player discards down to {hand_to} cards" in militia
    shot(page, "rules-domination")
    page.goto("/#/rules/y")
    page.locator(".rules[data-game=y]").wait_for()
    shot(page, "rules-y")
    page.get_by_role("link", name="How the bots think").last.click()
    page.locator(".explain[data-game=y]").wait_for()


def test_random_bot_only_with_developer_options(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/")
    page.locator("[data-bot=hard]").wait_for()
    assert page.locator("[data-bot=random]").count() == 0
    page.locator("[data-bot=hard]").click()
    page.locator("[data-bot=easy]").click()
    assert page.locator(".seat-row").count() == 4
    assert page.locator("[data-bot=medium]").is_disabled(), "Domination seats at most 4"
    page.locator("#myseat").select_option("3")
    shot(page, "home")
    page.locator(".seat-row .remove").first.click()
    assert page.locator(".seat-row").count() == 3
    assert page.locator("#myseat").input_value() == "2", "your seat stays within the count"
    page.goto("/#/settings")
    page.locator("[data-test=developer]").check()
    shot(page, "settings")
    page.goto("/#/")
    page.locator("[data-bot=random]").wait_for()
    assert page.locator("#seed").count() == 1


def test_switching_language(new_page: Any) -> None:
    en, th = catalogue("en"), catalogue("th")
    page = new_page()
    page.goto("/#/")
    expect(page.locator("h1")).to_have_text(en["home.title"])
    page.locator("[data-lang=th]").click()
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    expect(page.locator("h1")).to_have_text(th["home.title"])
    assert page.locator(".mainnav").inner_text().split() == [
        th["nav.play"],
        th["nav.rules"],
        th["nav.bots"],
        th["nav.settings"],
    ]
    assert page.locator("[data-test=start]").inner_text() == th["home.start"]
    shot(page, "home-thai")
    page.reload()
    expect(page.locator("h1")).to_have_text(th["home.title"])  # the choice is remembered
    page.goto("/#/bots")
    page.locator("[data-test=numbers]").wait_for()
    assert page.locator(".explain h1").inner_text() == th["explain.title"]
    assert "1,234" in page.locator("[data-test=numbers]").inner_text()
    shot(page, "bots-explained-thai")
    # A live table re-labels itself without losing the game.
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("#ysize").fill("5")
    page.locator("[data-test=start]").click()
    page.locator(".table-page .ycell.playable").first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-stone]').length >= 2")
    page.locator("[data-lang=en]").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    expect(page.locator(".table-page h1")).to_have_text(en["game.y.title"])
    assert page.locator(".table-page [data-stone]").count() >= 2
    page.locator("[data-lang=th]").click()
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    expect(page.locator(".table-page h1")).to_have_text(th["game.y.title"])
    shot(page, "y-table-thai")


def test_phone_layout(new_page: Any) -> None:
    page = new_page(390, 844)
    page.goto("/#/")
    page.locator("[data-test=start]").wait_for()
    shot(page, "phone-home")
    page.locator("[data-test=start]").click()
    page.locator(".domgame [data-test=hand]").wait_for()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the Domination table scrolls sideways on a phone ({width}px)"
    shot(page, "phone-domination")
    page.goto("/#/")
    page.locator("#game-y").check()
    page.locator("[data-test=start]").click()
    page.locator(".table-page .ycell").first.wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "phone-y")
