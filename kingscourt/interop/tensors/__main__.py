"""``python -m kingscourt.interop.tensors``: the Markdown tables of every layout (the body of
``docs/tensors.md``'s tables), for the default rules and the bundled card files."""

from __future__ import annotations

import kingscourt
from kingscourt.engine import specs

from . import encoder


def tables() -> str:
    out = []
    for game in specs():
        if not game.tensors:
            continue
        title = game.title
        enc = encoder(kingscourt.load_game(game.name))
        same = enc.information_state_layout is enc.observation_layout
        out.append(f"### {title}: observation"
                   + (" (= information state)" if same else "")
                   + f"\n\n{enc.observation_layout.table()}\n")
        if not same:
            out.append(f"### {title}: information state\n\n"
                       f"{enc.information_state_layout.table()}\n")
    return "\n".join(out)


if __name__ == "__main__":
    print(tables(), end="")
