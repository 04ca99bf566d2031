"""``diagnose``: the context window's overhead (post-processor or chat template), the limits on
its inputs."""

from __future__ import annotations

import pytest

from core.chat.builtin import BUILTIN_TEMPLATES
from core.corpus import CorpusSource
from core.diagnostics.run import MAX_TOKENIZERS, Settings, context_overhead, diagnose
from core.errors import WorkbenchError
from core.loading import open_tokenizer
from tests.conftest import DEMO, TOKENIZERS, require_data


@pytest.fixture(scope="module")
def bpe():
    return open_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")


def test_a_chat_template_adds_its_own_tokens_to_the_overhead(bpe):
    plain = context_overhead(bpe.runtime, None)
    chat = context_overhead(bpe.runtime, BUILTIN_TEMPLATES["chatml"])
    assert chat > plain  # <|im_start|>user ... <|im_end|> <|im_start|>assistant


@pytest.mark.realdata
def test_berts_overhead_is_cls_and_sep():
    bert = open_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json"))
    assert context_overhead(bert.runtime, None) == 2


def test_truncation_counts_documents_longer_than_the_window_minus_the_overhead(bpe, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("short\n" + "a much longer line of text than the other one\n",
                    encoding="utf-8")
    source = CorpusSource(path, lang="en")
    lengths = [len(bpe.runtime.encode(t, add_special_tokens=False).ids)
               for t in ("short", "a much longer line of text than the other one")]
    window = lengths[1] - 1 + context_overhead(bpe.runtime, BUILTIN_TEMPLATES["chatml"])
    report = diagnose([bpe], sources=[source], settings=Settings(
        context=window, template=BUILTIN_TEMPLATES["chatml"], template_name="chatml")).to_json()
    assert report["tokenizers"][0]["buckets"]["en"]["truncation_rate"] == 0.5
    assert report["settings"]["template"] == "chatml"


def test_inputs_are_checked(bpe, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("x\n", encoding="utf-8")
    sources = [CorpusSource(path)]
    with pytest.raises(WorkbenchError, match="at least one tokenizer"):
        diagnose([], sources=sources)
    with pytest.raises(WorkbenchError, match=f"at most {MAX_TOKENIZERS} tokenizers"):
        diagnose([bpe] * (MAX_TOKENIZERS + 1), sources=sources)
    with pytest.raises(WorkbenchError, match="either corpus sources or a parallel corpus"):
        diagnose([bpe])
    report = diagnose([bpe, bpe], sources=sources).to_json()
    assert [e["tokenizer"] for e in report["tokenizers"]] == ["demo-bpe", "demo-bpe #2"]
    assert "und" in report["tokenizers"][0]["buckets"]  # no language tag: undetermined


def test_each_tokenizers_own_template_or_a_warning_without_one(tmp_path):
    import json
    import shutil

    from core.diagnostics.run import own_template

    folder = tmp_path / "with-template"
    shutil.copytree(DEMO / "demo-bpe", folder)
    config = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    config["chat_template"] = BUILTIN_TEMPLATES["chatml"]
    (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    chatty = open_tokenizer(folder / "tokenizer.json")
    unigram = open_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    path = tmp_path / "a.txt"
    path.write_text("hello there\n", encoding="utf-8")
    report = diagnose([chatty, unigram], sources=[CorpusSource(path)],
                      settings=Settings(context=100, own_template=True)).to_json()
    overheads = [e["context"]["overhead"] for e in report["tokenizers"]]
    assert report["settings"]["template"] == "own"
    assert own_template(chatty) == BUILTIN_TEMPLATES["chatml"]
    assert overheads[0] == context_overhead(chatty.runtime, BUILTIN_TEMPLATES["chatml"]) > 0
    assert own_template(unigram) is None
    assert overheads[1] == context_overhead(unigram.runtime, None)
    [warning] = [w for w in report["warnings"] if w["code"] == "diagnostics.no_own_template"]
    assert warning["args"] == {"tokenizer": "demo-unigram"} and warning["severity"] == "warning"
    assert warning["message"] == ("demo-unigram has no chat template of its own: its window "
                                  "carries only the post-processor's tokens")
