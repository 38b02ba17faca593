"""`hrm calibrate`: judge a labelled set, measure agreement, fit per-check confidence thresholds."""
