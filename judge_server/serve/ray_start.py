"""Starting Ray for HRM on a small or busy host: Serve timeouts that tolerate a loaded CPU, and retried starts.

Serve's controller and proxies read their settings from the environment of their own processes, which
inherit the driver's. Its default proxy ready check (5 s) kills the HTTP proxy when a 2-core machine is busy
judging, and the app then never becomes reachable; ``serve_env_defaults`` raises it before Ray starts (a value
the operator set wins). ``start_local_ray`` also retries the one start failure Ray does not retry itself: the
raylet's fixed 30 s registration wait running out on a loaded machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

#: environment defaults for Serve's processes (seconds)
SERVE_ENV_DEFAULTS = {"RAY_SERVE_PROXY_READY_CHECK_TIMEOUT_S": "60"}


def serve_env_defaults() -> None:
    """Set HRM's Serve timeouts in this process's environment unless already set; call before ``ray.init``."""
    for key, value in SERVE_ENV_DEFAULTS.items():
        os.environ.setdefault(key, value)


def start_local_ray(num_cpus: int, *, attempts: int = 3, log: Callable[[str], None] | None = None,
                    **init: Any) -> None:
    """``ray.init`` a private local cluster with HRM's Serve defaults, retried on the raylet start timeout."""
    import ray

    serve_env_defaults()
    init = {"include_dashboard": False, "log_to_driver": False, **init}
    for attempt in range(1, attempts + 1):
        try:
            ray.init(address="local", num_cpus=num_cpus, **init)
            return
        except Exception as exc:  # noqa: BLE001 - Ray raises a bare Exception for this timeout
            ray.shutdown()
            if "timed out during startup" not in str(exc) or attempt == attempts:
                raise
            if log is not None:
                log(f"ray did not start ({exc}); attempt {attempt + 1}/{attempts}")
