"""``allowed_special``: a set of special-token literals (or "all") read as special tokens, every
other literal staying text — for every runtime, as tiktoken's own ``allowed_special`` does, and
as ``tokenizers`` reads a text cut at the allowed literals. Every literal is flagged in the notes
(parsed or kept as text)."""

from __future__ import annotations

import json

import pytest

from core.errors import WorkbenchError
from core.formats.detect import load_tokenizer
from core.loading import open_tokenizer
from tests.conftest import DEMO
from tests.core.builders import CL100K_PATTERN, built, tiktoken_ranks, tiktoken_runtime  # noqa: F401

LITERALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
TEXT = "hi <|im_start|>user there<|im_end|> and<|endoftext|>x <|im_start|>"
CHOICES = [set(), {"<|im_start|>"}, {"<|im_start|>", "<|im_end|>"}, set(LITERALS), "all"]


def choice_id(allowed) -> str:
    """The same test id in every process (a set's order follows the string hash, which Python
    seeds per process: pytest-xdist's workers must collect the same ids)."""
    return allowed if isinstance(allowed, str) else "+".join(sorted(allowed)) or "none"


def notes_by_literal(enc) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for n in enc.warnings:
        if "literal" in n.args:
            out.setdefault(n.args["literal"], set()).add(n.code)
    return out


@pytest.mark.parametrize("allowed", CHOICES, ids=choice_id)
def test_tiktoken_equals_its_own_allowed_special(allowed):
    import tiktoken

    ranks = tiktoken_ranks()
    special = {literal: len(ranks) + k for k, literal in enumerate(LITERALS)}
    runtime = tiktoken_runtime(special=special)
    oracle = tiktoken.Encoding("oracle", pat_str=CL100K_PATTERN, mergeable_ranks=ranks,
                               special_tokens=special)
    enc = runtime.encode(TEXT, add_special_tokens=False, allowed_special=allowed)
    assert enc.ids.tolist() == oracle.encode(TEXT, allowed_special=allowed,
                                             disallowed_special=())
    parsed = set(LITERALS) if allowed == "all" else allowed
    assert notes_by_literal(enc) == {
        lit: {"special.parsed" if lit in parsed else "special.kept_as_text"}
        for lit in LITERALS}


@pytest.fixture(scope="module")
def hf_tokenizer(tmp_path_factory):
    """The demo byte-level BPE with the literals as special tokens and a post-processor that
    adds ``<|endoftext|>`` first: (path, runtime)."""
    from tokenizers import AddedToken, Tokenizer, processors

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in LITERALS])
    bos = LITERALS[0]
    tk.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A", special_tokens=[(bos, tk.token_to_id(bos))])
    path = tmp_path_factory.mktemp("allowed") / "tokenizer.json"
    tk.save(str(path))
    return path, open_tokenizer(path).runtime


def _tokenizers_reading(path, text: str, allowed: set[str]) -> list[int]:
    """``tokenizers`` itself, literal by literal: the allowed ones as their IDs, the text
    between them encoded with every special token read as text (``encode_special_tokens``)."""
    import re

    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(path))
    tk.encode_special_tokens = True
    ids, cursor = [], 0
    pattern = "|".join(re.escape(lit) for lit in sorted(allowed, key=len, reverse=True))
    for match in (re.finditer(pattern, text) if allowed else []):
        ids += tk.encode(text[cursor:match.start()], add_special_tokens=False).ids
        ids.append(tk.token_to_id(match.group()))
        cursor = match.end()
    return ids + tk.encode(text[cursor:], add_special_tokens=False).ids


@pytest.mark.parametrize("allowed", CHOICES, ids=choice_id)
def test_tokenizers_per_literal_choice(hf_tokenizer, allowed):
    from tokenizers import Tokenizer

    path, runtime = hf_tokenizer
    parsed = set(LITERALS) if allowed == "all" else allowed
    expected = _tokenizers_reading(path, TEXT, parsed)
    enc = runtime.encode(TEXT, add_special_tokens=False, allowed_special=allowed)
    assert enc.ids.tolist() == expected
    # the post-processor's token comes first, as tokenizers adds it
    with_added = runtime.encode(TEXT, allowed_special=allowed).ids.tolist()
    bos = Tokenizer.from_file(str(path)).token_to_id(LITERALS[0])
    assert with_added == [bos, *expected]
    # "all" and nothing are exactly the library's own two switches
    if allowed in ("all", set()):
        tk = Tokenizer.from_file(str(path))
        tk.encode_special_tokens = allowed != "all"
        assert enc.ids.tolist() == tk.encode(TEXT, add_special_tokens=False).ids
    # spans: each allowed literal's token covers exactly the literal
    starts, ends = enc.spans("cp")
    for token_id, s, e in zip(enc.ids.tolist(), starts.tolist(), ends.tolist()):
        piece = runtime.piece(token_id)
        if piece in parsed:
            assert TEXT[s:e] == piece


