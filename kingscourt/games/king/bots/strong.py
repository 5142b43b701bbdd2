"""The ``strong`` and ``expert`` King bots: every decision valued by the seat's margin (its
points minus the mean of the others'), over worlds sampled from its view.

Choosing a contract: each open contract is played out in sampled worlds (the other hands
drawn as ``game.sample_world`` draws them, by :class:`.worlds.Worlds`), every seat
playing the basic policy (:func:`.sim.play_out`); its value is the chooser's mean margin
in the deal, mapped to what the bot's own, better play makes of such a hand
(:func:`.costs.own_margin`), less what the seat makes on defence when another seat plays
that penalty contract (every penalty contract is played twice a game, so naming one takes a
deal away from the others: :func:`.costs.defence`), less the contract's opportunity cost,
what the
seat's remaining turns are expected to lose by not having it any more (:mod:`.costs`,
tables built by simulation). So trump is kept for a hand that makes many tricks, a penalty
contract that suits the hand is not left for the end with a hand that cannot bear it, and a
contract the seat does well against anyway (Son İki) is left to the others.

Playing a card: determinised Monte Carlo (PIMC): in each sampled world, every distinct legal
card (:meth:`.sim.Deal.distinct`) is played and the deal finished by the basic policy in
every seat, or, for the last :data:`SOLVE_TRICKS` tricks, solved exactly by max-n
(:mod:`.solver`); a card's value is its mean margin at the end of the deal. The worlds
are inferred, not drawn uniformly, once anything of the deal is known beyond the seat's own
hand: Metropolis chains over swaps of hidden cards (:meth:`KingStrongBot._chained`, ``chain``
likelihoods a decision, each computed by the compiled :class:`.sim.WorldFit`) draw them in
proportion to how likely each makes what the view shows, every other seat's card (the basic
policy's: 1 − ε; another legal card: ε shared out) and the chooser's contract (a softmax over
the basic bot's estimates for the chooser's hand).
Each seat's ε is unknown and integrated out (a Beta prior, mean :data:`EPSILON`): a world in
which a seat's plays are mostly the basic policy's reads that seat closely, a seat whose
plays no world makes basic (a search bot, a person: in one game the 2026 strong bot played
the basic card in 158 of its 396 choices that had an alternative) barely constrains the
worlds. With one ε = 0.1 for every seat the margin over the 2026 strong bot fell from +321
(uniform worlds) to +97 a game (16 games), while against the basic bot it rose by about +80 a
game (games 16–31); with ε integrated out it is +308 over the same 16 games, and +1,084 over
the basic bot (games 16–47). Basic-policy rollouts beat random ones: +1,075 against +634 over
the basic bot (games 16–31). ``chain=0`` draws uniformly (optionally importance-weighted by
the same likelihood, ``weighted=True``, which does not help: a few worlds take all the
weight). ``net_prior=N`` adds the learned network's card values (:mod:`.learned`, distilled from
this search) as a prior worth N worlds of the search. Where people play N = 64: +174.8 a game
over the same work budget without it (95% interval [+87.0, +262.6], 32 duplicate games two
seats against two; +165.0 on the 16 not used to pick N), for about 8 ms more a card.
``cost_table=PATH`` reads the contract cost tables (:mod:`.costs`) from another file than the
committed one: a refit is measured against them before it replaces them.
``net_likelihood=β`` reweighs the chained worlds by the learned network's likelihood of the
other seats' plays over the basic policy's, to the power β (:mod:`.likelihood`): −77.5 a game
with β = 1 ([−171.5, +16.5], 16 games), so not where people play. ``rollout="learned"`` plays the
card search's playouts by a linear policy distilled from the network (:func:`.sim.learned_card`,
weights in :data:`ROLLOUT_WEIGHTS`) instead of the basic policy: +125.4 a game over basic
playouts ([+57.7, +193.0], 64 duplicate games, both with the network prior), so where people
play it does. A contract choice keeps the basic policy's playouts, which the cost tables map to
the bot's own play.

Budgets: ``iterations`` (deterministic with a seed) counts playouts per card; a contract
choice plays out ``choice_worlds`` worlds per open contract. ``seconds`` and
``choice_seconds`` alone are a time budget: the search runs until the clock says stop. Given
with a work budget they are only its wall-time limits, which cut it (``last_cut``); where
people play the strong bot has a work budget, so its strength does not depend on the load.
Under a wall-time limit the clock is read on every try of every loop and the search stops at
:data:`HEADROOM` of it. The bot receives views only; every state it plays is a sampled
world.
"""

