import textwrap

def I(id, text, weight, veto=False, applies_if=None):
    d = {"id": id, "text": text, "weight": weight, "veto": veto}
    if applies_if:
        d["applies_if"] = applies_if
    return d

MAP = {"y": "yes", "n": "no", "na": "n/a"}

def R(letter, text, labels, quality, flaw):
    return {"letter": letter, "response": textwrap.dedent(text).strip(),
            "labels": {k: MAP[v] for k, v in labels.items()},
            "quality": quality, "flaw": flaw}

def P(pid, domain, style, query, items, responses):
    return {"prompt_id": pid, "domain": domain, "style": style, "query": query,
            "rubric_items": items, "responses": responses}
