#!/bin/bash
# design v4 (ui_relevance question rewritten on dev): dev fit, then each independent set measured once
set -x
cd /tmp/wt-v4
export PYTHONPATH=/tmp/wt-v4:/tmp/wt-v4/clients
PY=/work/main/.venv/bin/python
O=/tmp/calout2/v4
mkdir -p $O
flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate devset/dev.jsonl --l1-only --short-circuit \
  --cache-dir /tmp/calcache_qf --calibration off --resume --out $O/dev_q15 --fit $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json
for s in independent/shop_indep independent2/shop_indep2; do
  n=$(basename $s)
  flock /tmp/hrm-llm.lock $PY -m judge_server.cli calibrate evalsets/$s.jsonl --l1-only --short-circuit \
    --cache-dir /tmp/calcache_qf --calibration $O/dev_q15/smartshop.qwen2.5-coder-1.5b.json --resume --out $O/${n}_q15_cal
done
