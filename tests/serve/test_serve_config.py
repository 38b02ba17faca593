"""ServeConfig: validation, environment overrides, engine-derived sizing, token sources."""

from __future__ import annotations

import pytest

from hrm_wire.errors import ConfigError
from judge_server.serve.config import ServeConfig, dump_config, load_serve_config


def test_env_overrides_reach_both_trees(tmp_path) -> None:
    path = tmp_path / "serve.yaml"
    path.write_text("max_queue: 7\nhrm:\n  engine:\n    kind: embedded\n")
    env = {"HRM_SERVE__GRPC__PORT": "6000", "HRM__ENGINE__N_PARALLEL": "3"}
    config = load_serve_config(path, environ=env, overrides={"retry_after_s": 4})
    assert (config.max_queue, config.grpc.port, config.hrm.engine.kind) == (7, 6000, "embedded")
    assert config.hrm.engine.n_parallel == 3 and config.retry_after_s == 4


def test_extra_fields_forbidden() -> None:
    with pytest.raises(ConfigError) as info:
        load_serve_config(overrides={"http": {"portt": 1}}, environ={})
    assert info.value.field == "http.portt"


def test_grader_sizing_follows_engine() -> None:
    assert ServeConfig.model_validate({"hrm": {"engine": {"kind": "vllm"}}}).grader_max_ongoing() == 256
    embedded = ServeConfig.model_validate({"hrm": {"engine": {"kind": "embedded", "n_parallel": 4}}})
    assert embedded.grader_max_ongoing() == 16 and embedded.grader_num_gpus() == 0.0
    explicit = ServeConfig.model_validate({"grader": {"max_ongoing_requests": 9, "num_gpus": 2}})
    assert explicit.grader_max_ongoing() == 9 and explicit.grader_num_gpus() == 2


def test_tokens_from_config_and_env() -> None:
    config = ServeConfig.model_validate({"auth": {"tokens": ["s3cret-a"], "tokens_env": "MY_TOKENS"}})
    assert config.auth.all_tokens({"MY_TOKENS": " b, ,c "}) == {"s3cret-a", "b", "c"}
    assert "s3cret" not in repr(config)  # secrets are not printed
    assert ServeConfig.model_validate(dump_config(config)).auth.all_tokens({}) == {"s3cret-a"}


def test_store_validated_lazily(tmp_path) -> None:
    config = ServeConfig.model_validate({"store": {"url": f"sqlite:///{tmp_path}/j.db"}, "review": True})
    assert type(config.store).__name__ == "StoreConfig"
    assert ServeConfig.model_validate(dump_config(config)).store == config.store
    with pytest.raises(Exception, match="extra"):
        ServeConfig.model_validate({"store": {"nope": 1}})
