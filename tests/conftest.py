"""Shared fixtures: where the real data lives, and the project's own demo tokenizers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import serial

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
TOKENIZERS = DATA / "tokenizers"
FLORES = DATA / "corpora" / "flores200-dev"
DEMO = ROOT / "resources" / "demo"

# (name, path relative to TOKENIZERS) of every real tokenizer we are given
REAL_TOKENIZERS = [
    ("gpt2", "gpt2.tiktoken"),
    ("bert-json", "bert-minilm/tokenizer.json"),
    ("bert-vocab", "bert-minilm/vocab.txt"),
    ("spm-en", "sentencepiece/test_model.model"),
    ("spm-ja", "sentencepiece/test_ja_model.model"),
    ("mistral", "mistral-v3/tokenizer.model"),
    ("claude-legacy", "claude-legacy/tokenizer.json"),
]


NO_REALDATA = "--no-realdata"
_real_data = {"off": False}  # set from the command line when the session starts


def pytest_addoption(parser, pluginmanager):
    if not pluginmanager.has_plugin(serial.__name__):  # not already given as -p tests.serial
        pluginmanager.register(serial, serial.__name__)  # its options: make test's two passes
    parser.addoption(NO_REALDATA, action="store_true",
                     help="skip every test that reads ../shared/data (the realdata marker or "
                          "require_data): the fast lane, `make check`")


def pytest_configure(config):
    _real_data["off"] = bool(config.getoption(NO_REALDATA, default=False))


def pytest_collection_modifyitems(config, items):
    skip = pytest.mark.skip(reason=f"real data skipped ({NO_REALDATA})")
    for item in items:
        if "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)  # drives Qt widgets: a GUI test, marked or not
        if _real_data["off"] and item.get_closest_marker("realdata"):
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def own_config_folders(tmp_path_factory):
    """This session's own XDG config and data folders (inherited by the processes tests start):
    a settings or workspace file a test makes its window or a child write goes there, never to
    the user's, and two pytest-xdist workers never share one. The cache folder stays the
    user's: matplotlib keeps its font list there (rebuilding it costs seconds)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
            patch.setenv(name, str(tmp_path_factory.mktemp(name.lower())))
        yield


def real_data_present(path: Path) -> bool:
    """Whether a test may read this optional piece of the shared data (present, and not turned
    off by ``--no-realdata``)."""
    return not _real_data["off"] and path.exists()


def require_data(path: Path) -> Path:
    """Skip (with the reason) when the shared real data is not on this machine, or when the
    session was told not to read it (``--no-realdata``)."""
    if _real_data["off"]:
        pytest.skip(f"real data skipped ({NO_REALDATA}): {path.name}")
    if not path.exists():
        pytest.skip(f"real data not present: {path} (../shared/data is absent)")
    return path


@pytest.fixture
def real_tokenizer_path(request) -> Path:
    return require_data(TOKENIZERS / request.param)


def flores_lines(limit: int | None = None) -> dict[str, list[str]]:
    require_data(FLORES)
    out = {}
    for path in sorted(FLORES.glob("*.dev")):
        lines = path.read_text(encoding="utf-8").splitlines()
        out[path.stem] = lines[:limit] if limit else lines
    return out
