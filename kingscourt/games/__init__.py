"""The games, and the registry of their manifests: one line per game, its name and its
``"module:attribute"`` (:class:`~kingscourt.engine.manifest.GameSpec`). Adding a game is its
folder and one line here; nothing else in the package names a game."""

from __future__ import annotations

from typing import Final

MANIFESTS: Final[dict[str, str]] = {
    "king": "kingscourt.games.king.manifest:SPEC",
    "kukakoenig": "kingscourt.games.kukakoenig.manifest:SPEC",
    "uchokrola": "kingscourt.games.uchokrola.manifest:SPEC",
}
