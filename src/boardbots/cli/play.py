"""`boardbots play GAME`: play any registered game against bots in the terminal.

Everything game-specific comes through the registry: the options are the game's
player options (`--size 9`), moves are typed as the game's `action_text` or
picked by number, and the table is the game's `render` of the player's view.
`play-<game>` aliases (`play-y`, `play-domination`) run the same thing.
"""

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
from boardbots.cli.play_options import describe_flags, rule_options
from boardbots.core.contract import Action, Game, GameMeta, IllegalAction, State
from boardbots.core.rng import Rng, decision_seed
from boardbots.games import all_plugins, get_game

console = Console()

QUIT = {"quit", "q", "exit"}
LISTED = 40
"""Most legal actions listed one per line; past that only examples are shown."""

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
"""The game's own flags arrive as extra words, parsed against its rules."""


def parse_choice(text: str, options: list[Action], texts: list[str] | None = None) -> Action:
    """An option by its number in the list or by its text; ValueError explains a miss."""
    text = text.strip()
    if text.isdigit() and (texts is None or text not in texts):
        k = int(text)
        if 1 <= k <= len(options):
            return options[k - 1]
        raise ValueError(f"pick a number from 1 to {len(options)}")
    names = texts if texts is not None else [str(o) for o in options]
    for option, name in zip(options, names, strict=True):
        if name.lower() == text.lower():
            return option
    raise ValueError(f"{text!r} is not one of the choices")


def _list_choices(game: Game, state: State, seat: int, options: list[Action]) -> list[str]:
    view = game.player_view(state, seat)
    console.print(game.render(view), highlight=False)
    pending = view["pending"]
    console.print(f"[bold]Your decision ({pending['kind']}):[/]")
    texts = [game.action_text(view, a) for a in options]
    if len(options) <= LISTED:
        for k, (option, text) in enumerate(zip(options, texts, strict=True), 1):
            console.print(f"  {k:>2}. {text!r:<24} {game.describe(view, option)}", highlight=False)
    return texts


def ask_human(game: Game, state: State, seat: int) -> Action | None:
    """Read a choice until it is legal; None means the player quit. Bad input changes nothing."""
    options = game.legal_actions(state)
    texts = _list_choices(game, state, seat, options)
    examples = ", ".join(repr(t) for t in texts[:2] + texts[2:][-1:])
    while True:
        try:
            text = console.input(f"a number or a move such as {examples} ('quit' to stop): ")
        except EOFError:
            return None
        if text.strip().lower() in QUIT:
            return None
        try:
            action = parse_choice(text, options, texts)
            game.check(state, action)
            return action
        except (ValueError, IllegalAction) as exc:
            console.print(f"[red]{exc}[/]; nothing changed, try again.")


def _final(game: Game, state: State) -> None:
    table = Table(title="Final score")
    for column in ("seat", "score", "win share"):
        table.add_column(column)
    for p, (score, share) in enumerate(zip(game.scores(state), game.result(state), strict=True)):
        table.add_row(f"P{p}", f"{score:g}", f"{share:.2f}")
    console.print(table)


def _set_up(
    name: str, players: int | None, bots: str, seat: int, seed: int, extra: list[str]
) -> tuple[Game, State, dict[int, Bot]]:
    """The game, its first state and a bot for every other seat; ValueError on bad input."""
    game = get_game(name)
    n = players or game.meta.min_players
    if not game.meta.min_players <= n <= game.meta.max_players:
        raise ValueError(f"{name} takes {game.meta.min_players} to {game.meta.max_players} players")
    if not 0 <= seat < n:
        raise ValueError(f"seat must be from 0 to {n - 1}")
    state = game.new_state(n, seed, rule_options(game, extra))
    codes = split_seats(bots)
    others = [p for p in range(n) if p != seat]
    return (
        game,
        state,
        {p: make_bot(codes[min(i, len(codes) - 1)], name) for i, p in enumerate(others)},
    )


