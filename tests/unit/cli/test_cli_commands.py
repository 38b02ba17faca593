"""The `hrm` command line as a user drives it: score | report, the shared grader flags on every judging
command, the 80-column summary, resume, schemas and the commented service config."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from hrm_tools.cli import build_parser, main
from hrm_tools.eval.records import read_records
from hrm_wire.errors import HRMError
from judge_server.serve.config import load_serve_config

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "smartshop.jsonl"
JUDGING = ("score", "eval", "serve", "calibrate")


@pytest.fixture
def fake_env(tmp_path, monkeypatch):
    monkeypatch.setenv("HRM__CACHE__DIRECTORY", str(tmp_path / "cache"))
    return {**os.environ}


def hrm(*args: str, env: dict[str, str], columns: int = 80, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`hrm ...` in a subprocess, as a terminal of ``columns`` width would run it."""
    return subprocess.run([sys.executable, "-m", "hrm_tools.cli", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd or ROOT, env={**env, "COLUMNS": str(columns), "TERM": "dumb"})


def test_score_output_is_read_by_report(tmp_path, fake_env):
    out = tmp_path / "scores.jsonl"
    proc = hrm("score", str(EXAMPLES), "-o", str(out), "--engine", "fake", "--no-progress", env=fake_env)
    assert proc.returncode == 0, proc.stderr
    assert f"hrm report {out}" in proc.stderr  # the hint printed at the end is the next command
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(results) == 14 and all(r["grader_model"] == "fake-grader" for r in results)
    rep = hrm("report", str(out), env=fake_env)
    assert rep.returncode == 0, rep.stderr
    assert "mean reward" in rep.stdout and out.with_suffix(".report.html").exists()
    table_lines = [line for line in rep.stdout.splitlines() if not line.startswith("wrote ")]  # paths stay whole
    assert max(map(len, table_lines)) <= 80  # group columns split over tables that fit
    assert "fake-grader" in rep.stdout and "never quote" in rep.stdout
    report = json.loads(out.with_suffix(".report.json").read_text())
    assert report["rubrics"][0]["n_items"] == 14
    assert {r.item_id for r in read_records(out)} == {r["id"] for r in results}


def test_score_summary_fits_80_columns_and_resume_prints_everything(tmp_path, fake_env):
    out = tmp_path / "scores.jsonl"
    first = hrm("score", str(EXAMPLES), "-o", str(out), "--engine", "fake", "--no-progress", env=fake_env)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert max(map(len, lines)) <= 80, max(lines, key=len)
    assert "flaw-unknown-id" in first.stdout and "matches no product record" in first.stdout
    again = hrm("score", str(EXAMPLES), "-o", str(out), "--engine", "fake", "--no-progress", env=fake_env)
    assert again.returncode == 0, again.stderr
    assert "0 written now, 14 kept" in " ".join(again.stderr.split())
    # a resumed run prints the full summary, not an empty table
    assert again.stdout == first.stdout
    assert len(out.read_text().splitlines()) == 14
    wide = hrm("score", str(EXAMPLES), "-o", str(out), "--engine", "fake", "--no-progress", env=fake_env,
               columns=140)
    assert "┃ id" in wide.stdout and max(map(len, wide.stdout.splitlines())) <= 140


@pytest.mark.parametrize("command", JUDGING)
def test_every_judging_command_takes_the_same_grader_flags(command, tmp_path):
    parser = build_parser()
    args = parser.parse_args([command, "in.jsonl", *(["-o", "out"] if command in ("score", "eval") else []),
                              "--config", "cfg.yaml", "--engine", "fake", "--model", "smollm2-135m"]
                             if command != "serve" else
                             [command, "--config", "cfg.yaml", "--engine", "fake", "--model", "smollm2-135m"])
    assert (args.config, args.engine, args.model) == ("cfg.yaml", "fake", "smollm2-135m")
    sub = parser._subparsers._group_actions[0].choices[command]
    helps = {a.dest: a.help for a in sub._actions}
    assert "embedded" in helps["engine"] and "smollm2-135m" in helps["model"]  # one shared helper


def test_engine_flag_reaches_the_in_process_grader(tmp_path, fake_env):
    from hrm_tools.commands.serve import _overrides
    from hrm_tools.local_scorer import LocalScorer

    args = build_parser().parse_args(["eval", "in.jsonl", "-o", "out.jsonl", "--engine", "fake", "--model", "m",
                                      "--no-cache"])
    scorer = LocalScorer.from_args(args)
    assert scorer.config.engine.kind == "fake" and scorer.config.engine.model == "m"
    assert scorer.config.cache.enabled is False
    serve_args = build_parser().parse_args(["serve", "--engine", "fake", "--model", "m"])
    assert _overrides(serve_args) == {"hrm": {"engine": {"kind": "fake", "model": "m"}}}


@pytest.mark.parametrize("command", JUDGING)
def test_calibration_flag_sets_the_judges_thresholds(command, tmp_path):
    from hrm_tools.args import engine_overrides

    argv = [command, *(["in.jsonl"] if command != "serve" else []),
            *(["-o", "out"] if command in ("score", "eval") else []), "--calibration", "off"]
    args = build_parser().parse_args(argv)
    assert engine_overrides(args)["judge"] == {"calibration_file": "off"}


def test_calibration_flag_reaches_the_in_process_judge(tmp_path, fake_env):
    from hrm_tools.local_scorer import LocalScorer

    args = build_parser().parse_args(["eval", "in.jsonl", "-o", "out.jsonl", "--engine", "fake",
                                      "--calibration", "off"])
    assert LocalScorer.from_args(args).config.judge.calibration_file == "off"
    bad = build_parser().parse_args(["eval", "in.jsonl", "-o", "out.jsonl", "--engine", "fake",
                                     "--calibration", str(tmp_path / "missing.json")])
    with pytest.raises(HRMError, match="missing.json"):
        LocalScorer.from_args(bad)


def test_eval_with_url_refuses_grader_flags(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text('{"id": "a", "query": "q", "response": "r"}\n')
    assert main(["eval", str(inp), "-o", str(tmp_path / "o.jsonl"), "--url", "localhost:1", "--engine", "fake"]) == 2
    assert "--engine" in capsys.readouterr().err


def test_eval_with_engine_flag_scores_the_example_multi_run_file(tmp_path, fake_env):
    out = tmp_path / "eval.jsonl"
    proc = hrm("eval", "examples/smartshop_runs.jsonl", "-o", str(out), "--engine", "fake", "--no-progress",
               env=fake_env)
    assert proc.returncode == 0, proc.stderr
    recs = read_records(out)
    runs: dict[str, int] = {}
    for r in recs:
        runs[r.item_id] = runs.get(r.item_id, 0) + 1
        assert r.result is not None and r.result.grader_model == "fake-grader"
    assert len(runs) >= 5 and min(runs.values()) >= 3
    assert len({r.category for r in recs}) >= 3


def test_schema_serve_prints_store_review_and_auth(capsys):
    assert main(["schema", "serve"]) == 0
    schema = orjson.loads(capsys.readouterr().out)
    props = schema["properties"]
    assert {"auth", "store", "review", "hrm", "http", "grpc"} <= set(props)
    assert "url" in schema["$defs"]["StoreConfig"]["properties"]
    assert "review_tokens" in schema["$defs"]["AuthConfig"]["properties"]


def test_deploy_serve_yaml_is_a_valid_commented_service_config():
    path = ROOT / "deploy" / "serve.yaml"
    config = load_serve_config(path, environ={})
    assert config.review is True and config.store is not None and config.store.url.startswith("sqlite")
    text = path.read_text()
    for key in ("store:", "review:", "tokens:", "review_tokens:", "HRM_SERVE_TOKENS"):
        assert key in text


def test_serve_prints_every_url():
    from judge_server.serve.launch import service_urls

    config = load_serve_config(ROOT / "deploy" / "serve.yaml", environ={})
    lines = "\n".join(service_urls(config, 50051))
    for want in ("HTTP  http://127.0.0.1:8000", "gRPC  127.0.0.1:50051", "docs  http://127.0.0.1:8000/docs",
                 "metrics  http://127.0.0.1:8000/metrics", "review  http://127.0.0.1:8000/review/"):
        assert want in lines, lines
    plain = load_serve_config(None, environ={})
    assert "review" not in "\n".join(service_urls(plain, 50051)).split("auth")[0]


def test_rubrics_lists_the_packs_and_says_when_there_are_none(tmp_path, monkeypatch, capsys):
    assert main(["rubrics"]) == 0
    out = capsys.readouterr().out
    assert "smartshop" in out and "shop_r1" in out
    monkeypatch.setattr("judge_server.packs.registry.PACKS_DIR", tmp_path)
    assert main(["rubrics"]) == 1
    assert "no rubric pack found" in capsys.readouterr().err
