"""The REST and WebSocket routes of the tables: :mod:`.lobby` (create, list, take and leave
seats), :mod:`.play` (the WebSocket), :mod:`.history` (records, replays, reviews),
:mod:`.rematch`, :mod:`.protocol` (the WebSocket protocol as a JSON Schema),
:mod:`.catalogue` and :mod:`.web_catalogue` (the games and their catalogues), :mod:`.links`
(the OpenAPI links of a created table), :mod:`.bot_pool` (where the bots think).

May import every layer below it: ``accounts``, ``live``, ``text``, ``store``, ``base`` (it
needs nothing of ``cluster``). Services come in as typed dependencies
(:mod:`kingscourt.server.live.deps`), never from module globals.
"""
