"""deploy/: the Serve YAML and the RayService's serveConfigV2 pass Ray's own schema and our ServeConfig."""

from __future__ import annotations

from pathlib import Path

import yaml
from ray.serve.schema import ServeDeploySchema

from judge_server.serve.app import build_app
from judge_server.serve.config import ServeConfig, config_from_args

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _check(serve_config: dict) -> ServeConfig:
    schema = ServeDeploySchema.model_validate(serve_config)
    (app,) = schema.applications
    assert app.import_path == "judge_server.serve.app:build_app"
    config = config_from_args(app.args)
    assert config.app_name == app.name
    build_app(app.args)  # the builder accepts exactly these args (binding needs no cluster)
    return config


def test_serve_yaml() -> None:
    config = _check(yaml.safe_load((DEPLOY / "serve_config.yaml").read_text()))
    assert config.hrm.engine.kind == "embedded" and config.grpc.host == "0.0.0.0"


def test_rayservice_manifest() -> None:
    docs = list(yaml.safe_load_all((DEPLOY / "rayservice.yaml").read_text()))
    service = next(d for d in docs if d["kind"] == "RayService")
    config = _check(yaml.safe_load(service["spec"]["serveConfigV2"]))
    assert config.hrm.engine.kind == "vllm"
    assert config.grader_num_gpus() == 1.0 and config.grader_max_ongoing() == 256
    assert config.grader.autoscaling is not None and config.ingress.autoscaling is not None
    # the model and the cache come from mounted volumes
    groups = {g["groupName"]: g for g in service["spec"]["rayClusterConfig"]["workerGroupSpecs"]}
    gpu = groups["gpu-grader"]["template"]["spec"]
    mounts = {m["mountPath"] for m in gpu["containers"][0]["volumeMounts"]}
    assert config.hrm.engine.model.startswith("/models/") and "/models" in mounts
    assert gpu["containers"][0]["resources"]["limits"]["nvidia.com/gpu"] == "1"
    assert any(d["kind"] == "Service" and d["spec"]["ports"][0]["port"] == config.grpc.port for d in docs)


def test_bad_args_rejected_by_builder() -> None:
    import pytest

    from hrm_wire.errors import ConfigError

    with pytest.raises(ConfigError) as info:
        build_app({"max_queue": 0})
    assert info.value.field == "max_queue"
    with pytest.raises(ConfigError) as info:
        build_app({"grpc": {"prot": 1}})
    assert info.value.field == "grpc.prot"


def test_drain_time_reaches_both_deployments() -> None:
    # a replica being removed keeps answering what it holds for drain_s (Serve's graceful shutdown timeout)
    ingress = build_app({"grader": {"drain_s": 45}, "ingress": {"drain_s": 7}})._bound_deployment
    grader = ingress.init_args[1]._bound_deployment
    assert ingress._deployment_config.graceful_shutdown_timeout_s == 7
    assert grader._deployment_config.graceful_shutdown_timeout_s == 45
    default = build_app({})._bound_deployment.init_args[1]._bound_deployment
    assert default._deployment_config.graceful_shutdown_timeout_s == ServeConfig().grader.drain_s == 300
