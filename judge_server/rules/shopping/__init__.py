"""Deterministic verification of checkable facts: card syntax and ids, UI trigger, query constraints, stated
facts, tool arguments and grader-directed content. Importing this package registers nothing; the rules are
listed in ``judge_server.rules.registry``."""
