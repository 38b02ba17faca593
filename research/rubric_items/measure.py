"""Measure the rubric_items composition on the labelled rubric-item sets (research/evalsets/rubric_items/).

Each row (a prompt, one response, its items, a yes/no/n/a label per item and a 1-10 quality) becomes a request
with ``options.ask_all`` (every item is asked even after a veto, so each gets a verdict; the reward still
follows the vetoes), scored with ``hrm score``:

* ``strong``: the strong grader of record. ``export`` writes every question to ``<grader>/<set>/requests.jsonl``
  and question sheets (research/strong_grader/INSTRUCTIONS.md applies); answerers write
  ``<grader>/<set>/answers/*.jsonl``; ``score`` replays them.
* ``embedded``: the embedded 1.5B, live (slow on 2 cores: about 6 s a question).

Metrics (``<grader>/<set>/metrics.json``): item agreement with the labels (accuracy and Cohen's kappa over
yes/no/n/a, and over the items both call applicable; split by positive / pitfall / veto), vetoes (a failing veto
item by the labels vs by the judge), reward rank correlation: Spearman between the judge's reward and the label
quality (pooled, and the mean within a prompt), and between the judge's reward and the reward the same formula
gives with the human item labels.

    python research/rubric_items/measure.py export --set dev
    python research/rubric_items/measure.py score --set dev --grader strong
    python research/rubric_items/measure.py score --set dev --grader embedded
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "research" / "strong_grader"))

from export import GRADER, sheets  # noqa: E402

from judge_server.thresholds.agreement import cohen_kappa, spearman_rho  # noqa: E402

SETS = {"dev": "research/evalsets/rubric_items/dev/dev.jsonl",
        "independent": "research/evalsets/rubric_items/independent/heldout.jsonl"}


PROMPTS: int | None = None  # --prompts: only the rows of the set's first N prompts (a slow grader's subset)


def rows(name: str) -> list[dict]:
    out = [json.loads(line) for line in (ROOT / SETS[name]).read_text().splitlines() if line.strip()]
    if PROMPTS is not None:
        keep = list(dict.fromkeys(r["prompt_id"] for r in out))[:PROMPTS]
        out = [r for r in out if r["prompt_id"] in keep]
    return out


def write_input(name: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "input.jsonl"
    path.write_text("".join(json.dumps({"id": r["id"], "query": r["query"], "response": r["response"],
                                        "rubric_items": r["rubric_items"], "options": {"ask_all": True}}) + "\n"
                            for r in rows(name)))
    return path


def hrm_score(args: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-m", "hrm_tools.cli", "score", *args, "--no-progress"], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stderr[-3000:])


def batch_args(folder: Path) -> list[str]:
    out = ["--engine", "batch", "--model", GRADER, "--no-cache", "--export", str(folder / "requests.jsonl")]
    if (folder / "answers").is_dir() and any((folder / "answers").glob("*.jsonl")):
        out += ["--answers", str(folder / "answers")]
    return out


def human_reward(row: dict) -> float | None:
    """The composition's formula with the human labels as the answers."""
    items, labels = row["rubric_items"], row["labels"]
    for i in items:
        if i.get("veto") and labels[i["id"]] == ("yes" if i["weight"] < 0 else "no"):
            return 0.0
    answered = [i for i in items if labels[i["id"]] != "n/a"]
    positive = sum(i["weight"] for i in answered if i["weight"] > 0)
    if positive <= 0:
        return None
    return max(0.0, sum(i["weight"] * (labels[i["id"]] == "yes") for i in answered) / positive)


def judge_label(result: dict, item_id: str) -> str | None:
    v = (result.get("detail") or {}).get("items", {}).get(item_id)
    if v is None:
        return None
    if v["status"] == "not_applicable":
        return "n/a"
    return v["answer"] if v["status"] == "answered" else None


