"""Asking the grader: prompt rendering (``prompts``), the judge with retries and tiers (``judge``), parsing
answers into verdicts (``parsing``) and the verdict cache (``cache``)."""
