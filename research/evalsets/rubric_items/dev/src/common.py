"""Helpers for building the rubric-item dev set. Written by an LLM helper from its own knowledge."""

def item(id, weight, text, veto=False, applies_if=None):
    d = {"id": id, "text": text, "weight": weight, "veto": veto}
    if applies_if:
        d["applies_if"] = applies_if
    return d

_MAP = {"y": "yes", "n": "no", "na": "n/a"}

def lab(**kw):
    return {k: _MAP[v] for k, v in kw.items()}

def resp(letter, quality, flaw, labels, text):
    return {"letter": letter, "quality": quality, "flaw": flaw, "labels": labels, "response": text.strip()}
