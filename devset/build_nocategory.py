"""Write ``dev_nocategory.jsonl``: every dev item again with no category, labelled for ``ui_trigger`` only.

With a category the ``ui_trigger`` rule decides from the category table and the grader is never asked, so
``dev.jsonl`` (every item has a category) gives the grader's "does this query call for products?" answer
almost no labelled verdicts, and ``hrm calibrate --fit`` cannot certify a threshold for it: the judge then
abstains on every category-less request. The copies give that question one labelled verdict per query.

``flaw`` is ``ui_trigger_copy`` so per-flaw and injection figures count each original once. Only the
``ui_trigger`` label is kept: the other checks' questions render identically for a copy (the
category is not in any prompt), so their verdicts would be duplicates and must not count twice in a fit.
The ``ui_trigger`` label does not depend on whether a category was given: it says whether cards fit the
query, which the copy shares with its original.

Run: python devset/build_nocategory.py  (after build_devset.py)
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    out = []
    for line in (HERE / "dev.jsonl").read_text().splitlines():
        item = json.loads(line)
        labels = item["labels"]
        item.update(id=item["id"] + "-nocat", category=None, flaw="ui_trigger_copy", injection=None,
                    labels={"l1_pass": None, "l1": {}, "checks": {"ui_trigger": labels["checks"]["ui_trigger"]},
                            "l2": None, "tool_use": None},
                    note="copy of " + item["id"] + " without its category; labelled for ui_trigger only")
        out.append(json.dumps(item, ensure_ascii=False))
    (HERE / "dev_nocategory.jsonl").write_text("\n".join(out) + "\n")
    print(f"wrote {len(out)} items to {HERE / 'dev_nocategory.jsonl'}")


if __name__ == "__main__":
    main()