def metrics(name: str, results_path: Path) -> dict:
    results = {r["id"]: r for r in map(json.loads, results_path.read_text().splitlines()) if r.get("id")}
    pairs: dict[str, list[tuple[str, str]]] = defaultdict(list)
    undecided = 0
    veto_pairs: list[tuple[bool, bool]] = []
    rewards: list[tuple[float, float, float | None, str]] = []
    for row in rows(name):
        res = results.get(row["id"])
        if res is None:
            continue
        for item in row["rubric_items"]:
            human, judge = row["labels"][item["id"]], judge_label(res, item["id"])
            if judge is None:
                undecided += 1
                continue
            kind = "pitfall" if item["weight"] < 0 else "positive"
            for group in ("all", kind, *(["veto"] if item.get("veto") else []),
                          *(["applies_if"] if item.get("applies_if") else []),
                          *([f"style:{row['style']}"] if row.get("style") else [])):
                pairs[group].append((human, judge))
        hv = any(i.get("veto") and row["labels"][i["id"]] == ("yes" if i["weight"] < 0 else "no")
                 for i in row["rubric_items"])
        jv = (res.get("detail") or {}).get("vetoed_by") is not None
        veto_pairs.append((hv, jv))
        if res.get("reward") is not None:
            rewards.append((res["reward"], row["quality"], human_reward(row), row["prompt_id"]))
    out: dict = {"set": name, "results": len(results), "undecided_items": undecided, "items": {}}
    for group, ps in sorted(pairs.items()):
        h, j = [p[0] for p in ps], [p[1] for p in ps]
        both = [(a, b) for a, b in ps if a != "n/a" and b != "n/a"]
        out["items"][group] = {
            "n": len(ps), "accuracy": round(sum(a == b for a, b in ps) / len(ps), 3),
            "kappa": _r(cohen_kappa(h, j)),
            "kappa_yes_no": _r(cohen_kappa([a for a, _ in both], [b for _, b in both])) if both else None,
            "judge_yes_human_no": sum(a == "no" and b == "yes" for a, b in ps),
            "judge_no_human_yes": sum(a == "yes" and b == "no" for a, b in ps)}
    out["vetoes"] = {"n": len(veto_pairs), "agree": sum(a == b for a, b in veto_pairs),
                     "human_veto_judge_not": sum(a and not b for a, b in veto_pairs),
                     "judge_veto_human_not": sum(b and not a for a, b in veto_pairs)}
    by_prompt: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for reward, quality, _, prompt in rewards:
        by_prompt[prompt].append((reward, quality))
    within = [spearman_rho([a for a, _ in v], [b for _, b in v]) for v in by_prompt.values()
              if len(v) >= 3 and len({b for _, b in v}) > 1 and len({a for a, _ in v}) > 1]
    hr = [(a, c) for a, _, c, _ in rewards if c is not None]
    out["rewards"] = {"n": len(rewards),
                      "spearman_quality_pooled": _r(spearman_rho([a for a, *_ in rewards], [b for _, b, *_ in rewards])),
                      "spearman_quality_within_prompt_mean": _r(mean(within)) if within else None,
                      "prompts_ranked": len(within),
                      "spearman_human_formula_reward": _r(spearman_rho([a for a, _ in hr], [b for _, b in hr])),
                      "mean_abs_diff_human_formula_reward": _r(mean(abs(a - b) for a, b in hr)) if hr else None}
    return out


def _r(x: float | None) -> float | None:
    return None if x is None or x != x else round(x, 3)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["export", "score"])
    ap.add_argument("--set", required=True, choices=list(SETS))
    ap.add_argument("--grader", default="strong", choices=["strong", "embedded"])
    ap.add_argument("--chunk", type=int, default=40)
    ap.add_argument("--prompts", type=int, default=None, help="only the rows of the first N prompts")
    args = ap.parse_args()
    global PROMPTS
    PROMPTS = args.prompts
    folder = HERE / args.grader / (args.set if args.prompts is None else f"{args.set}_first{args.prompts}")
    source = write_input(args.set, folder)
    out = folder / "results.jsonl"
    if args.action == "export":
        hrm_score([str(source), "-o", str(out), "--restart", *batch_args(folder)])
        print(f"{sheets(folder, args.chunk)} new questions in sheets under {folder.relative_to(ROOT)}/questions")
        return 0
    if args.grader == "strong":
        hrm_score([str(source), "-o", str(out), "--restart", *batch_args(folder)])
    else:
        hrm_score([str(source), "-o", str(out), "--engine", "embedded"])  # resumes where it stopped
    m = metrics(args.set, out)
    (folder / "metrics.json").write_text(json.dumps(m, indent=2) + "\n")
    print(json.dumps(m, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
