"""The bot worker: a process of its own that decides from views (the table server's pool).

``python -m kingscourt.bots.worker`` imports the engine, the games and the bots, nothing of
the server. It reads one JSON message a line on its standard input and answers each decision
with one line on its standard output:

- ``{"job": n, "table": id, "seat": s, "game": name, "rules": {...}, "level": l, "seed": k,
  "view": {...}}`` -> ``{"job": n, "pid": p, "choice": text, "seconds": t}``; instead of the
  choice ``"cancelled": true`` when ``{"cancel": n}`` arrived during the search (the search
  stopped there), or ``"error"`` when the bot raised.
- the same with ``"analyse": true`` -> ``{"job": n, "pid": p, "analysis": {...}, "seconds": t}``:
  a fresh bot of the level (seeded with ``seed``) reviews the decision
  (:class:`kingscourt.bots.analysis.Analyst`; ``"error"`` when the bot has no analysis).
- the end of its input (the server closed the pipe, or died): the search in progress stops and
  the worker exits.

A decision only ever sees a view and the bot's spec, never a State. Bots are kept per
(table, seat, level), the most recently used ones, so a seat's bot is built once and its RNG
runs on from move to move. A thread reads the input while the bot searches, so a cancel is
seen at the search's next check (:attr:`kingscourt.bots.base.ViewBot.should_stop`). The worker
runs at a lower CPU priority than the server, so the event loop wins the processor.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import queue
import signal
import sys
import threading
import time
from collections import OrderedDict
from typing import IO, Any

from ..engine import Game, load_game, specs
from . import Bot, load, load_for_people
from .analysis import Analyst
from .base import Cancelled, ViewBot

#: bots kept (per table, seat and level); the least recently used beyond that are dropped
CACHE = 512
#: niceness added to the worker (Unix): bots think with what the event loop leaves over
NICE = 10


class Worker:
    def __init__(self, jobs: IO[bytes], results: IO[bytes]) -> None:
        self.jobs = jobs
        self.results = results
        self.pid = os.getpid()
        self.games: dict[str, Game] = {}
        self.bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.job = 0
        self.called_off: int | None = None  # the job called off (None: none)
        self.ended = False  # the input ended: nobody waits for any decision

    def read(self) -> None:
        """The reader thread: decisions go to the inbox, a cancel is noted at once."""
        for line in self.jobs:
            msg = json.loads(line)
            if "cancel" in msg:
                self.called_off = int(msg["cancel"])
            else:
                self.inbox.put(msg)
        self.ended = True
        self.inbox.put(None)

    def should_stop(self) -> bool:
        return self.ended or self.called_off == self.job

    def game(self, msg: dict[str, Any]) -> Game:
        rules = msg["game"] + json.dumps(msg["rules"], sort_keys=True)
        game = self.games.get(rules)
        if game is None:
            game = self.games[rules] = load_game(msg["game"], **msg["rules"])
        return game

    def analysis(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A review by a fresh bot (so the same decision gets the same review)."""
        game = self.game(msg)
        bot = load(str(msg["level"]), game, seed=msg["seed"])
        if not isinstance(bot, Analyst):
            raise TypeError(f"the {msg['level']} bot of {game.name} gives no analysis")
        if isinstance(bot, ViewBot):
            bot.should_stop = self.should_stop
        return bot.analyse(msg["view"]).to_json()

    def bot(self, msg: dict[str, Any]) -> Bot:
        key = (str(msg["table"]), int(msg["seat"]), str(msg["level"]))
        bot = self.bots.get(key)
        if bot is not None:
            self.bots.move_to_end(key)
            return bot
        game = self.game(msg)
        try:
            bot = load_for_people(key[2], game, seed=msg["seed"])
        except ValueError:  # no bot of that level for this game: the random one
            bot = load("random", game, seed=msg["seed"])
        if isinstance(bot, ViewBot):
            bot.should_stop = self.should_stop
        self.bots[key] = bot
        while len(self.bots) > CACHE:
            self.bots.popitem(last=False)
        return bot

    def decide(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.job = int(msg["job"])
        out: dict[str, Any] = {"job": self.job, "pid": self.pid}
        start = time.perf_counter()
        try:
            if msg.get("analyse"):
                out["analysis"] = self.analysis(msg)
            else:
                out["choice"] = self.bot(msg).choose(msg["view"])
        except Cancelled:
            out["cancelled"] = True
        except Exception as e:  # a bot's bug must not take the worker down; the server logs it
            out["error"] = f"{type(e).__name__}: {e}"
        out["seconds"] = time.perf_counter() - start
        return out

    def serve(self) -> None:
        threading.Thread(target=self.read, name="kingscourt-bot-inbox", daemon=True).start()
        while (msg := self.inbox.get()) is not None:
            answer = self.decide(msg)
            if self.ended:
                return
            self.results.write(json.dumps(answer).encode() + b"\n")
            self.results.flush()


def warm_up() -> None:
    """Import every game and bot module before the first decision: a search can be called off
    only once it runs, so no decision should wait on imports (at nice 10 on a busy machine they
    can take seconds)."""
    for game in specs():
        load_game(game.name)
        for target in (*game.bots.levels.values(), game.bots.search_spec):
            if target and ":" in target:  # not a retired level's stand-in
                importlib.import_module(target.split(":")[0])


def main() -> None:
    # Ctrl-C at the server's terminal reaches the whole process group: the server shuts the
    # pool down itself, and a worker left alone ends with its input
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICE)
    # the answers own the standard output; anything a bot prints goes to the standard error
    results = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    warm_up()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the server went away
        Worker(sys.stdin.buffer, results).serve()


if __name__ == "__main__":
    main()
