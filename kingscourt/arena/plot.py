"""A bar chart of mean score per bot with 95% confidence intervals (matplotlib)."""

from __future__ import annotations

from pathlib import Path

from .duplicate import ArenaResult, rotations


def plot(result: ArenaResult, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    names = [r.bot for r in result.results]
    means = [r.mean for r in result.results]
    errs = [r.ci95 if r.ci95 != float("inf") else 0 for r in result.results]
    ax.bar(names, means, yerr=errs, capsize=6, color="#7a5c99")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_ylabel("mean score per game (95% CI)")
    ax.set_title(f"{result.game}: {result.deals} duplicate games × {len(rotations(result.bots))} "
                 "rotations")
    for i, r in enumerate(result.results):
        ax.annotate(f"win {r.win_rate:.0%}", (i, r.mean), textcoords="offset points",
                    xytext=(0, 8 if r.mean >= 0 else -14), ha="center", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
