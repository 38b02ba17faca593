"""The escalation cascade on two real engines on CPU: SmolLM2-135M (weak) -> Qwen2.5-Coder-1.5B (strong).

A calibration file (written here, loaded through judge.calibration_file like a fitted one) decides
which tier may answer which check; the tests check that questions really reach the tier the thresholds
send them to, that each tier's verdicts carry real log-prob confidences, and that a tier that cannot
start keeps the whole cascade not ready.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio

from hrm_tools.calibrate.run import Calibrator, build_pipeline, load_devset
from hrm_wire.errors import EngineUnavailable
from judge_server.config import HRMConfig
from judge_server.engines.cascade import CascadeEngine
from judge_server.engines.configs import engine_config
from judge_server.thresholds import question_hash
from judge_server.thresholds.calibration_file import CalibrationFile, CheckThreshold, TierThresholds

pytestmark = [pytest.mark.real, pytest.mark.asyncio(loop_scope="module")]

DEV = Path(__file__).resolve().parents[2] / "research/devset" / "dev.jsonl"
ITEM = {i.request.id: i for i in load_devset(DEV)}["toaster-good-plain"]
WEAK, STRONG = "smollm2-135m-instruct-q4_1", "qwen2.5-coder-1.5b-instruct-q4_k_m"
TIERS = [{"kind": "embedded", "model": "smollm2-135m", "n_ctx": 8192},
         {"kind": "embedded", "model": "qwen2.5-coder-1.5b", "n_ctx": 8192}]


def calibration(tmp: Path, weak: float | None, strong: float | None) -> Path:
    """A calibration file giving every L1 question of smartshop these thresholds per tier."""
    config = HRMConfig.model_validate({"engine": {"kind": "fake"}})
    _, pack = build_pipeline(config, "smartshop", l1=True)
    def tier(t: float | None) -> TierThresholds:
        return TierThresholds(checks={c.id: CheckThreshold(question_hash=question_hash(c.llm), n=50, threshold=t,
                                                           method="fixed_sequence_binomial")
                                      for c in pack.checks if c.llm is not None})
    path = tmp / f"cal-{weak}-{strong}.json"
    CalibrationFile(pack="smartshop", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial",
                    tiers={WEAK: tier(weak), STRONG: tier(strong)}).dump(path)
    return path


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def cascade():
    engine = CascadeEngine(engine_config({"kind": "cascade", "tiers": TIERS}))
    await engine.start()
    yield engine
    await engine.close()


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    # shared by the tests of this module: each grader answers a question once (CPU budget); the tier
    # bookkeeping under test counts cached answers like fresh ones
    return tmp_path_factory.mktemp("verdicts")


async def judge_with(engine: CascadeEngine, cal: Path | str, tmp: Path, cache: Path, **judge) -> dict:
    config = HRMConfig.model_validate({"engine": {"kind": "cascade", "tiers": TIERS},
                                       "cache": {"enabled": True, "directory": str(cache)},
                                       "judge": {"calibration_file": str(cal), "l1_short_circuit": False, **judge}})
    pipeline, pack = build_pipeline(config, "smartshop", l1=True, engine=engine)
    (rec,) = await Calibrator(pipeline, pack, tmp / "r.jsonl", progress=lambda s: None).run([ITEM])
    return rec


async def test_unsure_weak_tier_escalates_every_question_to_the_strong_one(cascade, tmp_path, cache_dir):
    assert cascade.model_id == f"cascade({WEAK} > {STRONG})" and cascade.is_ready()
    rec = await judge_with(cascade, calibration(tmp_path, None, 0.0), tmp_path, cache_dir)
    asked = rec["tiers"]
    assert asked[WEAK]["asked"] == asked[WEAK]["escalated"] == asked[STRONG]["decided"] > 0
    strong = [o for o in rec["observations"] if o["tier"] == STRONG]
    assert strong and all(0.0 < o["confidence"] <= 1.0 for o in strong)
    assert isinstance(rec["l1_pass"], bool) and not rec["abstained"]  # the 1.5B decided every question


async def test_confident_weak_tier_decides_and_the_strong_one_is_never_asked(cascade, tmp_path, cache_dir):
    rec = await judge_with(cascade, calibration(tmp_path, 0.0, 0.0), tmp_path, cache_dir)
    assert set(rec["tiers"]) == {WEAK} and rec["tiers"][WEAK]["decided"] == rec["llm_calls"] > 0


async def test_unsure_strong_tier_abstains_unless_the_last_tier_decides(cascade, tmp_path, cache_dir):
    cal = calibration(tmp_path, None, None)  # neither grader may decide any check
    rec = await judge_with(cascade, cal, tmp_path, cache_dir)
    assert rec["tiers"][STRONG]["abstained"] == rec["tiers"][WEAK]["escalated"] > 0
    assert rec["abstained"] and rec["l1_pass"] is None and rec["reward"] is None
    forced = await judge_with(cascade, cal, tmp_path / "forced", cache_dir, last_tier_decides=True)
    assert forced["tiers"][STRONG]["decided"] > 0 and "abstained" not in forced["tiers"][STRONG]


async def test_a_tier_that_cannot_start_keeps_the_cascade_not_ready(tmp_path):
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF but not really a model" * 100)
    engine = CascadeEngine(engine_config({"kind": "cascade", "tiers": [
        TIERS[0], {"kind": "embedded", "model": str(broken)}]}))
    with pytest.raises(EngineUnavailable, match="did not start"):
        await engine.start()
    assert not engine.is_ready()


async def test_self_consistency_tier_on_smollm2(tmp_path):
    """k real samples per yes/no question; the verdict's confidence is the share agreeing with the majority."""
    config = HRMConfig.model_validate({
        "engine": {"kind": "self_consistency", "samples": 3, "sample_temperature": 1.0, "tiers": [TIERS[0]]},
        "cache": {"enabled": False}, "judge": {"calibration_file": "off", "l1_short_circuit": False}})
    pipeline, pack = build_pipeline(config, "smartshop", l1=True)
    await pipeline.start()
    try:
        (rec,) = await Calibrator(pipeline, pack, tmp_path / "r.jsonl", progress=lambda s: None).run([ITEM])
    finally:
        await pipeline.close()
    assert rec["grader_model"] == f"{WEAK}+sc3@t1"
    confidences = {o["confidence"] for o in rec["observations"]}
    assert confidences and confidences <= {0.5, round(2 / 3, 6), 1.0}  # 3 samples; one may not parse
