"""HRM judge service: rubric rendering, gated LLM judging, caching and hierarchical rewards."""

__version__ = "0.1.0"
