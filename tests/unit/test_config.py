import pytest

from hrm_wire.errors import ConfigError
from judge_server.config import HRMConfig, load_config


def test_env_overrides_nested_fields(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("engine:\n  kind: fake\ncache:\n  size_limit_mb: 10\n")
    cfg = load_config(path, environ={"HRM__CACHE__SIZE_LIMIT_MB": "20", "HRM__JUDGE__MAX_ATTEMPTS": "5"})
    assert cfg.engine.kind == "fake" and cfg.cache.size_limit_mb == 20 and cfg.judge.max_attempts == 5


def test_unknown_field_is_rejected_with_its_path():
    with pytest.raises(ConfigError) as info:
        load_config(overrides={"engine": {"kindd": "fake"}}, environ={})
    assert info.value.field == "engine.kindd"


def test_every_field_is_described():
    import typing

    def models_in(ann):
        if isinstance(ann, type) and hasattr(ann, "model_fields"):
            yield ann
        for arg in typing.get_args(ann):  # unions (engine kinds), Annotated, list[...]
            yield from models_in(arg)

    def walk(model, seen=set()):  # noqa: B006 - shared on purpose: each model once
        if model in seen:
            return
        seen.add(model)
        for name, field in model.model_fields.items():
            assert field.description, f"{model.__name__}.{name} has no description"
            for sub in models_in(field.annotation):
                walk(sub)

    walk(HRMConfig)


def test_size_caps_live_in_one_place_and_old_serve_keys_still_land_there():
    from judge_server.serve.config import ServeConfig

    cfg = ServeConfig.model_validate({"max_batch_items": 7, "http": {"max_body_bytes": 4096},
                                      "grpc": {"max_message_bytes": 8192}})
    assert cfg.limits is cfg.hrm.limits
    assert (cfg.limits.max_batch_items, cfg.limits.max_body_bytes) == (7, 4096)  # the HTTP key wins the tie
    explicit = ServeConfig.model_validate({"max_batch_items": 7, "hrm": {"limits": {"max_batch_items": 3}}})
    assert explicit.limits.max_batch_items == 3
    assert "max_batch_items" not in ServeConfig.model_json_schema()["properties"]
    with pytest.raises(Exception):  # noqa: B017 - pydantic's own error: the cap is validated where it lives
        ServeConfig.model_validate({"hrm": {"limits": {"max_depth": 1000}}})


def test_calibration_off_survives_yaml_and_the_environment(tmp_path):
    # YAML 1.1 reads a bare `off` as false; the documented value must still mean "no calibration"
    path = tmp_path / "c.yaml"
    path.write_text("judge:\n  calibration_file: off\n")
    assert load_config(path, environ={}).judge.calibration_file == "off"
    assert load_config(environ={"HRM__JUDGE__CALIBRATION_FILE": "off"}).judge.calibration_file == "off"
