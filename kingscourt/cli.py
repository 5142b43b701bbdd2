"""The ``kingscourt`` command: serve tables, play in the terminal, replay a record."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperCommand

from .engine import GAMES, ReplayError, replay, resolve, spec

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="kingscourt: King, Ku-Ka-König and Ucho Króla.")


#: the games as the commands name them (the registry's, in its order; the first is the default)
_GAME_HELP = " | ".join(GAMES)
_FIRST_GAME = next(iter(GAMES))


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs; ``true``/``false`` become booleans, digits integers."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"{pair!r}: write a table rule as name=value")
        v: Any = value
        if value.lower() in ("true", "on", "yes"):
            v = True
        elif value.lower() in ("false", "off", "no"):
            v = False
        elif value.isdigit():
            v = int(value)
        out[name.replace("-", "_")] = v
    return out


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=_GAME_HELP)] = _FIRST_GAME,
    seat: Annotated[int, typer.Option(help="your seat, counted from 1")] = 1,
    bots: Annotated[str, typer.Option(help="level of the computer opponents")] = "basic",
    players: Annotated[int | None, typer.Option(help="number of players, where the game lets you choose")]
    = None,
    seed: Annotated[int | None, typer.Option(help="seed for a repeatable game")] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help="table rule name=value (repeatable)")]
    = None,
    variant: Annotated[list[str] | None, typer.Option(help="variant name, or name=value (repeatable)")]
    = None,
    lang: Annotated[str | None, typer.Option(
        help="language: en, de, tr or pl (default: $KINGSCOURT_LANG, else en)")] = None,
) -> None:
    """Play a game in the terminal against computer opponents."""
    from .terminal import speaking

    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    options = _parse_options(rule or [])
    for v in variant or []:
        options.update(_parse_options([v if "=" in v else f"{v}=true"]))
    if not spec(game).terminal:
        raise typer.BadParameter(f"{game} has no terminal client")
    play_in_terminal = resolve(spec(game).terminal)
    try:
        with speaking(lang):
            play_in_terminal(seat=seat - 1, bots=bots, players=players, seed=seed,
                             options=options, console=Console())
    except ValueError as e:
        raise typer.BadParameter(str(e)) from e


#: what the arena prints when its extra (scipy for the statistics, matplotlib for --plot) is
#: missing, as after ``make run``, which installs what the server needs
_ARENA_EXTRA = ("the arena needs the arena extra ({missing} is missing): "
                ".venv/bin/uv sync --inexact --extra arena, or pip install 'kingscourt[arena]'")


def _refuse(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, no traceback, and a non-zero exit (2: a refused input, as click's
    usage errors)."""
    typer.echo(f"kingscourt arena: {message}", err=True)
    raise typer.Exit(code)


def _missing_extra(plot: bool) -> str | None:
    """The first module of the arena extra that cannot be imported, or None."""
    for module in ("scipy.stats", *(("matplotlib",) if plot else ())):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if (e.name or module).split(".")[0] in ("scipy", "matplotlib"):
                return (e.name or module).split(".")[0]
            raise
    return None


