"""Rubric packs: the pack format (``schema``), product cards (``cards``), loading and validating a pack file
against the registries (``loader``) and the packs by id (``registry``). The shipped packs are ``builtin/*.yaml``."""
