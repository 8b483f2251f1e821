"""Can the choice advice be bet on (issue 38)? Two checks on decisions
other than hit or stay (targets, modifiers, steals, swaps, discards,
Brutal's ±15), met in games of medium players, 2-5 players, Brutal in
every other game:

``agree``: the advice from two seeds (the app's, 0, and 1; or the pairs
of ``--pairs``) at each of N decisions: how often they suggest the same
option, over all, by verdict, and where the first seed's words do not say
close (a flat "Suggestion: ...": a clear call or the same chance every
time; a close call or a lean, "spent", says it is not separated).

``settle``: K decisions settled apart from the advisor's own model: every
option played out ``--settle-n`` times (2,000) *to the end of the game*
(won 1, lost 0, a tie shared; the player as the ``win`` bot, the others
as ``--others``), on the same shuffles for every option (paired). The
advice passes where its suggestion is not clearly worse than the
settle's best (the paired gap within 1.96 standard errors).

    uv run python tests/bench/bench_choices.py agree --positions 300 --seed 38
    uv run python tests/bench/bench_choices.py agree --pairs 0/1,2/3,4/5
    uv run python tests/bench/bench_choices.py settle --positions 12 --seed 5
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time

from companion.app.advice_words import choice_advice_text
from companion.rules import Match, Round, Rules, advise_choice, check_end, make_bot
from companion.rules.bots import MEDIUM_STOP, Bot, StopBot, WinBot, play_out
from companion.rules.cards import Card
from companion.rules.choice_advice import ChoiceAdvice
from companion.rules.next_round import DECK_CARDS


def positions(n: int, seed: int, most: int = 99) -> list[Round]:
    """Decisions other than hit or stay with 2 to ``most`` options."""
    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < n:
        rules = Rules(brutal=len(out) % 2 == 1)
        match = Match(rng.randint(2, 5), rules=rules, seed=rng.getrandbits(32))
        bots = [StopBot(MEDIUM_STOP)] * match.players
        while not match.over and len(out) < n:
            rnd = match.start_round()
            while (pend := rnd.pending) is not None:
                k = len(rnd.legal())
                wanted = len(out) < n and 1 < k <= most
                if pend.kind != "turn" and wanted and rng.random() < 0.5:
                    out.append(Round.replay(rnd.setup(), rnd.choices))
                rnd.play(bots[pend.player].choose(rnd, pend.player, rng))
            match.finish_round(rnd)
    return out


def reads_close(advice: ChoiceAdvice) -> bool:
    """What the player reads: no flat "Suggestion: ..." (a close call, or
    a lean that says more play-outs could reverse it, issue 38)."""
    return "Suggestion: " not in choice_advice_text(advice, {})


def agree(args: argparse.Namespace) -> None:
    """Per pair of seeds (``--pairs 0/1,2/3,4/5``) and pooled: the same
    suggestion from both, over all and where the first seed's words do not
    say close (a flat suggestion), by verdict."""
    found = positions(args.positions, args.seed)
    pairs = [tuple(int(x) for x in pair.split("/")) for pair in args.pairs.split(",")]
    pooled: dict[str, list[int]] = {}
    for a, b in pairs:
        by: dict[str, list[int]] = {}
        start = time.perf_counter()
        for k, rnd in enumerate(found):
            if k and k % 50 == 0:
                print(f"  {a}/{b} {k}: {tally_line(by)}", flush=True)
            one, two = advise_choice(rnd, seed=a), advise_choice(rnd, seed=b)
            hit = one.suggestion == two.suggestion
            said = "flat" if not reads_close(one) else "reads close"
            kind = one.verdict + (" even" if one.even else "")
            level = hit or (one.level != "" and two.suggestion == one.level)
            tallies = {"all": hit, said: hit, kind: hit}
            tallies[f"{kind}, or the option said level with it"] = level
            for key, agreed in tallies.items():
                for table in (by, pooled):
                    got = table.setdefault(key, [0, 0])
                    got[0] += agreed
                    got[1] += 1
        took = time.perf_counter() - start
        print(
            f"seeds {a}/{b}: {len(found)} decisions, {took:.0f} s, "
            f"load {os.getloadavg()[0]:.1f}"
        )
        report(by)
    if len(pairs) > 1:
        print(f"pooled over {len(pairs)} pairs:")
        report(pooled)


def tally_line(by: dict[str, list[int]]) -> str:
    flat = by.get("flat", [0, 0])
    return f"same {by.get('all', [0, 0])[0]}, flat {flat[0]}/{flat[1]}"


def report(by: dict[str, list[int]]) -> None:
    for key, (agreed, of) in sorted(by.items()):
        print(f"  {key}: {agreed}/{of} = {agreed / max(of, 1):.1%} agree")
    flat = by.get("flat", [0, 0])
    print(
        f"  where the first seed's words do not say close (a flat suggestion): "
        f"{flat[0]}/{flat[1]} = {flat[0] / max(flat[1], 1):.1%}"
    )


def to_the_end(twin: Round, p: int, bots: list[Bot], rng: random.Random) -> float:
    """``p``'s share of the game once ``twin`` is over and the game is
    played to its end, round after round (deck passed on, next dealer)."""
    play_out(twin, bots, rng)
    assert twin.totals is not None
    totals = [t + s for t, s in zip(twin.totals, twin.scores(), strict=True)]
    rules, dealer, last = twin.rules, twin.dealer, twin
    while True:
        end = check_end(totals, rules)
        if end.over or end.tie_break:
            among = end.winners or end.tie_break
            return 1 / len(among) if p in among else 0.0
        left, discard = last.leftovers()
        deck: list[Card] | None = left
        if len(left) + len(discard) != DECK_CARDS * rules.decks:
            deck = None
        dealer = (dealer + 1) % twin.players
        last = Round.start(
            players=twin.players,
            dealer=dealer,
            rules=rules,
            deck=deck,
            seed=rng.getrandbits(32),
            discard=discard,
            totals=totals,
        )
        play_out(last, bots, rng)
        totals = [t + s for t, s in zip(totals, last.scores(), strict=True)]


def settle(rnd: Round, n: int, others: str) -> dict[str, list[float]]:
    p = rnd.pending.player if rnd.pending else 0
    bots: list[Bot] = [make_bot(others)] * rnd.players
    bots[p] = WinBot()
    rng = random.Random(f"settle/{p}/{rnd.choices}")
    wins: dict[str, list[float]] = {opt: [] for opt in rnd.legal()}
    for _ in range(n):
        deck = rng.getrandbits(64)
        for opt, got in wins.items():
            twin = rnd.fork_unseen(random.Random(deck), "settle")
            twin.play(opt)
            got.append(to_the_end(twin, p, bots, random.Random(deck)))
    return wins


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    d = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
    return m, math.sqrt(var / len(d))


def settled(args: argparse.Namespace) -> None:
    found = positions(args.positions, args.seed, most=args.most)
    passed = 0
    for k, rnd in enumerate(found):
        advice = advise_choice(rnd)
        wins = settle(rnd, args.settle_n, args.others)
        best = max(wins, key=lambda o: sum(wins[o]))
        gap, se = paired(wins[best], wins[advice.suggestion])
        ok = gap <= 1.96 * se
        passed += ok
        pend = rnd.pending
        assert pend is not None
        chances = ", ".join(f"{o} {sum(w) / len(w):.3f}" for o, w in wins.items())
        print(
            f"#{k} {pend.kind} {rnd.players}p: advice {advice.suggestion} "
            f"({advice.verdict}, {advice.samples} play-outs, "
            f"gap {advice.gap:+.3f} ±{advice.margin:.3f}); settle best {best}, "
            f"advice behind by {gap:.3f} ±{1.96 * se:.3f} "
            f"{'ok' if ok else 'CLEARLY WORSE'} [{chances}]",
            flush=True,
        )
    print(f"not clearly worse than the settle's best: {passed}/{len(found)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("check", choices=["agree", "settle"])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--settle-n", type=int, default=2000)
    parser.add_argument("--most", type=int, default=4, help="options at most")
    parser.add_argument("--others", default="endgame")
    parser.add_argument("--pairs", default="0/1", help="advice seeds, e.g. 0/1,2/3")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    (agree if args.check == "agree" else settled)(args)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
