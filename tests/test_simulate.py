"""The simulate CLI prints a table and, last, one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.labs.simulate import main


def test_simulate_prints_a_table_and_a_json_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["--games", "3", "--players", "3", "--bots", "stop,odds,random", "--seed", "2"]
    )
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("strategy")
    figures = json.loads(out[-1])
    assert figures["games"] == 3 and figures["rounds"] >= 3
    assert figures["rounds_per_s"] > 0
    assert set(figures["strategies"]) == {"stop", "odds", "random"}
    for row in figures["strategies"].values():
        assert set(row) == {"win_rate", "mean_round_score", "bust_rate", "flip7_rate"}
        assert 0 <= row["bust_rate"] <= 1
    assert sum(r["win_rate"] for r in figures["strategies"].values()) == pytest.approx(
        1
    )


def test_simulate_brutal_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "--games",
        "2",
        "--players",
        "4",
        "--bots",
        "stop",
        "--seed",
        "5",
        "--brutal",
    ]
    main(args)
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    main(args)
    second = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    first.pop("rounds_per_s"), second.pop("rounds_per_s")
    assert first == second


def test_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--bots", "genius"])
    with pytest.raises(SystemExit):
        main(["--players", "1"])


def test_python_dash_m_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.labs.simulate"]
        + ["--games", "1", "--bots", "stop"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout.strip().splitlines()[-1])["games"] == 1
