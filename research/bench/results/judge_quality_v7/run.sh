#!/bin/bash
# design v7 = v6 + the rule changes of c296c73 (running costs beside a comparison, grader notes in six more
# languages, tag characters) + a calibration fitted with --ask-where-rules-decide and no short-circuit, so the
# grader's "yes" is fitted on the flaws the rules catch too. Each held-out set judged once; independent4 was
# written for this round. Then the v6 design (53e47b0) on independent4 for a side-by-side. Worktrees of the
# measured commits; the lock serialises LLM runs on the shared box; the verdict cache is the v6 runs'.
set -x
PY=/work/main/.venv/bin/python
O=/tmp/calout/v7
CAL=$O/dev_all/smartshop.qwen2.5-coder-1.5b.json
mkdir -p $O
cd /tmp/wt-v7    # 53e47b0 (the fit does not depend on the rules: the grader is asked every question)
export PYTHONPATH=/tmp/wt-v7:/tmp/wt-v7/clients
cat devset/dev.jsonl devset/dev_nocategory.jsonl > $O/dev_all.jsonl
flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate $O/dev_all.jsonl --l1-only --ask-where-rules-decide \
  --cache-dir /tmp/calcache_v6 --calibration off --resume --out $O/dev_all --fit $CAL
cd /tmp/wt-v7b   # d9f7e8d
export PYTHONPATH=/tmp/wt-v7b:/tmp/wt-v7b/clients
for f in evalsets/independent4/shop_indep4.jsonl evalsets/independent/shop_indep.jsonl \
         evalsets/independent2/shop_indep2.jsonl evalsets/independent3/shop_indep3.jsonl; do
  n=$(basename $f .jsonl)
  flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate $f --l1-only --short-circuit \
    --cache-dir /tmp/calcache_v6 --calibration $CAL --resume --out $O/${n}_q15_cal
done
cd /tmp/wt-v7
export PYTHONPATH=/tmp/wt-v7:/tmp/wt-v7/clients
flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate /tmp/wt-v7b/evalsets/independent4/shop_indep4.jsonl \
  --l1-only --short-circuit --cache-dir /tmp/calcache_v6 \
  --calibration /tmp/calout/v6/dev_q15/smartshop.qwen2.5-coder-1.5b.json --resume --out /tmp/calout/v6/shop_indep4_q15_cal
# rules alone, old vs new, every labelled set (no grader)
cd /work/main && PYTHONPATH=.:clients $PY bench/bench_rule_vetoes.py devset/dev.jsonl devset/dev_rule_cases.jsonl \
  evalsets/independent*/shop_indep*.jsonl --compare-with /tmp/wt-v7 > bench/results/judge_quality_v7/rule_vetoes.txt
