"""The bottom of the server: what every request and every other part uses.

- :mod:`.config` (``ServerConfig``: database URL, bot pacing, limits),
- :mod:`.startup` (``StartupError``, ``BadSetting``: settings refused before serving),
- :mod:`.limiting` (the rate limiter), :mod:`.addresses` (the client's address, forwarded
  headers only from ``--trusted-proxy``), :mod:`.headers` (security headers, ``--allowed-host``),
- :mod:`.wire` (the WebSocket messages and error codes) and :mod:`.lobby_models` (the REST
  messages), :mod:`.names` (what a shown name may hold): the vocabulary the other parts speak.

May import: the rest of ``kingscourt`` (engine, games, bots, i18n) and nothing else of the
server. Everything else in the server may import it.
"""
