"""Running a check: its rule, its grader question and the combine policy between them (``runner``,
``combine``), and the screens that settle plain per-product answers in code (``screens/``)."""