from __future__ import annotations

import json
import math
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....bots.analysis import Analysis
from ....bots.base import ViewBot
from ....engine import JSON, Game
from ..cards import CARD_OF_TEXT, CARD_TEXT, parse_hand
from ..contracts import CONTRACT_OF_ID, PENALTY_CONTRACTS, Contract
from ..game import KingGame
from . import costs as king_costs
from .sim import (
    N_FEATURES,
    TRUMP,
    ChoiceModel,
    Deal,
    WorldFit,
    margins,
    play_out,
    play_outs,
    policies,
)
from .solver import best_cards
from .worlds import Worlds

if TYPE_CHECKING:
    from .learned import Network
    from .likelihood import PlayLikelihood

#: tricks left (the open one included) from which a card is valued by the exact solver
SOLVE_TRICKS = 3
#: playouts an exact solve of one world counts for, per card (it takes about as long)
EXACT_COST = 8
#: playouts per card decision when no budget is given
DEFAULT_ITERATIONS = 800
#: worlds per contract choice when no budget is given (the time budget where people play,
#: 0.8 s, plays out thousands: this deterministic stand-in costs about 0.1 s a choice)
DEFAULT_CHOICE_WORLDS = 600
#: worlds drawn per card decision at most under an iteration budget (a time budget draws as
#: many as its time allows)
MAX_WORLDS = 400
#: the likelihood's prior on each seat's chance of playing another card than the basic
#: policy's (its mean and its weight in plays: a Beta(0.5, 4.5))
EPSILON = 0.1
PRIOR_WEIGHT = 5.0
#: likelihoods computed per card decision by the world chains (0: uniform worlds)
CHAIN_STEPS = 1200
CHAINS = 4
#: under a time budget: the share of it the world chains take, and the steps each chain
#: takes before it keeps worlds
CHAIN_TIME = 0.75
BURN_IN = 24
#: the share of a wall-time limit the search may take (the rest is room for a busy machine
#: that pauses the process between two looks at the clock)
HEADROOM = 0.9

_PENALTY_KINDS = tuple(int(c) for c in PENALTY_CONTRACTS)
#: the learned rollout policy's weights (``rollout="learned"``), fitted by ``tools/king_rollout.py``
ROLLOUT_WEIGHTS = Path(__file__).resolve().parent / "data" / "king_rollout.json"


def rollout_weights(path: Path = ROLLOUT_WEIGHTS) -> list[float]:
    """The learned rollout policy's weights, contract kind by kind (:func:`.sim.learned_card`)."""
    rows = json.loads(path.read_text())["weights"]
    if len(rows) != len(Contract) or any(len(r) != N_FEATURES for r in rows):
        raise ValueError(f"{path}: {len(Contract)} rows of {N_FEATURES} weights expected")
    return [float(x) for row in rows for x in row]


def _option(action: str) -> tuple[int, int]:
    """``choose kiz-almaz`` -> (kind, -1); ``choose trump H`` -> (TRUMP, 1)."""
    words = action.split()
    if words[1] == "trump":
        return TRUMP, "SHDC".index(words[2])
    return int(CONTRACT_OF_ID[words[1]]), -1


