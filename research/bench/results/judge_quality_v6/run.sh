#!/bin/bash
# design v6 (description_faithfulness asked jointly: one grader call answers for every carded product):
# dev fit, then each independent set measured once (independent3 was written for this round and first
# judged here). Run from a worktree of the measured commit; the lock serialises LLM runs on the shared box.
set -x
cd /tmp/wt-v6
export PYTHONPATH=/tmp/wt-v6:/tmp/wt-v6/clients
PY=/work/main/.venv/bin/python
O=/tmp/calout/v6
mkdir -p $O
cat devset/dev.jsonl devset/dev_nocategory.jsonl > $O/dev_all.jsonl
flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate $O/dev_all.jsonl --l1-only --short-circuit \
  --cache-dir /tmp/calcache_v6 --calibration off --resume --out $O/dev_q15 --fit $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json
for f in evalsets/independent/shop_indep.jsonl evalsets/independent2/shop_indep2.jsonl \
         /work/main/evalsets/independent3/shop_indep3.jsonl; do
  n=$(basename $f .jsonl)
  flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate $f --l1-only --short-circuit \
    --cache-dir /tmp/calcache_v6 --calibration $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json --resume --out $O/${n}_q15_cal
done
