"""Large texts encoded in the child process equal in-process encoding; an edited file reloads."""

import contextlib
import os
import shutil

import pytest

from core.inspect import inspect_texts
from core.loading import open_tokenizer
from core.offload import LARGE_TEXT, ProcessEncoder
from tests.conftest import DEMO
from tests.leftovers import needs_proc, private_tmp  # noqa: F401 - a fixture

# slow: starts encoding child processes (make check skips it)
pytestmark = pytest.mark.slow


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
        (result,) = inspect_texts(runtime, [text], encoder=encoder, source=loaded.source)
    finally:
        encoder.shutdown()
    assert result.encoding.ids.tolist() == runtime.encode(text).ids.tolist()
    [fallback] = [n for n in result.notes if n.code == "offload.fallback"]
    assert fallback.severity == "warning" and "tokenizer.model" in fallback.args["said"]


ENCODE_THEN_WAIT = """
import sys, threading, time
from core.loading import open_tokenizer
from core.offload import LARGE_TEXT, ProcessEncoder
from tests.conftest import DEMO
loaded = open_tokenizer(DEMO / "demo-unigram")
text = ((DEMO / "corpus.txt").read_text(encoding="utf-8") * 4)[:LARGE_TEXT + 10]
encoder = ProcessEncoder()
# first used from a worker thread that then ends, as a GUI job does
worker = threading.Thread(target=encoder.encode, args=(loaded.runtime, text),
                          kwargs={"source": loaded.source})
worker.start()
worker.join()
time.sleep(0.5)
notes = []
encoder.encode(loaded.runtime, text, source=loaded.source, notes=notes)  # the pool lives on
print("encoded", notes, flush=True)
time.sleep(60)
"""


@needs_proc
def test_the_pool_child_ends_with_its_parent_but_not_with_the_thread_that_started_it(
        private_tmp):
    import signal
    import subprocess
    import sys

    from tests.conftest import ROOT
    from tests.leftovers import job_processes, wait_gone

    parent = subprocess.Popen([sys.executable, "-c", ENCODE_THEN_WAIT], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    pool = []
    try:
        assert parent.stdout.readline().strip() == "encoded []"  # no fallback: the child lived
        pool = job_processes(private_tmp)
        assert len(pool) == 1
        parent.send_signal(signal.SIGKILL)  # no shutdown() of its own
        parent.wait()
        assert wait_gone(pool, 5.0) == []
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()
        for pid in pool:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
