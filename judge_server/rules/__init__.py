"""Deterministic rules: what a rule receives and returns (``base``), the one list of rules (``registry``), the
shopping rules (``shopping/``), the generic tool-argument rules (``tools``) and the other packs' rules (``other/``)."""
