"""What can stop the server from starting, said in one line.

A :class:`StartupError` names the bad setting and how to fix it; ``kingscourt serve`` prints
its message alone (no traceback) and exits non-zero, before it says that it listens.
"""

from __future__ import annotations


class StartupError(Exception):
    """A setting or a database the server cannot start with: the message is one line that
    names it and says how to fix it."""