class KingStrongBot(ViewBot):
    """Margin-valued PIMC play and simulated contract choice with opportunity costs."""

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, choice_seconds: float | None = None,
                 choice_worlds: int | None = None, solve_tricks: int = SOLVE_TRICKS,
                 weighted: bool = False, costs: bool = True, method: str = "pimc",
                 exploration: float = 0.6, chain: int = CHAIN_STEPS, epsilon: float = EPSILON,
                 prior: float = PRIOR_WEIGHT, net_prior: float = 0.0,
                 cost_table: str | None = None, net_likelihood: float = 0.0,
                 rollout: str = "basic", **_: Any) -> None:
        if game.name != "king":
            raise ValueError(f"the King strong bot plays King, not {game.name}")
        super().__init__(game, seed)
        assert isinstance(game, KingGame)
        self.king = game
        timed = seconds is not None or choice_seconds is not None
        self.iterations = iterations if iterations is not None else (
            10**9 if timed else DEFAULT_ITERATIONS)
        self.choice_worlds = choice_worlds if choice_worlds is not None else (
            10**9 if timed and iterations is None else
            max(16, self.iterations // 8) if iterations is not None else DEFAULT_CHOICE_WORLDS)
        self.seconds = seconds
        #: a time budget alone (no work budget): the search runs until the clock says stop;
        #: with a work budget too, the times are only the wall-time limits that cut it
        self.by_time = timed and iterations is None
        self.max_worlds = 10**9 if self.by_time and seconds is not None else MAX_WORLDS
        self.choice_seconds = choice_seconds if choice_seconds is not None else (
            None if seconds is None else min(1.0, 4 * seconds))
        self.solve_tricks = solve_tricks
        self.weighted = bool(weighted)
        if not 0 < epsilon < 1:
            raise ValueError(f"epsilon: a chance between 0 and 1, not {epsilon!r}")
        if not prior > 0:
            raise ValueError(f"prior: a positive weight, not {prior!r}")
        self.chain = max(0, int(chain))
        #: worlds the learned network's card values weigh against the simulated ones (0: none)
        self.net_prior = float(net_prior)
        self._net: Network | None = None
        #: the power of the learned network's likelihood of the plays over the basic
        #: policy's by which the chained worlds are reweighed (0: not reweighed)
        self.net_likelihood = float(net_likelihood)
        if self.net_likelihood < 0:
            raise ValueError(f"net_likelihood: a power of 0 or more, not {net_likelihood!r}")
        self._plays: tuple[JSON, PlayLikelihood] | None = None
        if rollout not in ("basic", "learned"):
            raise ValueError(f"rollout: basic or learned, not {rollout!r}")
        #: the card search's playouts: the basic policy's, or the learned linear policy's
        #: weights (a contract choice plays the basic policy: the cost tables are fitted so)
        self.rollout = policies(rollout_weights()) if rollout == "learned" else None
        #: the effective number of worlds of the last reweighing (their weights' (Σw)²/Σw²)
        self.last_effective = 0.0
        # each seat's error rate ~ Beta(prior_miss, prior_keep): mean epsilon, weight prior
        self.prior_miss, self.prior_keep = epsilon * prior, (1 - epsilon) * prior
        self._fit_view: JSON | None = None
        self._world_fit: WorldFit | None = None
        self.costs = bool(costs)
        #: the contract cost tables: the committed ones, or another file's
        self.tables = king_costs.read(Path(cost_table) if cost_table else king_costs.DATA)
        if method not in ("pimc", "ismcts"):
            raise ValueError(f"method: pimc or ismcts, not {method!r}")
        self.method = method
        self.exploration = exploration
        self.rules = game.rules
        self.last_iterations = 0
        self._start = 0.0
        #: whether the last decision was cut by its wall-time limit before its work budget
        #: was done (never under a time budget alone, which always ends by the clock)
        self.last_cut = False

    # ------------------------------------------------------------------ the interface
    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        return self._decide(view)[0]

    def analyse(self, view: JSON) -> Analysis:
        """Every legal action with its value for the deciding seat in points, best first: for a
        card the expected margin at the end of the deal; for a contract the margin its own play
        is expected to make of the deal, less its defence value and opportunity cost.
        ``preferred`` is :meth:`choose`'s."""
        self.legal_of(view)
        preferred, values = self._decide(view)
        ordered = sorted(values.items(), key=lambda av: -av[1])
        return Analysis(preferred, tuple(ordered))

    def _decide(self, view: JSON) -> tuple[str, dict[str, float]]:
        self._start = time.perf_counter()
        rng = random.Random(self.rng.getrandbits(64))
        self.last_cut = False
        self._worlds = Worlds(self.king, view)
        if view["phase"] == "choose":
            return self._choose_contract(view, rng)
        return self._play_card(view, rng)

    def _deadline(self, limit: float | None) -> float | None:
        """When the search stops under the wall-time limit ``limit`` (counted from the start of
        the decision): at :data:`HEADROOM` of it, so that a process the machine pauses for a
        moment still answers within the limit."""
        return None if not limit else self._start + HEADROOM * limit

    def _hands(self, view: JSON, rng: random.Random) -> list[int]:
        """One world's four hands, drawn as ``game.sample_world`` draws them (uniformly among
        the deals consistent with the view) by the decision's :class:`.worlds.Worlds`,
        about ten times faster."""
        return self._worlds.draw(rng)

    # ------------------------------------------------------------------ choosing
    def _choose_contract(self, view: JSON, rng: random.Random) -> tuple[str, dict[str, float]]:
        legal: list[str] = view["legal"]
        seat: int = view["seat"]
        options = [_option(a) for a in legal]
        deadline = self._deadline(self.choice_seconds)
        totals = [0.0] * len(options)
        n = 0
        while n < self.choice_worlds:
            if n and deadline is not None and time.perf_counter() > deadline:
                self.last_cut = not self.by_time
                break
            self.check_stop()
            hands = self._hands(view, rng)
            for i, (kind, trump) in enumerate(options):
                d = Deal.start(self.rules, hands, seat, kind, trump)
                play_out(d)
                totals[i] += margins(d.points)[seat]
            n += 1
        self.last_iterations = n * len(options)
        kinds = [k for k, _ in options]
        costs = self._spend_costs(view, kinds)
        if costs is None:  # no quota to plan for (or costs off): the simulated margins
            values = {a: totals[i] / n for i, a in enumerate(legal)}
        else:
            hand = king_costs.hand_features(parse_hand(view["hand"]))
            fitted = self.tables.calibration
            values = {a: king_costs.own_margin(kinds[i], totals[i] / n, hand, fitted)
                      - costs[kinds[i]] for i, a in enumerate(legal)}
        best = max(legal, key=lambda a: values[a])
        return best, values

    def _spend_costs(self, view: JSON, kinds: list[int]) -> dict[int, float] | None:
        """Per kind: what spending it now costs beyond this deal, its defence value (the
        deal the others no longer play) and its opportunity cost (:mod:`.costs`)."""
        quota = view["quota_left"]
        if not self.costs or quota is None:
            return None
        p, q = quota[view["seat"]]
        opened = view["open_contracts"]
        open_mask = 0
        for c in PENALTY_CONTRACTS:
            if opened[c.info.id] > 0:
                open_mask |= 1 << int(c)
        t = self.tables
        costs = king_costs.opportunity_costs(p, q, open_mask, sorted(set(kinds)), t.values,
                                             t.closing)
        return {k: c + king_costs.defence(k, t.defence) for k, c in costs.items()}

    # ------------------------------------------------------------------ playing
    def _play_card(self, view: JSON, rng: random.Random) -> tuple[str, dict[str, float]]:
        legal: list[str] = view["legal"]
        seat: int = view["seat"]
        legal_mask = parse_hand([a.split()[1] for a in legal])
        own = parse_hand(view["hand"])
        probe = Deal.from_view(self.rules, view, [own if s == seat else 0 for s in range(4)])
        reps = probe.distinct(legal_mask)
        moves = []
        m = reps
        while m:
            low = m & -m
            moves.append(low.bit_length() - 1)
            m ^= low
        exact = 13 - probe.tricks <= self.solve_tricks
        deadline = self._deadline(self.seconds)
        if self.method == "ismcts" and not exact:
            value_of = self._ismcts(view, rng, moves, deadline)
            return self._card_result(legal, moves, reps, value_of)
        totals = [0.0] * len(moves)
        weights_sum = 0.0
        done = 0
        worlds = 0
        observed = view["chooser"] != seat or probe.tricks or probe.trick_n
        drawn = (self._chained(view, rng, len(moves), deadline) if self.chain and observed
                 else None)
        if drawn and self.net_likelihood:
            drawn = self._reweighed(view, drawn)
        while done < self.iterations or worlds == 0:
            if drawn is not None and worlds >= len(drawn):
                break
            if worlds and deadline is not None and time.perf_counter() > deadline:
                self.last_cut = not self.by_time
                break
            if worlds >= self.max_worlds and not exact:
                break
            self.check_stop()
            if drawn is not None:
                hands, weight = drawn[worlds]
            else:
                hands = self._hands(view, rng)
                weight = self._weight(view, hands) if self.weighted else 1.0
            base = probe.copy()  # the view's deal, this world's hands
            base.hands = list(hands)
            if exact:
                found = best_cards(base)
                for i, c in enumerate(moves):
                    gains = found[c]
                    final = [base.points[s] + gains[s] for s in range(4)]
                    totals[i] += weight * margins(final)[seat]
            else:
                for i, margin in enumerate(play_outs(base, moves, seat, self.rollout)):
                    totals[i] += weight * margin
            weights_sum += weight
            done += len(moves) * (EXACT_COST if exact else 1)
            worlds += 1
            if exact and worlds >= MAX_WORLDS:
                break
        self.last_iterations = done
        value_of = {c: totals[i] / weights_sum for i, c in enumerate(moves)}
        if self.net_prior:
            value_of = self._with_net(view, value_of, worlds * (EXACT_COST if exact else 1))
        return self._card_result(legal, moves, reps, value_of)

    def _with_net(self, view: JSON, value_of: dict[int, float], weight: float
                  ) -> dict[int, float]:
        """The worlds' values with the learned network's as a prior worth :attr:`net_prior`
        worlds against ``weight`` (the worlds simulated): each card's network score, less
        the mean over these cards, in points (:mod:`.learned`)."""
        lean = self.net_prior / weight
        prior = self._network().values(view, value_of)
        return {c: v + lean * prior[c] for c, v in value_of.items()}

    def _network(self) -> Network:
        from .learned import network  # it builds on this module

        if self._net is None:
            self._net = network(self.king)
        return self._net

    def _reweighed(self, view: JSON, drawn: list[tuple[list[int], float]]
                   ) -> list[tuple[list[int], float]]:
        """The chained worlds, each weighed by the learned network's likelihood of the other
        seats' plays over the basic policy's, to the power :attr:`net_likelihood`
        (:mod:`.likelihood`: the chains keep their cheap likelihood, the worlds they keep are
        reweighed in one batch)."""
        from .likelihood import PlayLikelihood, weights

        if self._plays is None or self._plays[0] is not view:
            self._plays = (view, PlayLikelihood(self._network(), view, self._fit(view)))
        ratios = self._plays[1].log_ratios([h for h, _w in drawn])
        ws = weights(ratios, self.net_likelihood)
        self.last_effective = sum(ws) ** 2 / sum(w * w for w in ws)
        return [(h, w0 * w) for (h, w0), w in zip(drawn, ws, strict=True)]

    @staticmethod
    def _card_result(legal: list[str], moves: list[int], reps: int,
                     value_of: dict[int, float]) -> tuple[str, dict[str, float]]:
        values: dict[str, float] = {}
        for a in legal:
            c = CARD_OF_TEXT[a.split()[1]]
            values[a] = value_of[c] if c in value_of else value_of[_rep_of(c, reps)]
        best_card = max(moves, key=lambda c: (value_of[c], -c))
        return f"play {CARD_TEXT[best_card]}", values

    def _ismcts(self, view: JSON, rng: random.Random, moves: list[int],
                deadline: float | None) -> dict[int, float]:
        """Single-observer IS-MCTS over the deal's cards (UCB with availability counts),
        basic-policy rollouts to the end of the deal; a root card's value is its mean margin."""
        seat: int = view["seat"]
        root = _Node(seat)
        bases: list[Deal] = []
        c = self.exploration
        it = 0
        while it < self.iterations or it < len(moves):
            if it % 8 == 0:
                if deadline is not None and it >= len(moves) and time.perf_counter() > deadline:
                    break
                self.check_stop()
            if len(bases) < 48:
                bases.append(Deal.from_view(self.rules, view, self._hands(view, rng)))
            d = bases[it % len(bases)].copy()
            node = root
            path = [root]
            while not d.done:
                mover = d.turn
                options = d.distinct(d.legal())
                children = node.children
                untried = 0
                m = options
                while m:
                    low = m & -m
                    m ^= low
                    if low.bit_length() - 1 not in children:
                        untried |= low
                if untried:
                    k = untried.bit_count()
                    pick = untried
                    for _ in range(rng.randrange(k)):
                        pick &= pick - 1
                    card = (pick & -pick).bit_length() - 1
                    child = children[card] = _Node(mover)
                    m = options
                    while m:
                        low = m & -m
                        m ^= low
                        ch = children.get(low.bit_length() - 1)
                        if ch is not None:
                            ch.avail += 1
                    d.play(card)
                    path.append(child)
                    break
                best_v = -math.inf
                card = -1
                m = options
                while m:
                    low = m & -m
                    m ^= low
                    a = low.bit_length() - 1
                    ch = children[a]
                    ch.avail += 1
                    v = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if v > best_v:
                        best_v, card = v, a
                d.play(card)
                node = children[card]
                path.append(node)
            play_out(d)
            value = margins(d.points)
            for node in path[1:]:
                node.n += 1
                node.w += value[node.seat] / SCALE
            it += 1
        self.last_iterations = it
        return {a: SCALE * ch.w / ch.n for a, ch in root.children.items() if a in moves}

    # ------------------------------------------------------------------ weighted worlds
    def _chained(self, view: JSON, rng: random.Random, n_moves: int,
                 deadline: float | None) -> list[tuple[list[int], float]] | None:
        """Worlds drawn in proportion to how likely they make what the view shows under the
        basic policy (:meth:`_log_weight`): Metropolis over swaps of two hidden cards between
        two hidden hands, each swap keeping what the view proves a seat lacks (a symmetric
        proposal: two hidden cards drawn at random), from :data:`CHAINS` chains started at
        uniform draws; ``chain`` likelihoods at most. Under a work budget the second half of
        each chain is sampled evenly for the worlds the budget plays; under a time budget alone
        the chains take :data:`CHAIN_TIME` of it and keep every other world. Each world comes
        with weight 1. With a wall-time limit the clock is read on every try, accepted or not,
        and each chain stops at its share of :data:`CHAIN_TIME` of the limit.

        None when no swap the view allows exists (late in a deal, each hidden card may often be
        in one hand only): the chain cannot move, so the worlds are drawn uniformly instead."""
        may = self._worlds.may_hold
        hidden = list(may)
        hidden_seats = self._worlds.hidden
        first = self._hands(view, rng)
        if not _can_swap(first, hidden, hidden_seats, may):
            return None
        want = max(1, min(self.max_worlds, self.chain // 2,
                           -(-self.iterations // max(1, n_moves))))
        start = self._start
        limit = deadline - start if deadline is not None else None
        length = max(2, self.chain // CHAINS)
        out: list[tuple[list[int], float]] = []
        clock = time.perf_counter
        fit = self._fit(view)
        may_list = self._worlds.may_list
        for chain in range(CHAINS):
            # under a time budget alone each chain has its share of CHAIN_TIME of it and
            # every other world after a short burn-in is kept; otherwise ``want`` in all,
            # evenly, each chain cut at its share of CHAIN_TIME of the wall-time limit
            stop = (start + (chain + 1) * CHAIN_TIME * limit / CHAINS
                    if limit is not None else math.inf)
            by_time = limit is not None and self.by_time
            per = want // CHAINS + (chain < want % CHAINS)
            every = max(1, (length // 2) // max(1, per))
            hands = first if chain == 0 else self._hands(view, rng)
            lw = self._log_weight(view, hands)
            kept = 0
            evals = tries = 0
            cut = False
            while evals < length and tries < 20 * length:
                tries += 1
                if clock() > stop:
                    cut = True
                    self.last_cut = not by_time
                    break
                if tries % 64 == 0:
                    self.check_stop()
                hands, lw, weighed = fit.step(hands, lw, hidden, hidden_seats, may_list, rng)
                if not weighed:
                    continue
                evals += 1
                if by_time:
                    if evals > BURN_IN and evals % 2 == 0:
                        out.append((list(hands), 1.0))
                        kept += 1
                elif kept < per and evals > length - per * every and (length - evals) % every == 0:
                    out.append((list(hands), 1.0))
                    kept += 1
            if by_time or cut:
                if not kept:
                    out.append((list(hands), 1.0))
            else:  # a chain cut short by its tries ends where it stands
                out.extend((list(hands), 1.0) for _ in range(per - kept))
            if cut and chain + 1 < CHAINS and clock() > start + CHAIN_TIME * (limit or 0):
                break  # the chains' whole share is spent: play the worlds drawn so far
        return out

    def _weight(self, view: JSON, hands: list[int]) -> float:
        return math.exp(self._log_weight(view, hands))

    def _fit(self, view: JSON) -> WorldFit:
        """What a world's likelihood is checked against, read from the view once
        (:class:`.sim.WorldFit`): every card played this deal with its seat, each seat's
        played cards, the chooser, the contract and, when another seat chose, the chance
        model of its choice."""
        if self._fit_view is not view or self._world_fit is None:
            seats: list[int] = []
            cards: list[int] = []
            played_by = [0, 0, 0, 0]
            for t in [*view["tricks"], view["trick"]]:
                for s, text in t["cards"]:
                    seats.append(s)
                    cards.append(CARD_OF_TEXT[text])
                    played_by[s] |= 1 << cards[-1]
            row = next(r for r in view["choices"] if r["deal"] == view["deal"])
            trump = "SHDC".index(row["trump"]) if row["trump"] else -1
            chooser, kind = row["seat"], int(CONTRACT_OF_ID[row["contract"]])
            choice = (self._choice_model(view, kind, trump) if chooser != view["seat"]
                      else None)
            self._world_fit = WorldFit(self.rules, seats, cards, played_by, chooser, kind,
                                       trump, view["seat"], self.prior_miss, self.prior_keep,
                                       choice)
            self._fit_view = view
        return self._world_fit

    def _log_weight(self, view: JSON, hands: list[int]) -> float:
        """How likely (log) this world makes what the view shows, under the basic bot played
        with an unknown error rate per seat: every other seat's card (the basic policy's with
        chance 1 − ε, another legal card with ε shared out) and the chooser's contract (with
        chance 1 − ε a softmax over the basic bot's estimates for the chooser's hand in this
        world, :data:`CHOICE_TEMPERATURE` points per e-fold; with ε any open one, ε as the
        chooser's plays in this world make it). Each seat's ε is integrated out under a Beta
        prior (mean ``epsilon``, weight ``prior``), so the more of a seat's cards the world
        makes non-basic, the less the world's likelihood leans on that seat's plays
        (beta-binomial): a seat that plays like the basic bot is read closely, one that does
        not (a search bot, a person) barely constrains the world. Computed by the compiled
        :meth:`.sim.WorldFit.log_weight`."""
        return self._fit(view).log_weight(hands)

    @staticmethod
    def _choice_model(view: JSON, kind: int, trump: int) -> ChoiceModel:
        """The chooser's options as the view says they were before this deal's choice (the
        open contracts, the chosen one still open), for :class:`.sim.ChoiceModel`."""
        opened = dict(view["open_contracts"])
        opened[Contract(kind).info.id] += 1  # open before this deal's choice
        kinds: list[int] = []
        trumps: list[int] = []
        target = -1
        for c in Contract:
            if opened[c.info.id] <= 0:
                continue
            for s in (range(4) if c is Contract.TRUMP else (-1,)):
                if int(c) == kind and s == trump:
                    target = len(kinds)
                kinds.append(int(c))
                trumps.append(s)
        return ChoiceModel(kinds, trumps, target, CHOICE_TEMPERATURE)


class _Node:
    __slots__ = ("avail", "children", "n", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


SCALE = 650.0
CHOICE_TEMPERATURE = 40.0


def _can_swap(hands: list[int], hidden: list[int], seats: list[int],
              may: dict[int, int]) -> bool:
    """Whether two hidden cards in two hidden hands may change places, each staying in a hand
    the view allows it (:attr:`.worlds.Worlds.may_hold`). A swap and its reverse are both
    allowed or both not, so what holds in one world holds in every world a chain reaches."""
    to = {(i, j): False for i in seats for j in seats}
    for c in hidden:
        i = next(s for s in seats if hands[s] >> c & 1)
        for j in seats:
            if j != i and may[c] >> j & 1:
                to[i, j] = True
    return any(to[i, j] and to[j, i] for i in seats for j in seats if i < j)


def _rep_of(c: int, reps: int) -> int:
    """The representative of ``c``'s set of alike cards: the highest representative of its
    suit at or below it."""
    suit_reps = reps & (0x1FFF << (13 * (c // 13))) & ((2 << c) - 1)
    return suit_reps.bit_length() - 1


__all__ = ["Contract", "KingStrongBot"]
