"""The workbench's own BPE runtime (separate ``</w>`` symbol): the seed's example, spans on the
original text, unknown symbols, special tokens, and clear refusals of broken model files."""

import json

import pytest

from core.algorithms.bpe import train_bpe
from core.errors import FormatError
from core.formats.detect import load_tokenizer
from core.formats.reference.runtime import ReferenceBPERuntime, bpe_model_spec


def _runtime(counts, merges, normalizer=None, specials=("<unk>",)):
    model = train_bpe(counts, num_merges=merges)
    spec = bpe_model_spec([(m.left, m.right, m.count) for m in model.merges], model.alphabet,
                          list(specials), "<unk>", normalizer, {"type": "WhitespaceSplit"})
    return ReferenceBPERuntime(spec)


def _table(enc):
    s, e = enc.spans("cp")
    return [(enc.piece_at(i), int(s[i]), int(e[i])) for i in range(len(enc))]


def test_seed_example_low_lower():
    runtime = _runtime({"low": 5, "lower": 2}, 3)
    enc = runtime.encode("low lower")
    assert _table(enc) == [("low</w>", 0, 3), ("low", 4, 7), ("e", 7, 8), ("r", 8, 9),
                           ("</w>", 9, 9)]
    assert runtime.decode(enc.ids.tolist()) == "low lower"
    assert enc.bytes_at(0) == b"low" and enc.bytes_at(4) == b""


def test_unknown_characters_are_unk_with_their_span():
    runtime = _runtime({"low": 5, "lower": 2}, 3)
    enc = runtime.encode("lo世w")
    assert [enc.piece_at(i) for i in range(len(enc))] == ["lo", "<unk>", "w", "</w>"]
    assert enc.flag_names(1) == ["unk"]
    assert enc.spans("bytes")[0].tolist() == [0, 2, 5, 6]
    assert enc.spans("bytes")[1].tolist() == [2, 5, 6, 6]


def test_a_normalized_word_keeps_one_shared_span_on_the_original():
    runtime = _runtime({"ffi": 3}, 3, normalizer={"type": "NFKC"})
    enc = runtime.encode("xﬃ ffi")
    # "xﬃ" became "xffi": its symbols (x is unknown) all point at the whole word
    assert _table(enc) == [("<unk>", 0, 2), ("ffi</w>", 0, 2), ("ffi</w>", 3, 6)]


def test_special_tokens_are_parsed_only_when_asked():
    runtime = _runtime({"low": 5}, 2, specials=("<unk>", "<s>"))
    assert runtime.encode("<s>low", parse_special=True).piece_at(0) == "<s>"
    assert "<s>" not in [runtime.piece(i) for i in runtime.encode("<s>low").ids.tolist()]
    assert {t.content for t in runtime.special_tokens()} >= {"<s>", "<unk>"}


def test_loads_from_file_by_content(tmp_path):
    runtime = _runtime({"low": 5, "lower": 2}, 3)
    path = tmp_path / "workbench-bpe.json"
    path.write_text(json.dumps(runtime.spec))
    loaded = load_tokenizer(path)
    assert loaded.source_format == "tokbench-bpe"
    assert loaded.encode("lower low").ids.tolist() == runtime.encode("lower low").ids.tolist()


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.pop("merges"), "not a valid workbench-bpe.json"),
    (lambda s: s["vocab"].update({"zz": 0}), "id 0 is given to both"),
    (lambda s: s.update(unk_token="<nope>"), "'<nope>' is not in the vocabulary"),
    (lambda s: s.update(pre_tokenizer={"type": "Nonsense"}), "pre_tokenizer is not one"),
])
def test_broken_model_files_are_named(tmp_path, edit, message):
    spec = _runtime({"low": 5}, 1).spec
    edit(spec)
    path = tmp_path / "workbench-bpe.json"
    path.write_text(json.dumps(spec))
    with pytest.raises(FormatError, match=message) as info:
        load_tokenizer(path)
    assert "workbench-bpe.json" in str(info.value)


def test_explained_merges_and_ids_agree_with_the_runtime():
    from core.explain import explain

    runtime = _runtime({"low": 5, "lower": 2}, 3, specials=("<unk>", "<s>"))
    ex = explain(runtime, "<s>low lower lo世", parse_special=True)
    assert ex.agreement.ok
    low = ex.words[1]
    assert low.initial == ["l", "o", "w", "</w>"]
    assert [(s.left, s.right) for s in low.steps] == [("l", "o"), ("lo", "w"), ("low", "</w>")]
    assert ex.words[0].kind == "special"
