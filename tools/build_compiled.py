"""Build the compiled core (see :mod:`kingscourt._compiled`): ``python -m tools.build_compiled``.

Compiles :data:`~kingscourt._compiled.MODULES` with mypyc into ``build/compiled/`` and writes
its manifest (the SHA-256 of every source, the interpreter's extension suffix, mypy's
version). Does nothing when the build there is current; says so and leaves the pure-Python
package in use when there is no C compiler or no mypyc. ``--force`` rebuilds anyway.

The build goes to a fresh folder that replaces the old one only once complete, so a failed or
interrupted build leaves no half-built core behind (the old one, if any, is stale by hash and
so unused).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from kingscourt._compiled import (
    BUILD,
    FORMAT,
    GROUP,
    MANIFEST,
    MODULES,
    REPO,
    module_name,
    source_hash,
    suffix,
)


def compiler() -> str | None:
    """The C compiler setuptools would call, if it is installed."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(cc[0]) if cc else None


def headers() -> bool:
    """Python's C headers (``Python.h``), which every extension is compiled against."""
    return (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def mypy_version() -> str | None:
    try:
        from mypy.version import __version__
    except ImportError:
        return None
    return str(__version__)


def current(version: str) -> bool:
    """The build in BUILD is of these sources, for this Python, by this mypy."""
    try:
        manifest = json.loads((BUILD / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    if manifest.get("format") != FORMAT or manifest.get("suffix") != suffix():
        return False
    if manifest.get("mypy") != version or sorted(manifest.get("modules", {})) != sorted(MODULES):
        return False
    for source, entry in manifest["modules"].items():
        if source_hash(REPO / source) != entry["sha256"]:
            return False
        if not (BUILD / entry["file"]).is_file():
            return False
    return bool((BUILD / manifest["group"]["file"]).is_file())


def build(version: str) -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution

    hashes = {source: source_hash(REPO / source) for source in MODULES}
    out = BUILD.with_name(BUILD.name + ".new")
    shutil.rmtree(out, ignore_errors=True)
    here = Path.cwd()
    os.chdir(REPO)  # mypy reads its settings from pyproject.toml here; paths are relative to it
    try:
        extensions = mypycify(list(MODULES), target_dir="build/mypyc", group_name=GROUP,
                              opt_level="3", debug_level="0")
        dist: Any = Distribution({"name": "kingscourt-compiled", "ext_modules": extensions})
        cmd: Any = dist.get_command_obj("build_ext")
        cmd.build_lib = str(out)
        cmd.build_temp = str(REPO / "build" / "temp")
        cmd.inplace = False
        dist.run_command("build_ext")
        files = {ext.name: cmd.get_ext_filename(ext.name) for ext in extensions}
    finally:
        os.chdir(here)
    shared = GROUP + "__mypyc"
    manifest = {
        "format": FORMAT,
        "suffix": suffix(),
        "mypy": version,
        "python": sys.version.split()[0],
        "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "group": {"module": shared, "file": files[shared]},
        "modules": {s: {"sha256": hashes[s], "file": files[module_name(s)]} for s in MODULES},
    }
    for source, digest in hashes.items():  # edited during the build: this build is stale already
        if source_hash(REPO / source) != digest:
            raise SystemExit(f"{source} changed during the build: run it again")
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    old = BUILD.with_name(BUILD.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if BUILD.exists():
        BUILD.rename(old)
    out.rename(BUILD)
    shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--force", action="store_true", help="rebuild even when current")
    ap.add_argument("--can-build", action="store_true",
                    help="only say by the exit status whether it can be built here (0: yes)")
    args = ap.parse_args(argv)
    version = mypy_version()
    missing = ("no C compiler" if compiler() is None
               else "no Python headers (Python.h)" if not headers()
               else "mypyc (part of mypy) is not installed" if version is None else None)
    if args.can_build:
        return 0 if missing is None else 1
    if missing is not None or version is None:
        print(f"compiled core: {missing}, the pure-Python package is used")
        return 0
    if not args.force and current(version):
        print(f"compiled core: up to date ({BUILD.relative_to(REPO)})")
        return 0
    start = time.perf_counter()
    print(f"compiled core: building {len(MODULES)} modules with mypyc {version} ...", flush=True)
    build(version)
    print(f"compiled core: built in {time.perf_counter() - start:.0f} s ({BUILD.relative_to(REPO)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
