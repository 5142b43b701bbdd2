"""The REST and WebSocket routes of the tables: :mod:`.lobby` (create, list, take and leave
seats), :mod:`.play` (the WebSocket), :mod:`.history` (records, replays, reviews),
:mod:`.rematch`, :mod:`.protocol` (the WebSocket protocol as a JSON Schema),
:mod:`.catalogue` and :mod:`.web_catalogue` (the games and their catalogues), :mod:`.links`
(the OpenAPI links of a created table).

May import: ``accounts``, ``live``, ``store``, ``text``, ``base``. Not ``cluster``: the app
hands services in through ``request.app.state``.
"""
