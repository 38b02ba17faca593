"""`hrm eval`: the multi-run input format, the resumable runner and its output records."""
