"""Corpus statistics are cached per source by path, size and modification time: adding a file
reads that file alone, and the statistics are those of reading everything again."""

from __future__ import annotations

import os

import pytest

from app.jobs import corpus as jobs
from core import corpus as core_corpus
from core.corpus import CorpusSource


@pytest.fixture
def opened(monkeypatch):
    """The files a reading opens, in order."""
    jobs.CACHE.clear()
    seen = []
    original = core_corpus._Reader.__init__

    def spy(self, source, *args, **kwargs):
        seen.append(source.path.name)
        original(self, source, *args, **kwargs)

    monkeypatch.setattr(core_corpus._Reader, "__init__", spy)
    yield seen
    jobs.CACHE.clear()


def uncached(sources, **options):
    jobs.CACHE.clear()
    result = jobs.read_statistics(sources, **options)
    jobs.CACHE.clear()
    return result


@pytest.mark.parametrize("dedup", [True, False])
def test_adding_a_file_reads_it_alone_and_gives_the_full_readings_statistics(
        tmp_path, opened, dedup):
    big = tmp_path / "big.txt"
    big.write_text("".join(f"line {i} 分词 🍣\n" for i in range(3000)) + "shared\n",
                   encoding="utf-8")
    other = tmp_path / "other.txt"
    other.write_text("alpha\nbeta\nshared\n", encoding="utf-8")
    small = tmp_path / "small.txt"
    small.write_text("shared\nnew line here\nalpha\n", encoding="utf-8")  # 2 seen before
    sources = [CorpusSource(big, lang="en"), CorpusSource(other, lang="fr", weight=2.5)]
    jobs.read_statistics(sources, policy="strict", dedup=dedup)
    assert opened == ["big.txt", "other.txt"]
    opened.clear()
    grown = [*sources, CorpusSource(small, lang="de")]
    result = jobs.read_statistics(grown, policy="strict", dedup=dedup)
    assert opened == ["small.txt"]  # not the 3000 lines again
    opened.clear()
    again = jobs.read_statistics(grown, policy="strict", dedup=dedup)  # nothing changed
    assert opened == []
    full = uncached(grown, policy="strict", dedup=dedup)
    assert result.report == full.report == again.report and result.error is None
    assert result.report.sources[2].duplicates == (2 if dedup else 0)  # across sources


def test_an_edited_file_a_new_option_or_a_new_tag_is_read_again(tmp_path, opened):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one\ntwo\n", encoding="utf-8")
    b.write_text("three\n", encoding="utf-8")
    sources = [CorpusSource(a), CorpusSource(b)]
    jobs.read_statistics(sources, policy="strict", dedup=True)
    opened.clear()
    jobs.read_statistics(sources, policy="replace", dedup=True)
    assert opened == ["a.txt", "b.txt"]
    opened.clear()
    jobs.read_statistics([CorpusSource(a, weight=3), CorpusSource(b)], policy="replace",
                         dedup=True)
    assert opened == ["a.txt", "b.txt"]  # a weight changes the weighted counts
    opened.clear()
    a.write_text("one\ntwo\nthree\n", encoding="utf-8")
    stat = a.stat()
    os.utime(a, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    result = jobs.read_statistics([CorpusSource(a, weight=3), CorpusSource(b)],
                                  policy="replace", dedup=True)
    assert opened == ["a.txt", "b.txt"] and result.report.sources[0].documents == 3
    assert result.report.sources[1].duplicates == 1


def test_a_failed_reading_is_not_kept(tmp_path, opened):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("fine\n", encoding="utf-8")
    bad.write_bytes(b"ok\n\xff\xfe broken\n")
    result = jobs.read_statistics([CorpusSource(good), CorpusSource(bad)], policy="strict",
                                  dedup=True)
    assert result.error is not None
    opened.clear()
    again = jobs.read_statistics([CorpusSource(good), CorpusSource(bad)], policy="strict",
                                 dedup=True)
    assert opened == ["good.txt", "bad.txt"] and again.error is not None
