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
    def walk(model):
        for name, field in model.model_fields.items():
            assert field.description, f"{model.__name__}.{name} has no description"
            ann = field.annotation
            if isinstance(ann, type) and hasattr(ann, "model_fields"):
                walk(ann)

    walk(HRMConfig)
