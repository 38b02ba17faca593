"""`hrm report` and `hrm compare`: metrics of scored files, per-pack sections, HTML views."""
