"""The Streaming tab's text view: at every step the text decoded so far, each ID a band behind
the bytes it stands for, the IDs waiting for the rest of a character as pills of their bytes.

Oracles: the native libraries — ``tiktoken`` (GPT-2's ranks: each ID's bytes, and ``decode``)
and ``sentencepiece`` (Mistral's model with byte fallback: ``decode`` of the IDs so far, and
each piece's bytes, ``<0xNN>`` a byte).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.jobs.stream_cover import stream_cover
from app.widgets.stream_simulator import StreamSimulator
from app.widgets.stream_text_view import PENDING_KIND, pending_shown
from core.formats.detect import load_tokenizer
from core.stream.run import replay
from tests.conftest import TOKENIZERS, require_data

pytestmark = [pytest.mark.gui, pytest.mark.realdata]

R50K = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
TEXT = ("हिन्दी में नमस्ते, தமிழ் மொழி, مرحبا بالعالم, สวัสดีชาวโลก, "
        "👨\u200d👩\u200d👧 👩🏽\u200d💻 🏳\ufe0f\u200d🌈 done")
POOL = ["न", "म", "स्", "ते", "हि", "क्ष", "த", "மி", "ழ்", "ب", "ال", "ع", "ส", "วั", "ดี",
        "👨\u200d👩\u200d👧", "👩🏽\u200d💻", "🏳\ufe0f\u200d🌈", "你", "a", "é", " ", ", "]


class Tiktoken:
    """GPT-2 through tiktoken itself."""

    def __init__(self):
        import tiktoken
        from tiktoken.load import load_tiktoken_bpe

        self.enc = tiktoken.Encoding("r50k-test", pat_str=R50K, mergeable_ranks=load_tiktoken_bpe(
            str(require_data(TOKENIZERS / "gpt2.tiktoken"))), special_tokens={})

    def token_bytes(self, i):
        return self.enc.decode_single_token_bytes(i)

    def decode(self, ids):
        return self.enc.decode(ids)


class SentencePiece:
    """Mistral v3 through sentencepiece itself."""

    def __init__(self):
        import sentencepiece as spm

        self.sp = spm.SentencePieceProcessor(
            model_file=str(require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model")))

    def token_bytes(self, i):
        piece = self.sp.id_to_piece(i)
        byte = re.fullmatch(r"<0x([0-9A-F]{2})>", piece)
        return bytes([int(byte.group(1), 16)]) if byte else piece.replace("▁", " ").encode()

    def decode(self, ids):
        return self.sp.decode(ids)


NATIVE = {"gpt2.tiktoken": Tiktoken, "mistral-v3/tokenizer.model": SentencePiece}


@pytest.fixture
def simulator(qtbot):
    widget = StreamSimulator()
    widget.resize(1000, 700)
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.tasks.wait(10000)


@pytest.mark.parametrize("name", list(NATIVE))
def test_every_step_shows_the_native_decode_and_pending_bytes_as_pills(qtbot, simulator, name):
    runtime = load_tokenizer(require_data(TOKENIZERS / name))
    native = NATIVE[name]()
    ids = runtime.encode(TEXT, add_special_tokens=False).ids.tolist()
    assert any(len(native.token_bytes(i)) == 1 and native.token_bytes(i)[0] >= 0x80
               for i in ids) or name == "gpt2.tiktoken"
    simulator.set_source(runtime, ids)
    qtbot.waitUntil(lambda: not simulator.busy and simulator.simulation is not None,
                    timeout=60000)
    view = simulator.text_view
    pending_seen = 0
    for position in range(1, simulator.step_count + 1):
        simulator.go_to(position)
        enc = view.encoding
        pending = [t for t in range(len(enc)) if view.kinds[t] == PENDING_KIND]
        done = len(enc) - len(pending)
        # the text is what the native library decodes from the IDs completed so far
        assert view.shown_text() == native.decode(ids[:done]), position
        assert "\ufffd" not in view.shown_text()
        # the IDs waiting are pills of their own bytes, in hex where no character is whole
        # (with the IDs that gave no text: SentencePiece's dropped leading "▁")
        assert all(enc.byte_starts[t] == enc.byte_ends[t] for t in pending)
        pills = [t for t in range(len(enc)) if enc.byte_starts[t] == enc.byte_ends[t]]
        assert view.pill_labels() == [pending_shown(native.token_bytes(ids[t])) for t in pills]
        assert all(native.decode(ids[:t + 1]) == native.decode(ids[:t]) for t in pills
                   if t not in pending)
        pending_seen += bool(pending)
        # every ID completed so far ends where the native decode of the IDs up to it ends,
        # wherever that decode is whole characters
        for k in range(done):
            prefix = native.decode(ids[:k + 1])
            if "\ufffd" not in prefix:
                assert enc.byte_ends[k] == len(prefix.encode("utf-8")), (position, k)
    assert pending_seen, "expected steps inside a character"
    if name == "gpt2.tiktoken":  # byte-level: each ID's band is exactly its own bytes
        at = 0
        for k, i in enumerate(ids):
            size = len(native.token_bytes(i))
            assert (view.encoding.byte_starts[k], view.encoding.byte_ends[k]) == (at, at + size)
            at += size
    simulator.grab()


@pytest.fixture(scope="module")
def gpt2_pair():
    return load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken")), Tiktoken()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=20), st.integers(1, 4))
def test_random_multilingual_streams_cover_each_ids_own_bytes(gpt2_pair, graphemes, chunk):
    """Any chunk size: each GPT-2 ID stands for exactly its own bytes (tiktoken's), whichever
    step completed it, and the IDs completed after a step decode to whole characters."""
    runtime, native = gpt2_pair
    text = "".join(graphemes)
    ids = runtime.encode(text, add_special_tokens=False).ids.tolist()
    run = replay(runtime, ids, chunk=chunk)
    cover = stream_cover(run.steps, ids, runtime)
    at = 0
    for k, i in enumerate(ids):
        size = len(native.token_bytes(i))
        assert (cover.starts[k], cover.ends[k]) == (at, at + size)
        at += size
    for step, done in zip(run.steps, cover.completed):
        decoded = native.decode(ids[:done])
        assert "\ufffd" not in decoded and decoded == run.text[:step.emitted]
