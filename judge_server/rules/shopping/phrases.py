"""Wording shared by the fact, claim and constraint checks: comparators before a figure, and which unit
families a lone record attribute may be paired with when no cue word ties a figure to it.

One list, so the checks cannot drift apart ("above" a comparator in one module and not in the other).
"""

from __future__ import annotations

import re

#: unit families whose figures usually describe the record's one attribute of that family. Without a cue word
#: that pairing only ever *supports* a figure: "expandable to 1 TB" is not the storage_gb of 128, and "riders
#: of 100 kg" is not the bike's weight_kg, so a mismatch found that way is not a contradiction.
FALLBACK_FAMILIES = frozenset({"mass", "volume", "power", "charge", "storage", "suction", "count", "slices",
                               "functions"})

#: words before a figure that make it a lower bound ("at least 8 hours", "over 2 kg")
AT_LEAST_WORDS = r"over|more than|at least|above|upwards of|min(?:imum)?(?: of)?|min\."
#: words before a figure that make it an upper bound ("under 300 g", "no more than 2 lb")
AT_MOST_WORDS = r"under|below|less than|at most|no more than|within|max(?:imum)?(?: of)?"


def ending_with(words: str) -> re.Pattern[str]:
    """A pattern matching ``words`` at the end of the text before a figure."""
    return re.compile(rf"\b(?:{words})\s*$", re.I)
