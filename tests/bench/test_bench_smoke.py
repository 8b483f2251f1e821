"""Every script in tests/bench, run once in CI with small arguments.

Why: the benchmarks are run by hand, months apart; a script that no test runs
rots (bench_tap.py waited, without a timeout, for a Home button renamed long
before). So each one runs here as its docstring says, as a subprocess, for
one short pass, under a timeout, and its output is checked for its figures:
the headings, numbers with their units, the JSON line with numeric fields.
No figure is judged against a target: on a shared CI machine they mean
nothing, and that is what the full runs (docs/benchmarks.md) are for. What
is asserted are counts the arguments fix (3 timed key taps are 3) and facts
that hold on any machine (the same tree on both sides plays the same
games).

The Chromium ones are browser tests: without Chromium they skip, and fail
under ``REQUIRE_BROWSER=1`` (tests/browser/harness.py). Each script gets its
own temp folder (``TMPDIR``) and finds its own free ports, so they run in
parallel (pytest-xdist) too.
"""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import ROOT, require_browser

BENCH = Path(__file__).resolve().parent
QUICK = 120  # s: a script without a browser (each takes a few seconds)
SLOW = 300  # s: a browser or a server (under a minute on a quiet machine)
NUMBER = r"-?\d[\d,]*(?:\.\d+)?"  # 12, 1,234, 0.5, -3.0


def run_bench(script: str, *args: str, tmp: Path, timeout: int = QUICK) -> str:
    """Run ``uv run python tests/bench/<script> <args>`` (this interpreter is
    the venv's) from the repository, with its temp files under ``tmp``; its
    stdout. A script that fails or outlives ``timeout`` fails the test with
    what it printed; on a timeout its whole process group (its servers and
    browsers too) is killed, not left running."""
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, str(BENCH / script), *args]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, killed as one
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(
            f"{script} still running after {timeout} s\n"
            f"--- stdout\n{out[-3000:]}\n--- stderr\n{err[-3000:]}"
        )
    if proc.returncode != 0:
        pytest.fail(
            f"{' '.join(command[1:])} exited with {proc.returncode}\n"
            f"--- stdout\n{out[-3000:]}\n--- stderr\n{err[-5000:]}"
        )
    return out


def lines_like(out: str, pattern: str) -> list[re.Match[str]]:
    """Every printed line matching ``pattern`` as a whole; at least one."""
    found = [m for line in out.splitlines() if (m := re.fullmatch(pattern, line))]
    assert found, f"no line like {pattern!r} in:\n{out}"
    return found


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def figures(summary: dict[str, Any], n: int | None = None) -> None:
    """A latency summary (``bench_tap.summary``): n, p50, p95, max, numbers;
    ``n`` as many as the arguments make."""
    for key in ("p50", "p95", "max"):
        assert isinstance(summary[key], int | float), summary
    assert summary["n"] >= 1 if n is None else summary["n"] == n, summary


# --- no browser ---------------------------------------------------------------
def test_bench_advice(tmp_path: Path) -> None:
    out = run_bench("bench_advice.py", "--positions", "5", tmp=tmp_path)
    ms = rf"p50 +{NUMBER} ms +p95 +{NUMBER} ms +max +{NUMBER} ms"
    kinds = lines_like(out, rf"(\w+) +n=(\d+) +{ms}")
    assert "all" in {m[1] for m in kinds}, out
    lines_like(out, rf"load average (before|after): {NUMBER}")


def test_bench_commit(tmp_path: Path) -> None:
    out = run_bench("bench_commit.py", "--taps", "4", tmp=tmp_path)
    rows = json_lines(out)
    assert [r["sessions"] for r in rows] == [1, 8], out
    for r in rows:
        assert r["commits"] == 4 * r["sessions"], r
        for key in ("p50_ms", "p95_ms", "max_ms", "commits_per_s"):
            assert isinstance(r[key], int | float), r
    assert isinstance(rows[1]["told_p95_ms"], int | float), rows[1]  # 8 heard


