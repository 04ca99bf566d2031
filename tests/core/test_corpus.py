"""Corpus sources: formats, compression, bad-input policies, dedup, statistics, progress."""

import bz2
import gzip
import lzma

import pytest

from core.corpus import Corpus, CorpusSource, expand, guess_kind
from core.errors import FormatError, WorkbenchError
from core.progress import CancelToken, Cancelled


def write(path, data: bytes):
    path.write_bytes(data)
    return path


def test_lines_bom_crlf_and_dedup(tmp_path):
    path = write(tmp_path / "a.txt", "\ufeff你好\r\nhello\r\n\r\n你好\r\n".encode())
    corpus = Corpus([CorpusSource(path, lang="zh")])
    assert list(corpus.documents()) == ["你好", "hello"]
    stats = corpus.report.sources[0]
    assert stats.bom and stats.crlf == 4 and stats.duplicates == 1 and stats.empty == 1
    assert stats.code_points == 7 and stats.graphemes == 7
    assert stats.scripts["Han"] == 2 and stats.scripts["Latin"] == 5
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # never modified on disk


def test_paragraphs_jsonl_csv_tsv(tmp_path):
    para = write(tmp_path / "p.txt", b"one\ntwo\n\nthree\n")
    jsonl = write(tmp_path / "d.jsonl", b'{"a": {"t": "x1"}}\n{"a": {"t": "x2"}}\n')
    csv_file = write(tmp_path / "t.csv", b'id,text\n1,"hello, world"\n2,bye\n')
    tsv = write(tmp_path / "t.tsv", b"1\tone\n2\ttwo\n")
    assert list(Corpus([CorpusSource(para, kind="paragraphs")]).documents()) == ["one\ntwo", "three"]
    assert list(Corpus([CorpusSource(jsonl, field="a.t")]).documents()) == ["x1", "x2"]
    assert list(Corpus([CorpusSource(csv_file, column="text")]).documents()) == ["hello, world", "bye"]
    assert list(Corpus([CorpusSource(tsv, column=1)]).documents()) == ["one", "two"]


@pytest.mark.parametrize("suffix,opener", [(".gz", gzip.open), (".xz", lzma.open), (".bz2", bz2.open)])
def test_compressed(tmp_path, suffix, opener):
    path = tmp_path / f"c.jsonl{suffix}"
    with opener(path, "wb") as handle:
        handle.write(b'{"text": "compressed"}\n')
    assert guess_kind(path) == "jsonl"
    assert list(Corpus([CorpusSource(path)]).documents()) == ["compressed"]


def test_invalid_utf8_strict_names_file_line_and_byte(tmp_path):
    path = write(tmp_path / "bad.txt", b"ok\nbad \xff here\n")
    with pytest.raises(FormatError, match=r"bad.txt:2: invalid UTF-8 at byte 7 of the file "
                                          r"\(byte 4 of the line: 0xff\)"):
        list(Corpus([CorpusSource(path)]).documents())
    packed = tmp_path / "bad.txt.gz"
    packed.write_bytes(gzip.compress(b"\xef\xbb\xbfok\r\nbad \xff here\n"))
    with pytest.raises(FormatError, match=r":2: invalid UTF-8 at byte 11 of the "
                                          r"decompressed file"):
        list(Corpus([CorpusSource(packed)]).documents())


def test_invalid_utf8_replace_counts_and_lists(tmp_path):
    path = write(tmp_path / "bad.txt", b"ok\nbad \xff\nalso \xfe\n")
    corpus = Corpus([CorpusSource(path)], policy="replace")
    docs = list(corpus.documents())
    assert docs[1] == "bad \ufffd"
    stats = corpus.report.sources[0]
    assert stats.invalid_utf8_count == 2 and stats.invalid_utf8_lines == [2, 3]


def test_overlong_lines_are_capped_and_reported(tmp_path):
    path = write(tmp_path / "long.txt", b"x" * 50 + b"\nshort\n")
    corpus = Corpus([CorpusSource(path)], max_line_bytes=10)
    assert list(corpus.documents()) == ["x" * 10, "short"]
    assert corpus.report.sources[0].capped_lines == [1]


