"""per_object: a value per pack object (by identity) and arguments, bounded."""

from __future__ import annotations

import pytest

from judge_server.packs import memo
from judge_server.packs.memo import per_object


class Obj:
    def __init__(self, text: str) -> None:
        self.text = text


def test_computed_once_per_object_and_arguments() -> None:
    calls: list[tuple[str, int]] = []

    @per_object
    def shout(o: Obj, times: int) -> str:
        calls.append((o.text, times))
        return o.text.upper() * times

    a, b = Obj("a"), Obj("a")  # equal content, distinct objects: each has its own entry
    assert shout(a, 1) == "A" and shout(a, 1) == "A" and shout(a, 2) == "AA" and shout(b, 1) == "A"
    assert calls == [("a", 1), ("a", 2), ("a", 1)]


def test_an_entry_keeps_its_object_so_its_id_is_not_reused() -> None:
    @per_object
    def text(o: Obj) -> str:
        return o.text

    for k in range(200):  # objects made and dropped at once: ids are reused by the allocator when free
        assert text(Obj(str(k))) == str(k)


def test_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MAX_ENTRIES", 3)
    calls: list[str] = []

    @per_object
    def text(o: Obj) -> str:
        calls.append(o.text)
        return o.text

    objs = [Obj(str(k)) for k in range(5)]
    for o in objs:
        text(o)
    text(objs[4])
    assert calls == ["0", "1", "2", "3", "4"]  # the fourth cleared the memo; the fifth is still remembered
    text(objs[0])
    assert calls[-1] == "0"
