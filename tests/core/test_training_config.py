import json

import pytest

from core.engines.config import TrainingConfig
from core.errors import WorkbenchError


def test_json_round_trip(tmp_path):
    config = TrainingConfig(algorithm="unigram", vocab_size=32000, special_tokens=["<s>", "</s>"],
                            byte_fallback=True, character_coverage=0.9995)
    path = tmp_path / "c.json"
    path.write_text(json.dumps(config.to_json()))
    assert TrainingConfig.load(path) == config


@pytest.mark.parametrize("data,needle", [
    ({"vocab_sise": 5}, "unknown field 'vocab_sise' (did you mean 'vocab_size'?)"),
    ({"vocab_size": "8000"}, "vocab_size should be int"),
    ({"byte_fallback": 1}, "byte_fallback should be bool"),
    ({"engine": "magic"}, "engine must be one of"),
    ({"special_tokens": ["<s>", "<s>"]}, "repeats"),
    ({"special_tokens": [""]}, "empty token"),
    ({"character_coverage": 1.5}, "character_coverage"),
    ({"deduplicate": "no"}, "deduplicate should be bool"),
])
def test_bad_fields_are_named(data, needle):
    with pytest.raises(WorkbenchError) as err:
        TrainingConfig.from_json(data)
    assert needle in str(err.value)


def test_invalid_json_file_names_line(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('{"vocab_size": 10,\n oops}')
    with pytest.raises(WorkbenchError, match=r"c.json:2:2: invalid JSON"):
        TrainingConfig.load(path)


def test_deduplication_is_a_config_option_on_by_default():
    assert TrainingConfig().deduplicate is True
    config = TrainingConfig.from_json({"deduplicate": False})
    assert config.deduplicate is False and config.to_json()["deduplicate"] is False