class _ArenaCommand(TyperCommand):
    """``arena`` says a value click cannot read (``--games abc``, a missing GAME) in one line
    too, as every other input it refuses."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as e:  # click's usage errors: BadParameter, NoSuchOption...
            format_message = getattr(e, "format_message", None)
            _refuse(" ".join((format_message() if format_message else str(e)).split()),
                    getattr(e, "exit_code", 2))


@app.command(cls=_ArenaCommand)
def arena(
    game: Annotated[str, typer.Argument(help=_GAME_HELP)],
    bots: Annotated[str, typer.Option(help="one bot per seat, e.g. strong,basic,basic,basic "
                                           "(budgets: strong:iterations=400,seconds=5)")]
    = "basic,random,random,random",
    games: Annotated[int, typer.Option(help="duplicate games, 1 or more (a King game is 20 deals); "
                                            "each is played once per distinct rotation")] = 10,
    seed: Annotated[int, typer.Option(help="seed of the first deal")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes, 1 or more")] = 1,
    json_out: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    plot: Annotated[Path | None, typer.Option(help="write a bar chart (PNG) here")] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help="table rule name=value")] = None,
) -> None:
    """Bot against bot on duplicate deals: mean score with 95% CI and win rate per bot."""
    missing = _missing_extra(plot is not None)
    if missing is not None:
        _refuse(_ARENA_EXTRA.format(missing=missing), code=1)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from .arena import ArenaError, run_arena
    from .arena.checks import check_plot, check_run
    from .arena.duplicate import UNIT, rotations
    from .arena.match import split_bots

    try:
        try:
            options = _parse_options(rule or [])
        except typer.BadParameter as e:
            raise ArenaError("--rule", e.message) from e
        try:
            labels = split_bots(bots)
        except ValueError as e:
            raise ArenaError("--bots", str(e)) from e
        check_run(game, labels, games, seed, options, jobs)
        if plot is not None:
            check_plot(plot)
    except ArenaError as e:
        _refuse(str(e) if e.option == "GAME" else f"{e.option}: {e}")
    total = games * len(rotations(labels))
    # progress on stderr, so that stdout holds the results alone (--json: the JSON alone); in
    # a log (stderr no terminal) only its last state, and with --json not even that
    err = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(bar_width=24), MofNCompleteColumn(),
                  TextColumn("games"), TimeElapsedColumn(), TextColumn("elapsed"),
                  TimeRemainingColumn(), TextColumn("left"),
                  console=err, transient=json_out, disable=json_out and not err.is_terminal,
                  speed_estimate_period=7 * 24 * 3600) as progress:
        task = progress.add_task(game, total=total)
        # a sample at the start: the time left is then estimated from every game so far
        progress.advance(task, 0)
        result = run_arena(game, labels, games, seed=seed, rules=options, jobs=jobs,
                           progress=lambda _g: progress.advance(task))
    console = Console()
    if json_out:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        table = Table(title=f"{game}: {games} duplicate game{'' if games == 1 else 's'}, seed {seed}")
        for col in ("bot", "games", "mean score", "95% CI", "win rate", "ms/decision"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for r in result.results:
            table.add_row(r.bot, str(r.games), f"{r.mean:+.1f}", f"±{r.ci95:.1f}",
                          f"{r.win_rate:.1%}", f"{r.ms_per_decision:.1f}")
        console.print(table)
        for m in result.margins:
            console.print(f"{m.bot} − {m.versus}: {m.mean:+.1f} ± {m.ci95:.1f} per {UNIT} "
                          f"({m.deals} game{'' if m.deals == 1 else 's'})"
                          f"{' — significant' if m.significant else ''}")
    if plot is not None:
        from .arena.plot import plot as draw

        draw(result, plot)
        Console(stderr=json_out).print(f"plot written to {plot}")


@app.command("replay")
def replay_cmd(file: Annotated[Path, typer.Argument(help="a game record (JSON)")]) -> None:
    """Replay a game record and print where it ends."""
    console = Console()
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        state = replay(record)
    except (OSError, json.JSONDecodeError, ReplayError) as e:
        console.print(f"[red]{file}: {e}[/red]")
        raise typer.Exit(1) from e
    console.print(f"{record['game']}: {len(record['actions'])} actions replayed; "
                  f"{'over' if state.is_over() else 'in progress'}; scores {state.scores()}")


def _serve_refusal(message: str, code: int) -> typer.Exit:
    """Says ``message`` as one line on stderr (a path or URL in it may hold a line break) and
    gives the exit to raise: 2 for a usage error, 1 for what the machine refused."""
    typer.echo(f"kingscourt serve: {' '.join(message.split())}", err=True)
    return typer.Exit(code)


class _ServeCommand(TyperCommand):
    """``serve`` says a malformed option in one line, as every other reason it does not
    start, and lists its options in click's plain form, which wraps every cell: Rich's option
    table cuts flag and environment-variable names with "…" below about 100 columns."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{**kwargs, "rich_markup_mode": None})

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as e:  # click's usage errors: BadParameter, NoSuchOption...
            raise _serve_refusal(e.format_message(), e.exit_code) from None


def _rate(value: str) -> str:
    """A rate as the ``limits`` library writes it, checked as the option is read."""
    from limits import parse

    try:
        parse(value)
    except ValueError as e:
        raise typer.BadParameter(f"{e}: write a limits rate, e.g. 20/minute or 5/10 seconds") from e
    return value


