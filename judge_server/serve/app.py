"""The one builder of the Ray Serve application (``import_path: judge_server.serve.app:build_app``).

Topology: ``ingress`` (FastAPI over Serve's HTTP proxy + a gRPC server in the replica, both thin
over one ScoringPipeline) -> ``grader`` (the engine; GPU replicas with vLLM in production). The
pipeline's engine in the ingress is a RemoteEngine forwarding each generation to the grader handle,
so rule checks, caching, gating and retries run next to the transports and only LLM calls cross
to the grader, where concurrent generations from all ingress replicas batch together.
"""

from __future__ import annotations

import gc
import inspect
import logging
from typing import Any

from ray import serve
from ray.serve.handle import DeploymentHandle

from judge_server.serve.config import DeploymentConfig, ServeConfig, config_from_args, dump_config
from judge_server.serve.experimental.group_affinity import grader_router_config
from judge_server.serve.grader import GraderServer

log = logging.getLogger("hrm.serve")

INGRESS_NAME = "ingress"
GRADER_NAME = "grader"
#: a readiness probe's wait for the grader's answer (probes run every second or so)
READY_TIMEOUT_S = 0.5
#: a grader that answered a generation this recently is busy, not gone, when a probe goes unanswered
READY_BUSY_GRACE_S = 5.0


@serve.ingress()
class Ingress:
    """Ingress replica: pipeline + FastAPI app + gRPC server."""

    async def __init__(self, config: dict[str, Any], grader: DeploymentHandle) -> None:  # type: ignore[misc]
        from judge_server.pipeline import ScoringPipeline
        from judge_server.serve.frontend import Frontend
        from judge_server.serve.metrics import ServiceMetrics
        from judge_server.serve.remote_engine import RemoteEngine

        self.config = ServeConfig.model_validate(config)
        self.metrics = ServiceMetrics()
        self.engine = RemoteEngine(grader, self.config.hrm.engine, on_generate=self.metrics.observe_generation,
                                   lost_retries=self.config.grader_lost_retries,
                                   on_resend=self.metrics.grader_resends.inc,
                                   coalesce_max=self.config.grader_coalesce_max)
        await self.engine.start()  # learn the grader's model id first: the judge keys its stats and cache on it
        self.pipeline = ScoringPipeline(self.config.hrm, engine=self.engine)
        await self.pipeline.start()
        self.metrics.watch_judge(self.pipeline.judge)
        self.store = await _open_store(self.config)
        self.frontend = Frontend(self.config, self.pipeline, metrics=self.metrics, store=self.store,
                                 ready_probe=self._grader_ready)
        self.grpc = None
        if self.config.grpc.enabled:
            from judge_server.serve.grpc_server import GRPCServer

            self.grpc = GRPCServer(self.frontend, self.config.grpc)
            await self.grpc.start()
        # What start-up allocated (packs, compiled patterns, Ray and FastAPI objects) lives as long as the replica:
        # moved out of the collector's generations, the cyclic GC stops rescanning it under load (it was about a
        # tenth of a judgment's CPU with a fast grader; research/bench/results/pipeline_cpu/).
        gc.freeze()

    async def _grader_ready(self) -> bool:
        # asked anew at every probe (never a cached True): a killed grader replica must read as
        # not ready within one probe period, and ready again once Serve has replaced it
        return await self.engine.readiness(READY_TIMEOUT_S, busy_grace_s=READY_BUSY_GRACE_S)

    def __serve_build_asgi_app__(self) -> Any:
        from judge_server.serve.http_app import build_http_app

        routers = []
        if self.config.review:
            routers.append(_review_router(self.config, self.store))
        return build_http_app(self.frontend, extra_routers=routers, behind_serve_proxy=True)

    async def grpc_port(self) -> int | None:
        """The bound gRPC port (tests and `hrm serve` use it when the config asked for port 0)."""
        return self.grpc.port if self.grpc is not None else None

    async def __del__(self) -> None:
        if self.grpc is not None:
            await self.grpc.stop(default_grace_s=self.config.ingress.drain_s)
        await self.pipeline.close()
        if self.store is not None and hasattr(self.store, "close"):
            out = self.store.close()
            if inspect.isawaitable(out):
                await out


async def _open_store(config: ServeConfig) -> Any | None:
    if config.store is None or not getattr(config.store, "enabled", True):
        return None
    from judge_server.store import JudgmentStore  # lazy: optional part

    store = JudgmentStore(config.store)
    start = getattr(store, "start", None)
    if start is not None:
        out = start()
        if inspect.isawaitable(out):
            await out
    return store


def _review_router(config: ServeConfig, store: Any) -> Any:
    if store is None:
        from hrm_wire.errors import ConfigError

        raise ConfigError("review: true needs a store", field="review")
    from judge_server.review import build_review_router  # lazy: optional part

    # annotators' tokens, not the scoring ones (those only when no review tokens are set: see AuthConfig)
    return build_review_router(store, tokens=config.auth.review_token_list())


def _options(d: DeploymentConfig, *, max_ongoing: int, num_gpus: float = 0.0) -> dict[str, Any]:
    actor: dict[str, Any] = {"num_cpus": d.num_cpus}
    if num_gpus:
        actor["num_gpus"] = num_gpus
    if d.resources:
        actor["resources"] = dict(d.resources)
    opts: dict[str, Any] = {"max_ongoing_requests": max_ongoing, "max_queued_requests": d.max_queued_requests,
                            "graceful_shutdown_timeout_s": d.drain_s, "ray_actor_options": actor}
    if d.autoscaling is not None:
        a = d.autoscaling
        opts["autoscaling_config"] = {
            "min_replicas": a.min_replicas, "max_replicas": a.max_replicas,
            "target_ongoing_requests": a.target_ongoing_requests,
            "upscale_delay_s": a.upscale_delay_s, "downscale_delay_s": a.downscale_delay_s}
    else:
        opts["num_replicas"] = d.num_replicas
    return opts


def build_app(args: dict[str, Any] | ServeConfig | None = None) -> serve.Application:
    """Serve application builder: ``args`` is a ServeConfig (or its dict, optionally with ``config_file``)."""
    config = config_from_args(args)
    if config.review and config.store is None:
        from hrm_wire.errors import ConfigError

        raise ConfigError("review: true needs a store", field="review")
    grader = serve.deployment(GraderServer, name=GRADER_NAME).options(
        **_options(config.grader, max_ongoing=config.grader_max_ongoing(), num_gpus=config.grader_num_gpus()),
        health_check_period_s=10,
        # the ingress asks its grader for readiness every second: one access-log line per call drowned the log
        logging_config={"enable_access_log": False},
        # group_affinity: a rollout group's questions stay on one replica (shared prefix prefilled once)
        request_router_config=grader_router_config(config.hrm.experimental.group_affinity,
                                                    config.grader_affinity_imbalance()),
    ).bind(config.hrm.engine.model_dump(mode="json"), config.hrm.experimental.slot_affinity)
    ingress = serve.deployment(Ingress, name=INGRESS_NAME).options(
        **_options(config.ingress, max_ongoing=config.ingress.max_ongoing_requests or 1024),
    ).bind(dump_config(config), grader)
    return ingress


async def wait_grader_ready(app_name: str, timeout_s: float) -> bool:
    """Block until the grader's engine is loaded (used by `hrm serve` and tests)."""
    handle = serve.get_deployment_handle(GRADER_NAME, app_name=app_name)
    return bool(await handle.wait_ready.remote(timeout_s))
