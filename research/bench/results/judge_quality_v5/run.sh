#!/bin/bash
# design v5 (kind_similarity screen on ui_relevance; ui_trigger fitted on category-less dev items too):
# dev fit, then each independent set measured once
set -x
cd /tmp/wt-v5
export PYTHONPATH=/tmp/wt-v5:/tmp/wt-v5/clients
PY=/work/main/.venv/bin/python
O=/tmp/calout/v5
# dev_all.jsonl = cat devset/dev.jsonl devset/dev_nocategory.jsonl
cat devset/dev.jsonl devset/dev_nocategory.jsonl > $O/dev_all.jsonl
flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate /tmp/calout/v5/dev_all.jsonl --l1-only --short-circuit \
  --cache-dir /tmp/calcache_v5 --calibration off --resume --out $O/dev_q15 --fit $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json
for s in independent/shop_indep independent2/shop_indep2; do
  n=$(basename $s)
  flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate evalsets/$s.jsonl --l1-only --short-circuit \
    --cache-dir /tmp/calcache_v5 --calibration $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json --resume --out $O/${n}_q15_cal
done
