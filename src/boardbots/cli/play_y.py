"""`boardbots play-y`: play the Game of Y against a bot in the terminal."""

from __future__ import annotations

import secrets

import typer
from rich.console import Console

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.cli import checks
from boardbots.cli.errors import fail
from boardbots.core.contract import IllegalAction, State
from boardbots.core.rng import Rng, decision_seed
from boardbots.games.y.engine import GAME, SWAP, board_of, cell_name, parse_cell

console = Console()


def _ask_move(state: State) -> int | str | None:
    """Read a move until it is legal; None means the player quit."""
    b = board_of(state)
    # Offered only when the rules allow it now: with swap off it would always be refused.
    offer = ", 'swap'" if SWAP in GAME.legal_actions(state) else ""
    while True:
        try:
            text = console.input(f"[bold]your move[/] (e.g. c2{offer}, 'quit'): ").strip().lower()
        except EOFError:
            return None
        if text in {"quit", "q", "exit"}:
            return None
        try:
            action: int | str = SWAP if text == SWAP else parse_cell(b, text)
            GAME.check(state, action)
            return action
        except (ValueError, IllegalAction) as exc:
            console.print(f"[red]{exc}[/]; the board is unchanged.")


def _show(state: State) -> None:
    console.print(GAME.render(state), highlight=False)
    last = state["last"]
    if last is not None:
        console.print(f"last move: {cell_name(board_of(state), last)}")


def play_y(
    size: int = typer.Option(11, help="Side length of the board (3 to 19)."),
    swap: bool = typer.Option(False, help="Allow the second player to take the opening stone."),
    bot: str = typer.Option("easy", help="Opponent bot code, e.g. easy, medium or hard."),
    first: bool = typer.Option(True, help="Play first (X) instead of second (O)."),
    seed: int = typer.Option(None, help="Seed for the bot's choices (default: random)."),
) -> None:
    """Play the Game of Y in the terminal: connect all three sides to win."""
    game_seed = secrets.randbits(63) if seed is None else checks.seed(seed)
    try:
        state = GAME.new_state(2, 0, {"size": size, "swap": swap})
        opponent = make_bot(bot, "y")
    except ValueError as exc:
        fail(str(exc))
    me = 0 if first else 1
    console.print(f"You are {'X' if me == 0 else 'O'}; the bot plays {bot}. Seed {game_seed}.")
    while not GAME.is_over(state):
        _show(state)
        if state["to_move"] == me:
            action = _ask_move(state)
            if action is None:
                console.print("Game abandoned.")
                raise typer.Exit(0)
        else:
            ctx = BotContext(rng=Rng(decision_seed(game_seed, state["ply"])))
            action = opponent.decide(GAME.player_view(state, 1 - me), ctx)
            console.print(f"bot {GAME.describe(state, action)}")
        state = GAME.applied(state, action)
    _show(state)
    console.print("[green]You win![/]" if state["winner"] == me else "[yellow]The bot wins.[/]")


def register(app: typer.Typer) -> None:
    app.command("play-y")(play_y)
