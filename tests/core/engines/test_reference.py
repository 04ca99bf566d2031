"""The reference engine: bundles that load on the native runtime with the IDs our own algorithms
give, byte-identical on a re-run, and clear refusals."""

import json

import pytest

from core.algorithms.bpe import train_bpe
from core.algorithms.unigram import Lattice
from core.algorithms.wordpiece import encode_word
from core.bundles.bundle import load_bundle, read_bundle_files
from core.engines.config import TrainingConfig
from core.engines.reference import count_words, train_reference
from core.errors import WorkbenchError
from core.progress import CancelToken, Cancelled
from tests.conftest import DEMO

CORPUS = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
SAMPLE = (DEMO / "sample.txt").read_text(encoding="utf-8")


def words_of(config, text):
    return list(count_words(config, [text]).elements()) and [
        w for w, _ in _pre(config).pre_tokenize_str(_norm(config, text))]


def _pre(config):
    from core.engines.reference import _build, _pre_tokenizer_spec
    from tokenizers import pre_tokenizers

    return _build(pre_tokenizers, _pre_tokenizer_spec(config))


def _norm(config, text):
    from core.engines.reference import _build, _normalizer_spec
    from tokenizers import normalizers

    spec = _normalizer_spec(config)
    return text if spec is None else _build(normalizers, spec).normalize_str(text)


@pytest.mark.parametrize("algorithm,end_of_word", [("bytelevel_bpe", "none"), ("bpe", "suffix")])
def test_bpe_bundle_ids_equal_our_encoder(tmp_path, algorithm, end_of_word):
    # char-level BPE keeps a token for unseen characters only when one is listed
    unknown = ["<unk>"] if algorithm == "bpe" else []
    config = TrainingConfig(algorithm=algorithm, vocab_size=700, end_of_word=end_of_word,
                            special_tokens=["<|endoftext|>", *unknown])
    bundle = load_bundle(train_reference(config, CORPUS, tmp_path / "b"))
    model = train_bpe(dict(count_words(config, CORPUS)),
                      **({"num_merges": 700 - 1 - 256} if algorithm == "bytelevel_bpe"
                         else {"vocab_size": 698}),
                      min_frequency=2, end_of_word="suffix" if end_of_word == "suffix" else "none")
    vocab = json.loads(read_bundle_files(bundle.path, bundle.manifest)["tokenizer.json"])["model"]["vocab"]
    text = "Hello world, tokenizers 2026 分词"
    unk = vocab.get("<unk>")  # char-level BPE: a symbol never seen in training is <unk>
    ours = [vocab.get(p, unk) for w in words_of(config, text) for p in model.encode_word(w)]
    assert bundle.runtime.encode(text).ids.tolist() == ours
    # byte-level BPE is lossless; character-level BPE is not: characters it never saw become
    # <unk>, and the end-of-word suffix folds runs of whitespace into one space
    assert bundle.runtime.round_trip(SAMPLE).ok == (algorithm == "bytelevel_bpe")


def test_wordpiece_and_unigram_bundles_agree_with_our_encoders(tmp_path):
    wp = TrainingConfig(algorithm="wordpiece", vocab_size=400,
                        special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    bundle = load_bundle(train_reference(wp, CORPUS[:150], tmp_path / "wp"))
    vocab = bundle.runtime.tk.get_vocab()
    text = "Tokenizers split words into pieces."
    ours = [vocab[p] for w in words_of(wp, text) for p in encode_word(w, vocab)]
    assert bundle.runtime.encode(text).ids.tolist() == ours

    ug = TrainingConfig(algorithm="unigram", vocab_size=200, special_tokens=["<unk>"])
    english = [line for line in CORPUS if line.isascii()][:80]
    bundle = load_bundle(train_reference(ug, english, tmp_path / "ug"))
    spec = json.loads(read_bundle_files(bundle.path, bundle.manifest)["tokenizer.json"])
    probs = {p: __import__("math").exp(s) for p, s in spec["model"]["vocab"][1:]}
    index = {p: i for i, (p, _) in enumerate(spec["model"]["vocab"])}
    text = "tokens and pieces"
    ours = [index[p] for w in words_of(ug, text) for p in Lattice(w, probs).viterbi()[0]]
    assert bundle.runtime.encode(text).ids.tolist() == ours
    trace = json.loads(read_bundle_files(bundle.path, bundle.manifest)["trace.json"])
    assert trace["rounds"] and {"size", "log_likelihood"} <= set(trace["rounds"][0])


def test_same_corpus_and_config_give_identical_files(tmp_path):
    config = TrainingConfig(algorithm="bytelevel_bpe", vocab_size=500)
    a = train_reference(config, CORPUS, tmp_path / "a")
    b = train_reference(config, CORPUS, tmp_path / "b")
    for name in ("tokenizer.json", "trace.json", "training_config.json"):
        assert (a / name).read_bytes() == (b / name).read_bytes()


def test_separate_end_of_word_symbol_bundle_runs_on_the_reference_encoder(tmp_path):
    from core.bundles.bundle import export_native
    from core.errors import BundleError

    corpus = ["low"] * 5 + ["lower"] * 2 + ["newest"] * 6 + ["widest"] * 3
    config = TrainingConfig(algorithm="bpe", end_of_word="symbol", vocab_size=30,
                            min_frequency=1)
    path = train_reference(config, corpus, tmp_path / "sym")
    bundle = load_bundle(path)
    assert bundle.manifest["source_format"] == "tokbench-bpe"
    trace = json.loads((path / "trace.json").read_text())["merges"]
    assert trace[:3] == [["e", "s", 9], ["es", "t", 9], ["est", "</w>", 9]]
    runtime = bundle.runtime
    enc = runtime.encode("lowest newer")
    assert [enc.piece_at(i) for i in range(len(enc))][:2] == ["low", "est</w>"]
    assert [n.code for n in runtime.notes] == ["reference.end_of_word"]
    with pytest.raises(BundleError, match="separate </w>"):
        export_native(path, tmp_path / "out")


def test_refusals_and_cancel(tmp_path):
    with pytest.raises(WorkbenchError, match="no words"):
        train_reference(TrainingConfig(algorithm="bytelevel_bpe"), ["", "   "], tmp_path / "y")
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        train_reference(TrainingConfig(algorithm="bytelevel_bpe"), CORPUS, tmp_path / "z",
                        cancel=token)
    assert not (tmp_path / "z").exists()


def test_unknown_token_is_the_unk_special_whatever_its_position(tmp_path):
    config = TrainingConfig(algorithm="unigram", vocab_size=120, special_tokens=["<pad>", "<unk>"])
    english = [line for line in CORPUS if line.isascii()][:40]
    bundle = load_bundle(train_reference(config, english, tmp_path / "u"))
    spec = json.loads(read_bundle_files(bundle.path, bundle.manifest)["tokenizer.json"])
    assert spec["model"]["vocab"][spec["model"]["unk_id"]][0] == "<unk>"
    assert bundle.runtime.encode("☃").flag_names(0) == ["unk"] or "unk" in bundle.runtime.encode("☃").flag_names(-1)