def test_every_format_parses_only_the_allowed_literal(built):  # noqa: F811
    """Each format's first parsable special token: allowed, it is one token with its ID and
    span; not allowed (another one is), its characters are text."""
    from tests.core.builders import options_for

    checked = []
    for kind, path in built.items():

        runtime = load_tokenizer(path, **options_for(kind))
        parsable = [t for t in runtime.special_tokens() if t.parsable and t.content
                    and t.kind != "unk"]
        if not parsable:
            continue
        token = parsable[0]
        text = f"a {token.content} b"
        at = text.index(token.content)
        enc = runtime.encode(text, add_special_tokens=False, allowed_special={token.content})
        starts, ends = enc.spans("cp")
        assert (token.id, at, at + len(token.content)) in zip(
            enc.ids.tolist(), starts.tolist(), ends.tolist()), kind
        assert notes_by_literal(enc) == {token.content: {"special.parsed"}}, kind
        plain = runtime.encode(text, add_special_tokens=False, allowed_special=set())
        assert plain.ids.tolist() == runtime.encode(text, add_special_tokens=False).ids.tolist()
        assert notes_by_literal(plain) == {token.content: {"special.kept_as_text"}}, kind
        checked.append(kind)
    # SentencePiece never parses its control symbols: the other four formats are checked
    assert len(checked) == 4, checked


def test_reference_runtime_per_literal():
    from core.algorithms.bpe import train_bpe
    from core.formats.reference.runtime import ReferenceBPERuntime, bpe_model_spec

    model = train_bpe({"low": 5}, num_merges=2)
    runtime = ReferenceBPERuntime(bpe_model_spec(
        [(m.left, m.right, m.count) for m in model.merges], model.alphabet,
        ["<unk>", "<s>", "</s>"], "<unk>", None, {"type": "WhitespaceSplit"}))
    enc = runtime.encode("<s>low</s>", add_special_tokens=False, allowed_special={"</s>"})
    pieces = [enc.piece_at(i) for i in range(len(enc))]
    assert pieces[-1] == "</s>" and "<s>" not in pieces
    assert notes_by_literal(enc) == {"<s>": {"special.kept_as_text"}, "</s>": {"special.parsed"}}


def test_an_unknown_allowed_literal_is_named(hf_tokenizer):
    _, runtime = hf_tokenizer
    with pytest.raises(WorkbenchError, match=r"'<\|im_stop\|>' is not a special token"):
        runtime.encode("x", allowed_special={"<|im_stop|>"})
    with pytest.raises(WorkbenchError, match="allowed_special must be"):
        runtime.encode("x", allowed_special="some")
    assert json.dumps(LITERALS)  # the literals above are the tokenizer's


def test_an_allowed_literal_keeps_its_added_token_rules(tmp_path):
    """Allowed, a special token is matched by tokenizers itself, with its own rules (``lstrip``
    takes the space before it): on a text holding only allowed literals, the reading equals
    the library's parse-everything one; the literal not allowed stays text."""
    from tokenizers import AddedToken, Tokenizer

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken("<mask>", special=True, lstrip=True),
                           AddedToken("<other>", special=True)])
    tk.save(str(tmp_path / "tokenizer.json"))
    runtime = open_tokenizer(tmp_path / "tokenizer.json").runtime
    text = "a fine <mask> day"
    tk.encode_special_tokens = False
    everything = tk.encode(text, add_special_tokens=False)
    enc = runtime.encode(text, add_special_tokens=False, allowed_special={"<mask>"})
    assert enc.ids.tolist() == everything.ids
    starts, ends = enc.spans("cp")
    assert list(zip(starts.tolist(), ends.tolist())) == everything.offsets
    mixed = runtime.encode(text + "<other>", add_special_tokens=False,
                           allowed_special={"<mask>"}).ids.tolist()
    assert mixed[:len(everything.ids)] == everything.ids
    assert tk.token_to_id("<other>") not in mixed