def test_bench_engine(tmp_path: Path) -> None:
    out = run_bench(
        "bench_engine.py", "--games", "3", "--repeat", "1", "--positions", "3",
        tmp=tmp_path,
    )  # fmt: skip
    lines_like(
        out,
        rf"simulate, 4 stop players, 1 runs of \d+ rounds: median {NUMBER} "
        rf"rounds/s, best {NUMBER} rounds/s \(wall clock\); median {NUMBER} "
        rf"rounds/s \(CPU time\), {NUMBER} µs CPU per round \(best {NUMBER} µs\)",
    )
    lines_like(
        out,
        rf"advisor over 3 turn positions: p50 {NUMBER} ms, p95 {NUMBER} ms, "
        rf"max {NUMBER} ms",
    )


def test_bench_store(tmp_path: Path) -> None:
    out = run_bench("bench_store.py", "--rounds", "3", tmp=tmp_path)
    rows = lines_like(
        out,
        rf" *(\d+) game\(s\) on disk: save a round p50 {NUMBER} ms, "
        rf"p95 {NUMBER} ms, max {NUMBER} ms \(3 saves\)",
    )
    assert [m[1] for m in rows] == ["1", "1000"], out


def test_bench_backup(tmp_path: Path) -> None:
    out = run_bench("bench_backup.py", "--games", "20", tmp=tmp_path)
    for kind in ("disk", "memory"):
        lines_like(out, rf"{kind}: back up 20 games: {NUMBER} s")
        lines_like(
            out, rf"{kind}: backup file {NUMBER} MB, 20 games, {NUMBER} kB a game"
        )
        for where in ("an empty store", "the same store"):
            lines_like(out, rf"{kind}: restore 20 games into {where}: {NUMBER} s")
        lines_like(out, rf"{kind}: undo that restore: {NUMBER} s")
        lines_like(out, rf"{kind}:   said: 20 games added\.")
        lines_like(out, rf"{kind}:   said: 20 already here\.")
    lines_like(out, rf"load average (before|after): {NUMBER}")


def test_bench_kill(tmp_path: Path) -> None:
    out = run_bench("bench_kill.py", "--kills", "2", tmp=tmp_path)
    lines_like(
        out,
        r"2 kills \(\d+ while saving, \d+ while opening the store\) in \d+ s: "
        r"\d+ rounds in \d+ long games acknowledged and on disk, 0 lost; .*",
    )


def test_bench_side(tmp_path: Path) -> None:
    # The same tree on both sides: quick, and both must play the same games.
    out = run_bench(
        "bench_side.py", "--old", str(ROOT), "--pairs", "1", "--games", "3",
        "--repeat", "1", tmp=tmp_path,
    )  # fmt: skip
    runs = lines_like(out, rf"pair 1 (old|new): (\d+) rounds, {NUMBER} µs CPU/round")
    assert [m[1] for m in runs] == ["old", "new"], out
    assert runs[0][2] == runs[1][2], out
    lines_like(
        out,
        rf"median old {NUMBER} µs, new {NUMBER} µs CPU per round: new/old = "
        rf"{NUMBER} \({NUMBER}x faster\); load average {NUMBER} -> {NUMBER}",
    )


def test_loop_hash(tmp_path: Path) -> None:
    out = run_bench("loop_hash.py", "--games", "3", tmp=tmp_path)
    lines_like(out, r"3 games, \d+ rounds \(\d+ tie-break\): [0-9a-f]{64}")


def test_make_round_scores(tmp_path: Path) -> None:
    # Its output is pasted into companion/rules/winchance.py: it must parse.
    out = run_bench("make_round_scores.py", "--games", "3", tmp=tmp_path)
    head, table = out.split("=", 1)
    assert head == "ROUND_SCORES: dict[int, tuple[float, ...]] ", out
    scores = ast.literal_eval(table.strip())
    assert sorted(scores) == [2, 3, 4, 5, 6], out
    for row in scores.values():
        assert row and all(isinstance(x, float) for x in row), out


