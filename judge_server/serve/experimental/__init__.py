"""Serve features not turned on by default (config section ``experimental``): rollout-group affinity."""