@pytest.mark.parametrize("data,message", [(b"", "empty"), (b"\x00\x01\x02binary", "binary")])
def test_empty_and_binary_files_are_refused(tmp_path, data, message):
    path = write(tmp_path / "x.txt", data)
    with pytest.raises(FormatError, match=message):
        list(Corpus([CorpusSource(path)]).documents())


def test_jsonl_errors_name_the_line(tmp_path):
    path = write(tmp_path / "d.jsonl", b'{"text": "a"}\n{"other": 1}\n')
    with pytest.raises(FormatError, match=r"d.jsonl:2: no field 'text'"):
        list(Corpus([CorpusSource(path)]).documents())


def test_progress_is_monotone_and_reaches_the_total(tmp_path):
    path = write(tmp_path / "a.txt", "".join(f"line {i}\n" for i in range(2000)).encode())
    reports = []
    corpus = Corpus([CorpusSource(path)])
    list(corpus.documents(progress=reports.append))
    done = [r.done for r in reports]
    assert done == sorted(done) and done[-1] == reports[-1].total == path.stat().st_size


def test_cancel(tmp_path):
    path = write(tmp_path / "a.txt", b"a\nb\n")
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        list(Corpus([CorpusSource(path)]).documents(cancel=token))


def test_expand_folder_and_glob_and_stats_by_language(tmp_path):
    (tmp_path / "d").mkdir()
    write(tmp_path / "d" / "a.txt", b"alpha\n")
    write(tmp_path / "d" / "b.txt", "бета\n".encode())
    sources = expand(tmp_path / "d", lang="mixed")
    assert [s.path.name for s in sources] == ["a.txt", "b.txt"]
    assert len(expand(str(tmp_path / "d" / "*.txt"))) == 2
    corpus = Corpus(sources)
    list(corpus.documents())
    assert corpus.report.by_language()["mixed"]["documents"] == 2
    with pytest.raises(FormatError, match="no file matches"):
        expand(tmp_path / "nothing-*.txt")


def test_preview_reads_only_the_start(tmp_path):
    path = write(tmp_path / "a.txt", "".join(f"{i}\n" for i in range(100000)).encode())
    assert Corpus([CorpusSource(path)]).preview(CorpusSource(path), 3) == ["0", "1", "2"]


def test_sampling_weights_repeat_or_thin_out_documents(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text("".join(f"alpha {i}\n" for i in range(400)), encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("".join(f"beta {i}\n" for i in range(400)), encoding="utf-8")
    corpus = Corpus([CorpusSource(a, lang="en", weight=2.0),
                     CorpusSource(b, lang="de", weight=0.25)])
    docs = list(corpus.documents())
    assert docs.count("alpha 7") == 2 and sum(d.startswith("alpha") for d in docs) == 800
    kept = sum(d.startswith("beta") for d in docs)
    assert 60 <= kept <= 140  # about a quarter, chosen by hash
    assert list(corpus.documents()) == docs  # the same documents every run
    stats = corpus.report.sources
    assert (stats[0].documents, stats[0].weighted_documents) == (400, 800)
    assert stats[1].weighted_documents == kept
    assert corpus.report.by_language()["de"]["weighted_bytes"] < stats[1].bytes
    zero = Corpus([CorpusSource(a, weight=0.0)])
    assert list(zero.documents()) == [] and zero.report.sources[0].documents == 400


@pytest.mark.parametrize("weight", [float("nan"), float("inf"), -1.0])
def test_a_weight_must_be_finite_and_not_negative(tmp_path, weight):
    with pytest.raises(WorkbenchError, match="finite number") as caught:
        CorpusSource(tmp_path / "a.txt", weight=weight)
    assert caught.value.note.code == "corpus.bad_weight"


def test_strict_errors_keep_their_place_through_a_process_boundary(tmp_path):
    import pickle

    path = write(tmp_path / "bad.txt", b"ok\nbad \xff here\n")
    with pytest.raises(FormatError) as info:
        list(Corpus([CorpusSource(path)]).documents())
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.path, copy.line, copy.offset, str(copy)) == (
        info.value.path, 2, 7, str(info.value))
