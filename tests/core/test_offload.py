"""Large texts encoded in the child process equal in-process encoding; an edited file reloads."""

import shutil

from core.inspect import inspect_text
from core.loading import open_tokenizer
from core.offload import LARGE_TEXT, ProcessEncoder
from tests.conftest import DEMO


def test_child_encoding_equals_in_process_and_follows_file_edits(tmp_path):
    folder = tmp_path / "tok"
    shutil.copytree(DEMO / "demo-unigram", folder)
    text = ((DEMO / "corpus.txt").read_text(encoding="utf-8") * 4)[:LARGE_TEXT + 10]
    loaded = open_tokenizer(folder)
    runtime = loaded.runtime
    encoder = ProcessEncoder()
    try:
        big = "x" * LARGE_TEXT
        assert encoder.can_encode(loaded.source, big) and not encoder.can_encode(None, big)
        enc, trip = encoder.encode(runtime, text, source=loaded.source)
        local = runtime.encode(text)
        assert enc.ids.tolist() == local.ids.tolist()
        assert enc.byte_starts.tolist() == local.byte_starts.tolist()
        for unit in ("cp", "utf16", "grapheme"):
            assert [a.tolist() for a in enc.spans(unit)] == [a.tolist() for a in local.spans(unit)]
        assert trip == runtime.round_trip(text, local)
        # replace the model file in place: the child must not keep the old tokenizer
        shutil.copy(DEMO / "demo-bpe" / "tokenizer.json", folder / "tokenizer.json")
        (folder / "tokenizer.model").unlink()
        bpe = open_tokenizer(folder)
        enc2, _ = encoder.encode(bpe.runtime, text, source=bpe.source)
        bpe = bpe.runtime
        assert enc2.ids.tolist() == bpe.encode(text).ids.tolist()
    finally:
        encoder.shutdown()


def test_a_failed_child_is_reported_as_a_note_and_the_text_still_encodes(tmp_path):
    folder = tmp_path / "tok"
    shutil.copytree(DEMO / "demo-unigram", folder)
    loaded = open_tokenizer(folder)
    runtime = loaded.runtime
    shutil.rmtree(folder)  # the child cannot load the tokenizer again
    corpus = (DEMO / "corpus.txt").read_text(encoding="utf-8")
    text = (corpus * (LARGE_TEXT // len(corpus) + 1))[:LARGE_TEXT + 10]
    encoder = ProcessEncoder()
    try:
        result = inspect_text(runtime, text, encoder=encoder, source=loaded.source,
                              with_stages=False)
    finally:
        encoder.shutdown()
    assert result.encoding.ids.tolist() == runtime.encode(text).ids.tolist()
    [fallback] = [n for n in result.notes if n.code == "offload.fallback"]
    assert fallback.severity == "warning" and "tokenizer.model" in fallback.args["reason"]
