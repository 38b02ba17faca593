"""Rules on the response text alone, for any domain: what a request's rubric items may name as a code verifier
(``verifier: code:<name>``; listed in ``judge_server.rules.registry.ITEM_VERIFIERS``).

Each is cheap and bounded on any input (no regular expression from the request), because a request, not a
reviewed pack file, supplies its parameters.
"""
