"""Build the verl parquet dataset of the shopping-agent recipe from example queries and a catalog.

    python -m trainer_plugin.recipe.build_dataset --queries trainer_plugin/recipe/queries.jsonl \
        --catalog trainer_plugin/recipe/catalog.jsonl --out data/smartshop --val-fraction 0.25

Each row: ``prompt`` (system + user chat messages; verl's RLHFDataset hands them to the agent loop as
``raw_prompt``), ``agent_name: tool_agent`` (verl's ToolAgentLoop), ``data_source``, and ``extra_info``
with ``index``, ``query``, ``category`` and ``rubric`` for the ``hrm`` reward manager. The catalog is not
put in the row: the policy must retrieve products with its tools, and HRM checks its cards against what
those tools returned. ``--with-catalog`` adds the catalog as ``extra_info.products`` (cards may then refer
to any catalog product).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

SYSTEM = ("You are a shopping assistant. Use the tools to find real products before recommending any; "
          "never invent a product or a fact. Show every product you recommend as a card "
          "<product>PD_id</product> (a bundle as <product>PD_a,PD_b</product>). For advice questions that need "
          "no product, answer without cards. Think inside <think>...</think> before you answer.")


def rows(queries: list[dict[str, Any]], catalog: list[dict[str, Any]] | None = None,
         rubric: str = "smartshop", agent_name: str = "tool_agent") -> list[dict[str, Any]]:
    out = []
    for i, q in enumerate(queries):
        extra: dict[str, Any] = {"index": i, "query": q["query"], "category": q.get("category") or "",
                                 "rubric": q.get("rubric", rubric), "id": q.get("id", f"q{i:05d}")}
        if catalog is not None:
            extra["products"] = json.dumps(catalog)  # a string: parquet needs one type per column
        out.append({"data_source": "smartshop", "agent_name": agent_name, "ability": "shopping",
                    "prompt": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": q["query"]}],
                    "reward_model": {"style": "model", "ground_truth": ""}, "extra_info": extra})
    return out


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--queries", type=Path, default=Path(__file__).with_name("queries.jsonl"))
    p.add_argument("--catalog", type=Path, default=Path(__file__).with_name("catalog.jsonl"))
    p.add_argument("--with-catalog", action="store_true", help="send the catalog as extra_info.products")
    p.add_argument("--out", type=Path, required=True, help="output prefix: writes <out>_train/_val.parquet")
    p.add_argument("--val-fraction", type=float, default=0.25)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agent-name", default="tool_agent",
                   help="verl agent loop of every row (tool_agent_topk records top-k log-probs; a row's agent_name "
                        "wins over rollout.agent.default_agent_loop)")
    args = p.parse_args(argv)

    import pandas as pd

    from trainer_plugin.tools import load_catalog

    catalog = list(load_catalog(str(args.catalog)))  # validates every record (each needs an id)
    data = rows(read_jsonl(args.queries), catalog if args.with_catalog else None, agent_name=args.agent_name)
    random.Random(args.seed).shuffle(data)
    n_val = max(1, round(len(data) * args.val_fraction)) if len(data) > 1 else 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for split, part in (("train", data[n_val:]), ("val", data[:n_val])):
        pd.DataFrame(part).to_parquet(f"{args.out}_{split}.parquet")
        print(f"{args.out}_{split}.parquet: {len(part)} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
