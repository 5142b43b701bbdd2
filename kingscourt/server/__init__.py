"""The table server: lobby (REST), live play (WebSocket), persistence and statistics.

``kingscourt serve`` runs :func:`create_app` under uvicorn. The layout, top to bottom (each
part imports only the ones below it; ``lint-imports`` checks the contract in pyproject.toml):

- :mod:`.app` (``create_app``) wires everything: it builds the services in its lifespan,
  keeps them in ``app.state`` and, with ``--redis``, hands the cluster's coordinator to the
  hub. Routes take the services as typed dependencies (``hub: HubDep``,
  :mod:`.live.deps`); no module holds a service in a global.
- :mod:`.api`: the tables' routes (lobby, WebSocket play, history, rematch, catalogues, the
  protocol's schema, the bot pool).
- :mod:`.cluster` (beside :mod:`.api`: neither imports the other): several processes on one
  database and one Redis (leases, relay, presence, bot workers); it implements the
  :class:`~.live.coordinator.Coordinator` protocol that :mod:`.live` defines, and
  :mod:`.live` never imports it.
- :mod:`.accounts`: credentials, sessions, accounts, profile, leaderboards, friends, the
  ``Origin`` check (its routes read the live tables).
- :mod:`.live`: the hub, the table pipeline, bots and turn timers, limits, abandoned tables,
  chat, replays and reviews.
- :mod:`.text` (localisation at the edge) and :mod:`.store` (ORM, store, migrations,
  ratings, the database prepared before serving), side by side and independent.
- :mod:`.base`: configuration, start-up refusals, rate limiting, client addresses, security
  headers, names, and the messages (:mod:`.base.wire`, :mod:`.base.lobby_models`).

Decisions:

- **The record is the truth.** A table's state is never stored: the database holds its header
  (game, rules, players, seed, setup), its seats and the append-only ``actions`` rows, one per
  action keyed by (table, version). On start every open table is rebuilt by replaying its rows
  and its bots resume; after ``kill -9`` the game goes on at the same version, because an
  action is committed before anyone is told of it (apply on a copy, commit, then swap in and
  broadcast). SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed action survives
  a killed process (a power cut may lose the last ones). Migrations are applied on every start.
- **Versions.** ``version`` = the number of stored actions. An action must answer a version
  from the one at which the seat's present decision opened up to the current one; in sequential
  play that is the current version. In Ku-Ka-König every picking seat may answer the version at
  which the call began: one seat's pick does not make the others stale, and the others only
  learn *that* it picked (never which row) until the reveal.
- **Secrets.** A token belongs to the person who took a seat: issued when they take it (or
  join with the seat's invitation, a credential that only joins), revoked when they leave
  (their sockets are closed, 4401); the next occupant gets a new one. Only SHA-256 hashes of
  tokens and invitations are stored; neither appears in public information. A game's record
  (which holds the seed, so every hidden card) is published only once the game is over; a
  client may fix the seed only at a practice table: one human seat, named at creation, with no
  invitation and no open seat (its person leaving hands it to nobody), marked ``seeded`` in
  its information, record and replay; bots draw their seeds from ``secrets``.
- **Seats are atomic.** Take, join and leave run under the table's lock and change the seat
  row only where it is still as seen (``UPDATE ... WHERE taken = false``, the row count
  checked), so of several processes or clients one wins and the others get 409.
- **Connections are bounded:** ``sockets_per_token`` (4; a fifth closes the oldest, 4409)
  and ``max_spectators`` per table (200; then ``table-full``, 4429). Only a change of a
  seat's ``connected`` is broadcast, so a connect or disconnect sends each connection at most
  one message.
- **Errors** use the wire's stable codes (:data:`.base.wire.ErrorCode`, docs/protocol.md); two came later:
  ``no-table`` (on connecting to an unknown table) and ``not-stored`` (the database refused the
  action; nothing changed). A malformed action text is ``illegal-action`` with rule
  ``malformed-action``; a spectator acting, or a token acting for another seat, is ``bad-token``.
- **Statistics** are written with the game's last action: one ``player_results`` row per named
  seat (accounts by their name, bots as ``Bot (level)``, guests kept as ``guest`` rows that
  nothing counts): score, win, Kings made, King points; ratings in the same transaction.
  **King points** are :func:`kingscourt.games.king.ranking.king_points`, not redefined here:
  per finished King game, 1 point for every other seat outscored (½ for a tie) plus 1 for
  every King made; the leaderboard sums them over a player's King games.
"""

from __future__ import annotations

from .app import create_app
from .base.config import ServerConfig, default_db_url, resolve_db_url

__all__ = ["ServerConfig", "create_app", "default_db_url", "resolve_db_url"]