def run(
    name: str, players: int | None, bots: str, seat: int, seed: int | None, extra: list[str]
) -> None:
    """Play one game in the terminal, the person at `seat`, bots at every other seat."""
    game_seed = secrets.randbits(63) if seed is None else checks.seed(seed)
    try:
        game, state, opponents = _set_up(name, players, bots, seat, game_seed, extra)
    except ValueError as exc:
        fail(str(exc))
    console.print(f"{game.meta.title}: you are P{seat}; {_line_up(opponents)}. Seed {game_seed}.")
    decisions = 0
    while (pending := game.pending(state)) is not None:
        who = pending["player"]
        if who == seat:
            action = ask_human(game, state, seat)
            if action is None:
                console.print("Game abandoned.")
                raise typer.Exit(0)
        else:
            action = _bot_move(
                game, state, who, opponents[who], decision_seed(game_seed, decisions)
            )
        state, decisions = game.applied(state, action), decisions + 1
    console.print(game.render(game.player_view(state, seat)), highlight=False)
    _final(game, state)


def _line_up(opponents: dict[int, Bot]) -> str:
    if len(opponents) == 1:
        return f"the bot plays {next(iter(opponents.values())).level}"
    return "the bots: " + ", ".join(f"P{p} {bot.level}" for p, bot in opponents.items())


def _bot_move(game: Game, state: State, who: int, bot: Bot, seed: int) -> Action:
    """The bot's move; named aloud only when the game hides nothing (else it may be private)."""
    action = bot.decide(game.player_view(state, who), BotContext(rng=Rng(seed)))
    if not game.meta.hidden_information:
        console.print(f"P{who}: {game.describe(state, action)}", highlight=False)
    return action


def play(
    ctx: typer.Context,
    game: str = typer.Argument(
        ..., help="The game's name; `boardbots games` lists them with their option flags."
    ),
    players: int = typer.Option(None, help="Number of players (default: the game's fewest)."),
    bots: str = typer.Option(
        "easy", "--bots", "--bot", help="Bot codes for the other seats, e.g. easy,hard."
    ),
    seat: int = typer.Option(0, help="Your seat (0 plays first)."),
    seed: int = typer.Option(None, help="Game seed (default: random)."),
) -> None:
    """Play a game against bots; the game's own options follow as flags, e.g. --size 9."""
    run(game, players, bots, seat, seed, list(ctx.args))


def _alias(name: str) -> Any:
    def alias(
        ctx: typer.Context,
        players: int = typer.Option(None, help="Number of players (default: the game's fewest)."),
        bots: str = typer.Option("easy", "--bots", "--bot", help="Bot codes for the other seats."),
        seat: int = typer.Option(0, help="Your seat (0 plays first)."),
        seed: int = typer.Option(None, help="Game seed (default: random)."),
    ) -> None:
        run(name, players, bots, seat, seed, list(ctx.args))

    game = get_game(name)
    flags = describe_flags(game)
    alias.__doc__ = f"Play {game.meta.title} (`boardbots play {name}`); its options: {flags}."
    return alias


def games(
    names: bool = typer.Option(False, help="Print only the names, one a line (for scripts)."),
) -> None:
    """List the games: built in, or installed as plug-ins (docs/plugins.md)."""
    for plugin in all_plugins():
        meta = plugin.game.meta
        if names:
            typer.echo(meta.name)
            continue
        flags = describe_flags(plugin.game)
        console.print(f"{meta.name}: {meta.title}, {_players(meta)} players; {flags}")


def _players(meta: GameMeta) -> str:
    low, high = meta.min_players, meta.max_players
    return str(low) if low == high else f"{low}-{high}"


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("play", context_settings=EXTRA)(play)
    for plugin in all_plugins():
        app.command(f"play-{plugin.name}", context_settings=EXTRA)(_alias(plugin.name))
