"""Rule scorers of the packs beyond shopping (listed in ``judge_server.rules.registry``; importing this package
registers nothing).

- ``shop_r1_action``: Shop-R1 hierarchical action reward with DARS-scaled ROUGE-L values (shop_r1 pack);
- ``tool_call_match``: the deterministic part of tool-call accuracy (workflow_agent pack);
- ``format_validator``: configurable response-format rules (workflow_agent pack).
Report metrics of these packs are pure functions in ``tests/oracle_metrics.py``.
"""
