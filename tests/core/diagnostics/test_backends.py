"""The three backends (this process, local processes, a Dask cluster) give identical reports;
an unreachable scheduler gives a clear message quickly; a big file is cut into shards."""

from __future__ import annotations

import time

import pytest

from core.corpus import CorpusSource
from core.diagnostics import backends
from core.diagnostics.run import Settings, diagnose
from core.errors import WorkbenchError
from tests.conftest import FLORES, TOKENIZERS, require_data

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def tokenizers():
    from core.loading import open_tokenizer

    return [open_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"), preset="gpt2"),
            open_tokenizer(require_data(TOKENIZERS / "mistral-v3/tokenizer.model"))]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A few FLORES languages as tagged sources, one cut into several shards."""
    require_data(FLORES)
    folder = tmp_path_factory.mktemp("corpus")
    sources = []
    for lang in ("eng_Latn", "zho_Hans", "amh_Ethi"):
        path = folder / f"{lang}.txt"
        lines = (FLORES / f"{lang}.dev").read_bytes().splitlines(keepends=True)
        path.write_bytes(b"".join(lines[:300]))
        sources.append(CorpusSource(path, lang=lang, domain="news"))
    return sources


def _without_time(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "created"}


def test_in_process_local_processes_and_dask_give_identical_reports(tokenizers, corpus,
                                                                   monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr("core.diagnostics.run.plan_shards", _plan)
    settings = Settings(context=64, round_trip=True)
    here = diagnose(tokenizers, sources=corpus, settings=settings, backend="inprocess")
    assert len(here.to_json()["tokenizers"][0]["buckets"]) > 5
    local = diagnose(tokenizers, sources=corpus, settings=settings, backend="processes",
                     workers=2)
    assert _without_time(local.to_json()) == _without_time(here.to_json())
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = diagnose(tokenizers, sources=corpus, settings=settings, backend="dask",
                          scheduler=cluster.scheduler_address)
    assert _without_time(remote.to_json()) == _without_time(here.to_json())


def _plan(sources):
    from core.diagnostics.shards import plan_shards

    shards = plan_shards(sources, 20_000)
    assert len(shards) > len(sources)  # the test really merges several shards per file
    return shards


def test_an_unreachable_scheduler_is_a_clear_message_not_a_hang(tokenizers, corpus,
                                                               monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 2.0)
    started = time.monotonic()
    with pytest.raises(WorkbenchError, match="cannot reach the Dask scheduler at "
                                             "tcp://127.0.0.1:9"):
        diagnose(tokenizers[:1], sources=corpus[:1], scheduler="tcp://127.0.0.1:9")
    assert time.monotonic() - started < 30


def test_local_processes_stop_when_cancelled(tokenizers, corpus, monkeypatch):
    from core.progress import Cancelled

    monkeypatch.setattr("core.diagnostics.run.plan_shards", _plan)
    reports = []

    def progress(report):
        reports.append(report)

    started = time.monotonic()
    with pytest.raises(Cancelled):
        diagnose(tokenizers, sources=corpus, backend="processes", workers=2,
                 progress=progress, cancel=lambda: bool(reports))
    assert time.monotonic() - started < 60
    assert reports[0].phase == "diagnostics" and 0 < reports[0].done < reports[0].total
