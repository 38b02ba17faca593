"""hrm calibrate records, for a question with ``agree_with`` (smartshop's ui_trigger), the check verdict the
grader's answer makes, not the bare yes/no: "the query calls for products" passes with cards shown and fails
without, which is what the item's ui_trigger label says (the real-backed sibling: tests/real/test_judge_quality.py)."""

from __future__ import annotations

from pathlib import Path

from hrm_tools.calibrate.run import Calibrator, build_pipeline, load_devset
from judge_server.config import HRMConfig

DEV = Path(__file__).resolve().parents[2] / "research/devset" / "dev.jsonl"


async def test_ui_trigger_observations_compare_the_check_verdict_with_the_label(tmp_path):
    by_id = {i.request.id: i for i in load_devset(DEV)}
    items = []
    for rid in ("boots-good-rich", "castiron-good-rich"):  # cards shown / an advice answer without cards
        item = by_id[rid]
        # no category and no expect_cards: the rule cannot decide, the grader is asked
        item.request = item.request.model_copy(update={"category": None})
        items.append(item)
    config = HRMConfig.model_validate({"engine": {"kind": "fake", "fake": {"default": "pass"}},
                                       "cache": {"enabled": False}, "judge": {"l1_short_circuit": False}})
    pipeline, pack = build_pipeline(config, "smartshop", l1=True)
    await pipeline.start()
    try:
        recs = await Calibrator(pipeline, pack, tmp_path / "r.jsonl", progress=lambda s: None).run(items)
    finally:
        await pipeline.close()
    trigger = {r["id"]: next(o for o in r["observations"] if o["check"] == "ui_trigger") for r in recs}
    # the fake grader says "yes" (the query calls for products) to both
    assert trigger["boots-good-rich"]["passed"] is True   # cards shown: the check passes
    assert trigger["castiron-good-rich"]["passed"] is False  # no cards: the check fails
    # ... exactly as the pipeline's own check verdict, which is what the labels are about
    for r in recs:
        assert r["checks"]["ui_trigger"]["passed"] is trigger[r["id"]]["passed"]
