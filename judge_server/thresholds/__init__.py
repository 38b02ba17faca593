"""Calibrated confidence thresholds: the file format, fitting them from labels, loading them for a judge.

- ``calibration_file``: the versioned JSON format and the per-check question hash it is keyed by.
- ``fit``: fixed-sequence testing with a binomial bound (and an empirical fallback for tiny samples).
- ``label_export``: observations from the review store's label export (``hrm calibrate --from-labels``).
- ``loading``: which files a judge uses (``judge.calibration_file``) and what happens on a mismatch.
"""

from judge_server.thresholds.calibration_file import (
           CalibrationFile,
           CheckThreshold,
           question_hash,
           read_calibration,
)
from judge_server.thresholds.fit import Observation, fit, fit_check, fit_from_calibrate_output
from judge_server.thresholds.loading import ThresholdSet, load_thresholds

__all__ = ["CalibrationFile", "CheckThreshold", "Observation", "ThresholdSet", "fit", "fit_check",
           "fit_from_calibrate_output", "load_thresholds", "question_hash", "read_calibration"]
