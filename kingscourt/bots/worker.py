"""The bot worker: a process of its own that decides from views (the table server's pool).

It imports the engine, the games and the bots, nothing of the server. It reads JSON messages
from ``jobs`` and answers each decision on ``results``:

- ``{"job": n, "table": id, "seat": s, "game": name, "rules": {...}, "level": l, "seed": k,
  "view": {...}}`` -> ``{"job": n, "pid": p, "choice": text}``, or ``"cancelled": true`` when a
  ``{"cancel": n}`` arrived during the search (the search stopped there), or ``"error"``.
- end of input (the server closed the pipe or died): the worker exits.

A decision only ever sees a view and the bot's spec, never a State. Bots are kept per
(table, seat, level), the most recently used ones, so a seat's bot is built once and its RNG
runs on from move to move. While a bot searches, ``should_stop`` polls ``jobs`` for a cancel.
The worker runs at a lower CPU priority than the server, so the event loop wins the processor.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Any

from ..engine import Game, load_game
from . import Bot, load
from .base import Cancelled, ViewBot

#: bots kept (per table, seat and level); the least recently used beyond that are dropped
CACHE = 512
#: niceness added to the worker (Unix): bots think with what the event loop leaves over
NICE = 10


class Worker:
    def __init__(self, jobs: Connection, results: Connection) -> None:
        self.jobs = jobs
        self.results = results
        self.pid = os.getpid()
        self.games: dict[str, Game] = {}
        self.bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()
        self.job = 0
        self.called_off = False

    def bot(self, msg: dict[str, Any]) -> Bot:
        key = (str(msg["table"]), int(msg["seat"]), str(msg["level"]))
        bot = self.bots.get(key)
        if bot is not None:
            self.bots.move_to_end(key)
            return bot
        rules = json.dumps(msg["rules"], sort_keys=True)
        game = self.games.get(msg["game"] + rules)
        if game is None:
            game = self.games[msg["game"] + rules] = load_game(msg["game"], **msg["rules"])
        try:
            bot = load(key[2], game, seed=msg["seed"])
        except ValueError:  # no bot of that level for this game: the random one
            bot = load("random", game, seed=msg["seed"])
        if isinstance(bot, ViewBot):
            bot.should_stop = self.should_stop
        self.bots[key] = bot
        while len(self.bots) > CACHE:
            self.bots.popitem(last=False)
        return bot

    def should_stop(self) -> bool:
        """Has the present decision been called off? (A message waiting on ``jobs`` during a
        decision can only be a cancel: the server sends a job to an idle worker alone.)"""
        while not self.called_off and self.jobs.poll():
            try:
                msg = json.loads(self.jobs.recv_bytes())
            except EOFError:  # the server is gone: nobody waits for this decision
                self.called_off = True
                break
            if msg.get("cancel") == self.job:
                self.called_off = True
        return self.called_off

    def decide(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.job, self.called_off = int(msg["job"]), False
        out: dict[str, Any] = {"job": self.job, "pid": self.pid}
        start = time.perf_counter()
        try:
            out["choice"] = self.bot(msg).choose(msg["view"])
        except Cancelled:
            out["cancelled"] = True
        except Exception as e:  # a bot's bug must not take the worker down; the server logs it
            out["error"] = f"{type(e).__name__}: {e}"
        out["seconds"] = time.perf_counter() - start
        return out

    def serve(self) -> None:
        while True:
            try:
                msg = json.loads(self.jobs.recv_bytes())
            except (EOFError, OSError):
                return
            if "cancel" in msg:  # for a decision already answered
                continue
            self.results.send_bytes(json.dumps(self.decide(msg)).encode())


def main(jobs: Connection, results: Connection) -> None:
    """The worker process's entry point (``multiprocessing``, start method ``spawn``)."""
    # Ctrl-C at the server's terminal reaches the whole process group: the server shuts the
    # pool down itself, and a worker left alone ends when its pipe closes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICE)
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the server went away
        Worker(jobs, results).serve()