def test_bench_sessions(tmp_path: Path) -> None:
    # No browser: raw websockets to a real server. The wait for the sessions
    # to expire (timeout + 12 s) is most of it.
    out = run_bench(
        "bench_sessions.py", "--sessions", "3", "--warmup", "0", "--rounds", "1",
        "--timeout", "1", tmp=tmp_path, timeout=SLOW,
    )  # fmt: skip
    lines_like(out, rf"server pid \d+: RSS at start {NUMBER} MB")
    mb = rf"{NUMBER} MB \(\+{NUMBER}\)"
    lines_like(
        out,
        rf"round 1: 3 sessions in \d+ s \(8 at a time\); RSS with them closed "
        rf"but kept {mb}, 13 s later {mb}, \d+ sessions held",
    )


def table_report(out: str) -> dict[str, Any]:
    """bench_live's report (the JSON line), with its figures checked."""
    (r,) = [row for row in json_lines(out) if "to_each_page" in row]
    for key in ("to_each_page", "to_all_pages", "tapping_page", "after_tapping_page"):
        figures(r[key])
    for key in ("cpu_ms_per_tap", "rss_mb_idle", "rss_mb_pages", "rss_mb_end"):
        assert isinstance(r[key], int | float), r
    lines_like(out, rf"tap -> each other page +\d+ +{NUMBER} +{NUMBER} +{NUMBER}")
    lines_like(out, rf"server CPU: {NUMBER} s over {NUMBER} s .* ms per tap")
    return r


TAPS = ("--taps", "3", "--warmup", "1", "--per-turn", "2")  # 2 players tap


def test_bench_table_raw(tmp_path: Path) -> None:
    # No browser: the table over raw websockets (2 phones, a watching guest
    # as the board and the host's page: the paths the Chromium run skips).
    out = run_bench(
        "bench_table.py", "--raw", "--players", "2", "--stand-in", "--host-page",
        *TAPS, tmp=tmp_path, timeout=SLOW,
    )  # fmt: skip
    r = table_report(out)
    assert r["pages"] == 4, r
    figures(r["to_each_page_key"], n=3 * 3)  # 3 timed keys, 3 pages watching
    lines_like(out, rf"server RSS per joined page \(2 phones \+ board\): {NUMBER} MB")


# --- Chromium -------------------------------------------------------------------
@pytest.mark.browser
def test_bench_tap(tmp_path: Path) -> None:
    require_browser()
    out = run_bench("bench_tap.py", *TAPS, tmp=tmp_path, timeout=SLOW)
    (r,) = json_lines(out)
    figures(r["key"], n=3)
    figures(r["remove"])
    figures(r["select"], n=1)  # Bob's chip
    for part in ("round_trip", "server_handler", "server_server"):
        figures(r["key_breakdown"][part], n=3)  # the traced server's parts
    ms = rf"p50 +{NUMBER} ms +p95 +{NUMBER} ms +max +{NUMBER} ms"
    lines_like(out, rf" *card key tap: {ms} +\(n=3; next frame p95 {NUMBER} ms\)")


@pytest.mark.browser
def test_bench_live(tmp_path: Path) -> None:
    require_browser()
    out = run_bench("bench_live.py", "--pages", "2", *TAPS, tmp=tmp_path, timeout=SLOW)
    r = table_report(out)
    assert r["pages"] == 2, r
    figures(r["to_each_page_key"], n=3)  # 3 timed keys, 1 page watching


@pytest.mark.browser
def test_bench_table(tmp_path: Path) -> None:
    require_browser()
    out = run_bench(
        "bench_table.py", "--players", "2", *TAPS, tmp=tmp_path, timeout=SLOW
    )
    r = table_report(out)
    assert r["pages"] == 3, r  # 2 phones and the board
    figures(r["to_each_page_key"], n=3 * 2)
    lines_like(out, rf"server RSS per joined page \(2 phones \+ board\): {NUMBER} MB")


