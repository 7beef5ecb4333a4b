"""`boardbots play-domination`: play Domination against bots in the terminal."""

from __future__ import annotations

import secrets
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.registry import make_bot, split_seats
from boardbots.cli import checks
from boardbots.cli.errors import fail
from boardbots.core.contract import Action, IllegalAction, State, View
from boardbots.core.rng import Rng, decision_seed
from boardbots.games.domination.engine import GAME, turns_taken
from boardbots.games.domination.strategies import RandomStrategyBot

console = Console()

QUIT = {"quit", "q", "exit"}


def make_opponent(code: str) -> Bot:
    """The spec's Random for "random"; other codes come from the registry."""
    if code.strip().lower() == "random":
        return RandomStrategyBot()
    return make_bot(code, "domination")


def parse_choice(text: str, options: list[Action]) -> Action:
    """An option by its number in the list or by its exact text; ValueError explains a miss."""
    text = text.strip()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(options):
            return options[k - 1]
        raise ValueError(f"pick a number from 1 to {len(options)}")
    for option in options:
        if str(option).lower() == text.lower():
            return option
    raise ValueError(f"{text!r} is not one of the choices")


def kingdom_option(text: str) -> str | list[str]:
    """A preset name, "random", or card names separated by commas."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    return names if len(names) > 1 else text.strip()


def _supply_table(view: View, per_row: int = 4) -> Table:
    """The supply as a compact grid: name, cost and how many are left."""
    rules = GAME.rules(view)
    table = Table(title="Supply", show_header=False)
    cells = [
        f"{name} [cyan]${rules.cost(name)}[/] [dim]x{left}[/]"
        for name, left in view["supply"].items()
    ]
    for start in range(0, len(cells), per_row):
        table.add_row(*cells[start : start + per_row])
    return table


def _players_table(view: View, scores: list[float]) -> Table:
    table = Table(title=f"Round {GAME.clock(view)[0] + 1}")
    for column in ("seat", "VP", "hand", "deck", "discard", "discard top"):
        table.add_column(column)
    for p, seat in enumerate(view["players"]):
        mark = " (you)" if p == view["viewer"] else ""
        mark += " *" if p == view["cur"] else ""
        table.add_row(
            f"P{p}{mark}",
            f"{scores[p]:g}",
            str(seat["hand_size"]),
            str(seat["deck_size"]),
            str(seat["discard_size"]),
            seat["discard_top"] or "-",
        )
    return table


def show(view: View) -> None:
    """The table as the viewer sees it: supply, seats, their own cards and the turn."""
    me = view["players"][view["viewer"]]
    console.print(_supply_table(view))
    console.print(_players_table(view, GAME.scores(view)))
    console.print(f"in play: {', '.join(view['play']) or '-'}")
    console.print(
        f"actions {view['actions']}  buys {view['buys']}  coins {view['coins']}   "
        f"your hand: [bold]{', '.join(me['hand']) or '-'}[/]"
    )
    if me["look"]:
        console.print(f"you are looking at: {', '.join(me['look'])}")


def _prompt(pending: dict[str, Any]) -> str:
    about = f" ({pending['card']})" if "card" in pending else ""
    return f"{pending['kind']}{about}"


def ask_human(state: State, seat: int) -> Action | None:
    """Read a choice until it is legal; None means the player quit. Bad input changes nothing."""
    options = GAME.legal_actions(state)
    view = GAME.player_view(state, seat)
    show(view)
    console.print(f"[bold]Your decision: {_prompt(view['pending'])}[/]")
    for k, option in enumerate(options, 1):
        console.print(f"  {k:>2}. {option:<22} {GAME.describe(view, option)}")
    while True:
        try:
            text = console.input("choose a number or type the action ('quit' to stop): ")
        except EOFError:
            return None
        if text.strip().lower() in QUIT:
            return None
        try:
            action = parse_choice(text, options)
            GAME.check(state, action)
            return action
        except (ValueError, IllegalAction) as exc:
            console.print(f"[red]{exc}[/]; nothing changed, try again.")


def _final(state: State) -> None:
    scores, shares = GAME.scores(state), GAME.result(state)
    table = Table(title="Final score")
    for column in ("seat", "VP", "turns", "win share"):
        table.add_column(column)
    for p, (score, share) in enumerate(zip(scores, shares, strict=True)):
        table.add_row(f"P{p}", f"{score:g}", str(turns_taken(state, p)), f"{share:.2f}")
    console.print(table)


def play_domination(
    players: int = typer.Option(2, min=2, max=4, help="Number of players, 2 to 4."),
    bots: str = typer.Option(
        "bigmoney", help="Bot codes for the other seats in order, e.g. bigmoney,random."
    ),
    kingdom: str = typer.Option(
        "first-game", help="A preset (first-game, ...), 'random', or ten card names with commas."
    ),
    seat: int = typer.Option(0, min=0, max=3, help="Your seat (0 plays first)."),
    seed: int = typer.Option(None, help="Game seed (default: random)."),
) -> None:
    """Play Domination, a Dominion-style deck builder, against bots."""
    game_seed = secrets.randbits(63) if seed is None else checks.seed(seed)
    try:
        codes = split_seats(bots)
        if seat >= players:
            raise ValueError(f"seat must be below the number of players ({players})")
        state = GAME.new_state(players, game_seed, {"kingdom": kingdom_option(kingdom)})
        others = [p for p in range(players) if p != seat]
        opponents = {p: make_opponent(codes[min(i, len(codes) - 1)]) for i, p in enumerate(others)}
    except ValueError as exc:
        fail(str(exc))
    console.print(f"Kingdom: {', '.join(state['kingdom'])}. Seed {game_seed}. You are P{seat}.")
    while (pending := GAME.pending(state)) is not None:
        who = pending["player"]
        if who == seat:
            action = ask_human(state, seat)
            if action is None:
                console.print("Game abandoned.")
                raise typer.Exit(0)
        else:
            ctx = BotContext(rng=Rng(decision_seed(game_seed, state["steps"])))
            action = opponents[who].decide(GAME.player_view(state, who), ctx)
        seen = len(state["log"])
        state = GAME.applied(state, action)
        if who != seat:
            _print_public_events(state["log"][seen:])
    _final(state)


def _print_public_events(events: list[list[Any]]) -> None:
    """Show a bot's move through the public log only, never its private choices."""
    for p, verb, what in events:
        console.print(f"P{p} {verb}{f' {what}' if what else ''}")


def register(app: typer.Typer) -> None:
    app.command("play-domination")(play_domination)
