"""The compiled core: mypyc builds of the hot modules, used only when present, current and allowed.

``make`` runs ``python -m tools.build_compiled``, which compiles :data:`MODULES` with mypyc
(when a C compiler and mypyc are there) into ``build/compiled/`` beside the package, with a
``manifest.json`` naming each module's extension file and the SHA-256 of the source it was built
from, the interpreter's extension suffix and mypy's version. The sources stay the package: the
build is an accelerator beside them, never a second copy to keep in step by hand.

When ``kingscourt`` is imported, :func:`install` puts a finder first on ``sys.meta_path`` that
loads those extension modules in place of the ``.py`` files, but only when

- ``KINGSCOURT_PURE`` is unset, empty or ``0`` (``KINGSCOURT_PURE=1`` forces the pure package),
- the manifest exists and lists exactly :data:`MODULES`, built for this interpreter, and
- every source still hashes as it did at build time.

Otherwise the pure-Python modules load, as in a checkout without a C compiler: a build that is
stale (a source edited since, another Python) is never used. :data:`ACTIVE` says which one runs
and :data:`REASON` why.

The modules are compiled as one group (``kingscourt._core__mypyc`` holds their code; each
module's own extension is a thin shim over it), so they are used all together or not at all.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules compiled, as source paths under the repository root: King's state and what its
#: hot path calls, the world sampler and view the bots use, King's search rollout, and the
#: King bots' deal simulator and endgame solver.
MODULES: tuple[str, ...] = (
    "kingscourt/games/king/cards.py",
    "kingscourt/games/king/notation.py",
    "kingscourt/games/king/refusals.py",
    "kingscourt/games/king/state.py",
    "kingscourt/games/king/view.py",
    "kingscourt/games/king/world.py",
    "kingscourt/engine/dealing.py",
    "kingscourt/games/king/bots/search.py",
    "kingscourt/games/king/bots/sim.py",
    "kingscourt/games/king/bots/solver.py",
)
#: mypyc's group: the extension that holds the code of every module above.
GROUP = "kingscourt._core"
ENV = "KINGSCOURT_PURE"

REPO = Path(__file__).resolve().parent.parent
BUILD = REPO / "build" / "compiled"
MANIFEST = "manifest.json"
FORMAT = 1


def module_name(source: str) -> str:
    """``kingscourt/games/king/state.py`` -> ``kingscourt.games.king.state``."""
    return source.removesuffix(".py").replace("/", ".")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def suffix() -> str:
    """The extension-module suffix of this interpreter (``.cpython-311-x86_64-linux-gnu.so``)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def plan(build: Path = BUILD, repo: Path = REPO, modules: Sequence[str] = MODULES,
         env: str | None = None) -> tuple[dict[str, Path] | None, str]:
    """(module name -> extension file to load, or ``None``; why). ``None`` means pure Python."""
    if env is None:
        env = os.environ.get(ENV, "")
    if env not in ("", "0"):
        return None, f"{ENV}={env}: the pure-Python package is used"
    try:
        manifest = json.loads((build / MANIFEST).read_text())
    except FileNotFoundError:
        return None, "not built (make builds it where a C compiler is present)"
    except (OSError, ValueError) as e:
        return None, f"unreadable manifest {build / MANIFEST}: {e}"
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return None, "the build is of another format: run make"
    if manifest.get("suffix") != suffix():
        return None, f"built for another Python ({manifest.get('suffix')}): run make"
    built: dict[str, dict[str, str]] = manifest.get("modules", {})
    if sorted(built) != sorted(modules):
        return None, "built from another list of modules: run make"
    paths: dict[str, Path] = {}
    for source in modules:
        entry = built[source]
        try:
            current = source_hash(repo / source)
        except OSError:
            return None, f"{source} is missing"
        if current != entry["sha256"]:
            return None, f"stale: {source} changed since the build (run make)"
        paths[module_name(source)] = build / entry["file"]
    group = manifest.get("group", {})
    paths[group.get("module", "")] = build / group.get("file", "")
    missing = [str(p) for p in paths.values() if not p.is_file()]
    if missing:
        return None, f"incomplete build, missing {', '.join(missing)}: run make"
    return paths, f"compiled ({len(modules)} modules, {build})"


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of the build (and nothing else)."""

    def __init__(self, paths: dict[str, Path]) -> None:
        self.paths = paths

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        so = self.paths.get(fullname)
        if so is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(so))
        return importlib.util.spec_from_file_location(fullname, so, loader=loader)


ACTIVE = False
REASON = "not installed"


def install() -> None:
    """Put the finder in place (once) when the build is current; see the module's docstring."""
    global ACTIVE, REASON
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return
    paths, REASON = plan()
    if paths is None:
        return
    already = [m for m in paths if m in sys.modules]
    if already:  # imported as Python before this ran: mixing the two is not safe
        REASON = f"pure: {', '.join(already)} already imported"
        return
    sys.meta_path.insert(0, CompiledFinder(paths))
    ACTIVE = True