def test_bench_save_raw(tmp_path: Path) -> None:
    # No browser: the server's part of a save over raw websockets.
    out = run_bench(
        "bench_save.py", "--raw", "--players", "2", "--rounds", "1", "--warmup", "0",
        tmp=tmp_path, timeout=SLOW,
    )  # fmt: skip
    (r,) = [row for row in json_lines(out) if "save_to_each_page" in row]
    figures(r["save_to_each_page"], n=2)
    figures(r["server_cpu_ms_per_save"], n=1)
    assert r["frame_at_each_page"] is None  # no page draws: nothing to split


@pytest.mark.browser
def test_bench_save(tmp_path: Path) -> None:
    require_browser()
    out = run_bench(
        "bench_save.py", "--players", "2", "--rounds", "1", "--warmup", "0",
        tmp=tmp_path, timeout=SLOW,
    )  # fmt: skip
    (r,) = [row for row in json_lines(out) if "save_to_each_page" in row]
    figures(r["save_to_each_page"], n=2)  # one save, the other phone and the board
    figures(r["saving_page"], n=1)
    figures(r["frame_at_each_page"], n=2)  # when each page's frame came
    figures(r["drawn_after_frame"], n=2)
    ms = rf"{NUMBER} +{NUMBER} +{NUMBER}"
    lines_like(out, rf"save -> each other page +2 +{ms}")
    lines_like(out, rf"  drawn after its frame +2 +{ms}")


@pytest.mark.browser
def test_bench_start(tmp_path: Path) -> None:
    require_browser()
    out = run_bench("bench_start.py", "--runs", "1", tmp=tmp_path, timeout=SLOW)
    s = rf"{NUMBER} s"
    lines_like(out, rf"run 1 .+: ready {s}, loading gone {s}, home {s}")
    lines_like(out, rf"median of 1 \(.+\): ready {s}, loading gone {s}, home {s}")


def test_bench_stability(tmp_path: Path) -> None:
    out = run_bench("bench_stability.py", "--positions", "4", tmp=tmp_path)
    row = json_lines(out)[-1]
    assert row["positions"] == 4 and row["changed"] >= row["unlabelled"], row
    lines_like(out, rf"4 positions: {NUMBER} suggestions change with the seed.*")


def test_calibrate_winchance(tmp_path: Path) -> None:
    out = run_bench(
        "calibrate_winchance.py", "--games", "5", "--players", "2", tmp=tmp_path
    )
    assert json_lines(out)[-1]["games"] == 5, out
    lines_like(out, r"2 players, 5 games .*")


def test_bench_stall(tmp_path: Path) -> None:
    # No browser: raw websockets to a real server; a short flood.
    out = run_bench(
        "bench_stall.py", "--runs", "1", "--events", "50", tmp=tmp_path, timeout=SLOW
    )
    tap = rf"another page's tap {NUMBER} s"
    home = rf"another tab's Home {NUMBER} s"
    lines_like(out, rf"run 1, (quiet|flood): {tap}, {home}")
    lines_like(out, rf"median of 1 \(50 events, spread 0 s\): {tap}, {home}")
    lines_like(out, rf"load average after: {NUMBER} {NUMBER} {NUMBER}")


@pytest.mark.browser
def test_bench_phone_app(tmp_path: Path) -> None:
    require_browser()
    out = run_bench(
        "bench_phone_app.py", "--runs", "1", "--positions", "2", "--backup", "20",
        tmp=tmp_path, timeout=2 * SLOW,
    )  # fmt: skip
    lines_like(out, rf"folder: {NUMBER} MB, {NUMBER} MB gzipped, {NUMBER} MB .+")
    lines_like(out, rf"first visit: Home after {NUMBER} s, {NUMBER} MB sent.+")
    lines_like(
        out, rf"phone backup: restore 20 games {NUMBER} s, back up {NUMBER} s "
        rf"\({NUMBER} MB\), reload to Home with them {NUMBER} s"
    )  # fmt: skip
    for name in ("first visit", "reload", "offline reload", "served app"):
        lines_like(
            out, rf"{name}: Home after median {NUMBER} s, .+\(n=1\) \[{NUMBER}\]"
        )
    lines_like(out, rf"offline reload / served page load: {NUMBER}x")
    for mark in ("worker-created", "python-ready", "first-frame", "home"):
        lines_like(out, rf"  {mark} +{NUMBER} \| +{NUMBER} \| +{NUMBER}  .+")
    ms = rf"p50 +{NUMBER} ms +p95 +{NUMBER} ms +max +{NUMBER} ms"
    kinds = {m[1] for m in lines_like(out, rf"advice (\w+) +n=\d+ +{ms}")}
    assert {"all", "budgeted"} <= kinds, out
    row = json_lines(out)[-1]
    assert row["installed_mb"] >= row["first_visit_mb"] > 0, row