def _given(ctx: typer.Context, param: str, flag: str, env: str) -> str:
    """How a setting was given, for messages: its flag, or the variable it was read from."""
    source = ctx.get_parameter_source(param)
    return env if source is not None and source.name == "ENVIRONMENT" else flag


@app.command(cls=_ServeCommand)
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(metavar="ADDRESS",
                                      help="address to listen on (0.0.0.0: every interface)")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, metavar="PORT", help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        metavar="URL", envvar="KINGSCOURT_DB",
        help="sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME (a missing PostgreSQL "
             "database is created); default: SQLite in the user data folder")] = None,
    bot_delay: Annotated[float, typer.Option(
        min=0, metavar="SECONDS", help="seconds a bot waits before it acts")] = 1.0,
    sockets_per_token: Annotated[int, typer.Option(
        min=1, metavar="N", help="sockets one seat token may hold open; one more closes the oldest")] = 4,
    max_spectators: Annotated[int, typer.Option(
        min=0, metavar="N", help="spectators one table admits; more are refused (table-full)")] = 200,
    insecure_seeds: Annotated[bool, typer.Option(
        help="let clients fix the seed at any table, not only at one with at most one human "
             "seat (tests only: the creator can compute every hand)")] = False,
    min_turn_seconds: Annotated[float, typer.Option(
        min=0, metavar="SECONDS", envvar="KINGSCOURT_MIN_TURN_SECONDS",
        help="the shortest turn timer a table may set (tests set less)")] = 5.0,
    ws_max_bytes: Annotated[int, typer.Option(
        min=256, metavar="BYTES", envvar="KINGSCOURT_WS_MAX_BYTES",
        help="largest WebSocket message (a larger one closes with 1009)")] = 16 * 1024,
    http_max_bytes: Annotated[int, typer.Option(
        min=1024, metavar="BYTES", envvar="KINGSCOURT_HTTP_MAX_BYTES",
        help="largest REST request body (a larger one is refused with 413)")] = 64 * 1024,
    create_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_CREATE_RATE", callback=_rate,
        help="tables one client address may create, as the limits library writes rates "
             "(20/minute, 100/hour); beyond it 429 with Retry-After")] = "20/minute",
    max_open_tables: Annotated[int, typer.Option(
        min=0, metavar="N", envvar="KINGSCOURT_MAX_OPEN_TABLES",
        help="open tables one client address may have created (0: no bound)")] = 10,
    tables_page: Annotated[int, typer.Option(
        min=1, max=500, metavar="N", envvar="KINGSCOURT_TABLES_PAGE",
        help="default page size of GET /api/tables")] = 50,
    abandon_after: Annotated[float, typer.Option(
        min=0, metavar="SECONDS", envvar="KINGSCOURT_ABANDON_AFTER",
        help="seconds an open table may go without a connected human before it is closed "
             "as abandoned (0: never)")] = 24 * 3600.0,
    bot_workers: Annotated[int | None, typer.Option(
        min=1, metavar="N",
        help="processes in which bots think; default: cores minus one, at least 1")] = None,
    allowed_origin: Annotated[list[str] | None, typer.Option(
        metavar="ORIGIN",
        help="an origin besides the server's own whose pages may open table sockets and send "
             "changes, e.g. https://kings.example (repeatable)")] = None,
    secure_cookies: Annotated[bool, typer.Option(
        help="mark the session cookie Secure even on plain http (it is whenever the request "
             "came over https)")] = False,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        metavar="ADDRESS",
        help="the address or network (192.168.1.0/24) of a proxy whose X-Forwarded-For or "
             "Forwarded names the client (its own entry only, never what the client wrote) "
             "and whose X-Forwarded-Proto gives the scheme (repeatable; "
             "KINGSCOURT_TRUSTED_PROXIES, comma-separated); default: none, every client is "
             "its TCP peer")] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        metavar="HOST",
        help="a Host the server answers to (kings.example; .kings.example with its "
             "subdomains; * for any); other Hosts get 400 (repeatable; "
             "KINGSCOURT_ALLOWED_HOSTS, comma-separated). Default: on a loopback --host, "
             "localhost, 127.0.0.1, ::1 and the hosts of --allowed-origin (behind a proxy on "
             "this machine, name the public host here); on 0.0.0.0, :: or another address, "
             "any Host")] = None,
    login_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_LOGIN_RATE", callback=_rate,
        help="failed logins per account name before 429 (a limits rate)")] = "5/minute",
    login_address_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_LOGIN_ADDRESS_RATE", callback=_rate,
        help="failed logins per client address before 429 (a limits rate)")] = "20/minute",
    register_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_REGISTER_RATE", callback=_rate,
        help="accounts one client address may register (a limits rate)")] = "10/hour",
    analysis_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_ANALYSIS_RATE", callback=_rate,
        help="post-game reviews (GET /api/tables/{id}/analysis) one client address may ask "
             "for (a limits rate); beyond it 429 with Retry-After")] = "20/minute",
    chat_rate: Annotated[str, typer.Option(
        metavar="RATE", envvar="KINGSCOURT_CHAT_RATE", callback=_rate,
        help="chat messages one seat (all its sockets) or one spectator address may send "
             "(a limits rate); beyond it rate-limited")] = "5/10 seconds",
    chat_keep: Annotated[int, typer.Option(
        min=1, metavar="N", envvar="KINGSCOURT_CHAT_KEEP",
        help="chat messages kept per table (the oldest are dropped)")] = 1000,
    redis: Annotated[str | None, typer.Option(
        metavar="URL", envvar="KINGSCOURT_REDIS",
        help="redis://HOST:PORT/DB: run as one of several processes sharing the PostgreSQL "
             "database and this Redis; default: alone")] = None,
) -> None:
    """Run the table server: lobby, live tables over WebSocket, statistics.

    It says that it listens only once it does: a bad setting, a database it cannot open or
    migrate, a port in use or a Redis that does not answer is one line on stderr instead
    (exit status 2 for a malformed or contradictory setting, 1 for the others)."""
    from .server import ServerConfig, resolve_db_url
    from .server.app import serve as run_server
    from .server.base.addresses import proxy_settings
    from .server.base.headers import host_settings
    from .server.base.startup import BadSetting, Names, StartupError

    names = Names(db=_given(ctx, "db", "--db", "KINGSCOURT_DB"),
                  redis=_given(ctx, "redis", "--redis", "KINGSCOURT_REDIS"))
    console = Console(soft_wrap=True)  # the banner is one line however wide the terminal
    try:
        config = ServerConfig(db_url=resolve_db_url(db), bot_delay=bot_delay,
                              ws_max_bytes=ws_max_bytes, http_max_bytes=http_max_bytes,
                              create_rate=create_rate,
                              max_open_tables=max_open_tables, tables_page=tables_page,
                              abandon_after=abandon_after,
                              sockets_per_token=sockets_per_token, max_spectators=max_spectators,
                              insecure_seeds=insecure_seeds, bot_workers=bot_workers,
                              min_turn_seconds=min_turn_seconds,
                              allowed_origins=tuple(allowed_origin or ()),
                              secure_cookies=secure_cookies,
                              trusted_proxies=proxy_settings(trusted_proxy or ()),
                              allowed_hosts=host_settings(allowed_host or ()),
                              login_rate=login_rate, login_address_rate=login_address_rate,
                              register_rate=register_rate,
                              analysis_rate=analysis_rate,
                              chat_rate=chat_rate, chat_keep=chat_keep,
                              redis_url=redis or None)
        run_server(config, host, port, names, say=lambda line: console.print(line, markup=False))
    except StartupError as e:
        raise _serve_refusal(str(e), 2 if isinstance(e, BadSetting) else 1) from None


@app.command("bot-worker")
def bot_worker(
    redis: Annotated[str, typer.Option(
        envvar="KINGSCOURT_REDIS",
        help="redis://HOST:PORT/DB: the Redis of the table servers (serve --redis)")],
    processes: Annotated[int | None, typer.Option(
        min=1, help="bot processes deciding at once; default: one per core")] = None,
) -> None:
    """Decide bot moves for table servers started with --redis: decisions come from a Redis
    queue and go back to each table's owner (bot capacity grows by adding workers)."""
    from .server.cluster.bots import run_worker

    Console().print(f"kingscourt bot worker on {redis.split('@')[-1]}")
    run_worker(redis, processes)


def main() -> None:
    app()