@pytest.mark.browser
def test_bench_pyodide(tmp_path: Path) -> None:
    require_browser()
    out = run_bench(
        "bench_advice_pyodide.py",
        *("--positions", "2", "--count", "40"),
        tmp=tmp_path,
        timeout=SLOW,
    )
    ms = rf"p50 +{NUMBER} ms +p95 +{NUMBER} ms +max +{NUMBER} ms"
    kinds = {m[1] for m in lines_like(out, rf"  (.+?) +n=\d+ +{ms}")}
    assert {"all", "count 40 all"} <= kinds, out
    lines_like(out, r"  slowest in time: \w+, \d+ options, \d+ play-outs, \d+ ms")
    lines_like(out, r"play-outs a second: p5 \d+, median \d+ .*")
    lines_like(out, rf"load average (before|after): {NUMBER} {NUMBER} {NUMBER}")


def test_bench_choices(tmp_path: Path) -> None:
    agree = run_bench("bench_choices.py", "agree", "--positions", "3", tmp=tmp_path)
    lines_like(agree, rf"seeds 0/1: 3 decisions, {NUMBER} s, load {NUMBER}")
    lines_like(agree, rf"  all: \d+/3 = {NUMBER}% agree")
    lines_like(agree, rf"  where .* do not say close .*: \d+/\d+ = {NUMBER}%")
    settle = run_bench(
        "bench_choices.py",
        "settle",
        "--positions",
        "1",
        "--settle-n",
        "40",
        tmp=tmp_path,
    )
    lines_like(settle, r"#0 .*: advice .*; settle best .*(ok|CLEARLY WORSE) \[.*\]")
    lines_like(settle, r"not clearly worse than the settle's best: \d/1")
    lines_like(settle, rf"load average (before|after): {NUMBER}")


def needs_nats_server() -> None:
    """Skip without nats-py or nats-server, unless CI requires them."""
    pytest.importorskip("nats")
    from nats_broker import SERVER

    if not Path(SERVER).exists() and not os.environ.get("REQUIRE_BROWSER"):
        pytest.skip("nats-server is not installed")


def test_bench_tablelink_broker(tmp_path: Path) -> None:
    needs_nats_server()
    out = run_bench(
        "bench_tablelink_broker.py",
        "--tables",
        "3",
        "--seconds",
        "1",
        "--puts",
        "50",
        "--connections",
        "20",
        tmp=tmp_path,
    )
    lines_like(out, rf"fan-out: 3 tables x .*; p50 {NUMBER} ms, p95 {NUMBER} ms.*")
    lines_like(out, r"kept revisions: 50 key-value puts in .*")
    lines_like(out, rf"connections: 20 idle, server memory .* = {NUMBER} KiB each")


def test_bench_tablelink_table(tmp_path: Path) -> None:
    needs_nats_server()
    out = run_bench(
        "bench_tablelink_table.py", "--taps", "16", "--rate", "30", tmp=tmp_path
    )
    lines_like(
        out,
        rf"8 phones \+ board, 16 taps .*: p50 {NUMBER} ms, p95 {NUMBER} ms, .*",
    )
    lines_like(out, rf"bytes a tap: {NUMBER} carried .* {NUMBER} delivered")
