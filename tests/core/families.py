"""Small tokenizers that mimic real families we have no files for, trained on the project's own
demo corpus (no ../shared/data), each written into a folder in its family's file format.

The component JSON follows what the public files / ``transformers`` converters produce:

* Llama-2 / Mistral (``LlamaConverter``): BPE + ``byte_fallback`` + ``fuse_unk``, ``<0x00>``..``<0xFF>``
  after ``<unk> <s> </s>``; legacy: normalizer Prepend("▁") + Replace(" ", "▁"), no pre-tokenizer;
  non-legacy: Metaspace(prepend_scheme "first", split false), no normalizer; decoder
  Replace + ByteFallback + Fuse + Strip; TemplateProcessing adding ``<s>``.
* Llama-3: Split(llama3 regex, isolated) + ByteLevel(use_regex false), ``ignore_merges``, specials
  after the ranks, post-processor ByteLevel + TemplateProcessing(``<|begin_of_text|>``).
* Qwen2: NFC, Split(qwen regex, isolated) + ByteLevel(use_regex false), post-processor ByteLevel.
* GPT-2: byte-level BPE as ``vocab.json`` + ``merges.txt`` and as ``tokenizer.json``.
* BERT WordPiece (uncased / cased), as ``tokenizer.json`` and as a bare ``vocab.txt``.
* CLIP (``CLIPConverter``): NFC + Replace(\\s+) + Lowercase, Split(removed, invert) + ByteLevel,
  ``</w>`` suffix, RobertaProcessing; and an OpenAI-GPT-style non-byte-level ``</w>`` BPE.
* Unigram ``tokenizer.json`` with Metaspace, plain and with byte fallback.
* tiktoken rank files from a byte-level BPE.
* SentencePiece models trained in memory.

Everything is cached per process: training takes well under a second per tokenizer.
"""

from __future__ import annotations

import base64
import copy
import functools
import io
import json
from functools import lru_cache
from pathlib import Path

from core.formats.tiktoken.presets import LLAMA3_PATTERN, QWEN_PATTERN

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "resources" / "demo" / "corpus.txt"

# Hard cases every family is checked on, beside the corpus lines.
STRESS = [
    "", " ", "  ", "a", "Hello world", " leading space", "trailing space ", "  two  spaces   three",
    "世界 你好 こんにちは 안녕하세요", "日本語の文には空白がない。", "مرحبا بالعالم، كيف حالك؟",
    "שלום עולם", "नमस्ते दुनिया", "ภาษาไทยไม่มีช่องว่าง",
    "👨\u200d👩\u200d👧\u200d👦 family 👍🏽 🇯🇵🇺🇦 🏳\ufe0f\u200d🌈", "😀" * 5,
    "e\u0301 cafe\u0301 vs café, Å vs A\u030a, 한 vs \u1112\u1161\u11ab",
    "ﬃ Ⅳ ① ｆｕｌｌｗｉｄｔｈ ㎏ ½ x²", "line one\r\nline two\r\n", "tab\tseparated\t\tvalues",
    "\n\n\nnewlines\n", "1234567.89 and 3,141,592 or ٣٤٥ or ５６", "https://example.com/path?q=1&r=two#frag",
    "    def f(x):\n        return x ** 2  # square\n\n\tif x:\n\t\tpass\n",
    "<s></s><unk>[CLS][SEP][MASK]<|endoftext|><|begin_of_text|><|im_start|>user<|im_end|>",
    "\u200b\u200c\u200d\u2060\ufeff zero width", "\x00\x01\x7f control", "I'm can't we'LL THEY'RE",
    "ÀÉÎÕÜ ÑAÇÃO Straße İstanbul ǅ", "a\u0301\u0302\u0303\u0304 stacked", "ᄀᄀᄀ 각각",
    "\u202eRTL override\u202c and \u061c marks", "Ω ω ὈΔΥΣΣΕΎΣ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟙𝟚𝟛",
]


def cached_spec(build):
    """Built once (a trained vocabulary takes a while), handed out as a fresh copy each call:
    tests change the spec they get (add tokens, swap a normalizer), and a change to a cached
    dict reached every later test of the process (pytest-xdist's order showed it: the diff
    of a vocab.txt against its tokenizer.json saw the tokens another test had added)."""
    cached = lru_cache(maxsize=None)(build)

    @functools.wraps(build)
    def fresh(*args):
        return copy.deepcopy(cached(*args))
    return fresh


@lru_cache(maxsize=1)
def corpus_lines() -> tuple[str, ...]:
    return tuple(line for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip())


def sample_texts(step: int = 2) -> list[str]:
    """Every ``step``-th corpus line, plus the stress list."""
    return list(corpus_lines()[::step]) + STRESS


def _train(tk, trainer, lines=None):
    tk.train_from_iterator(list(lines or corpus_lines()), trainer)
    return tk


def _write_json(folder: Path, spec: dict, name: str = "tokenizer.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(spec, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _added(content: str, token_id: int, special: bool = True) -> dict:
    return {"id": token_id, "content": content, "single_word": False, "lstrip": False,
            "rstrip": False, "normalized": False, "special": special}


# --- Llama-2 / Mistral: BPE + byte fallback ------------------------------------------------

BYTE_PIECES = [f"<0x{b:02X}>" for b in range(256)]
LLAMA2_DECODER = {"type": "Sequence", "decoders": [
    {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
    {"type": "ByteFallback"}, {"type": "Fuse"},
    {"type": "Strip", "content": " ", "start": 1, "stop": 0}]}
BOS_TEMPLATE = {"type": "TemplateProcessing",
                "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                           {"Sequence": {"id": "A", "type_id": 0}}],
                "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                         {"Sequence": {"id": "A", "type_id": 0}},
                         {"SpecialToken": {"id": "<s>", "type_id": 1}},
                         {"Sequence": {"id": "B", "type_id": 1}}],
                "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}}


@lru_cache(maxsize=1)
def _llama2_base() -> dict:
    """Trained on Metaspace-split words (as SentencePiece splits), then laid out as Llama's vocab:
    <unk> <s> </s>, the 256 byte pieces, then the learned pieces; a small alphabet so that rare
    characters fall back to bytes."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tk = Tokenizer(models.BPE(unk_token="<unk>", fuse_unk=True, byte_fallback=True))
    tk.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    trainer = trainers.BpeTrainer(vocab_size=1200, limit_alphabet=400, show_progress=False,
                                  special_tokens=["<unk>", "<s>", "</s>"])
    spec = json.loads(_train(tk, trainer).to_str())
    learned = sorted(spec["model"]["vocab"].items(), key=lambda kv: kv[1])
    vocab = {"<unk>": 0, "<s>": 1, "</s>": 2}
    for piece in BYTE_PIECES:
        vocab[piece] = len(vocab)
    for piece, _ in learned:
        vocab.setdefault(piece, len(vocab))
    spec["model"]["vocab"] = vocab
    spec["added_tokens"] = [_added(t, vocab[t]) for t in ("<unk>", "<s>", "</s>")]
    spec["decoder"] = LLAMA2_DECODER
    spec["post_processor"] = BOS_TEMPLATE
    return spec


def llama2_spec(legacy: bool) -> dict:
    spec = json.loads(json.dumps(_llama2_base()))
    if legacy:
        spec["normalizer"] = {"type": "Sequence", "normalizers": [
            {"type": "Prepend", "prepend": "▁"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]}
        spec["pre_tokenizer"] = None
    else:
        spec["normalizer"] = None
        spec["pre_tokenizer"] = {"type": "Metaspace", "replacement": "▁",
                                 "prepend_scheme": "first", "split": False}
    return spec


# --- Llama-3 / Qwen2: byte-level BPE behind a regex Split ------------------------------------


def _byte_level_bpe(pattern: str | None, nfc: bool, vocab_size: int = 1000,
                    special_tokens=()) -> dict:
    from tokenizers import Regex, Tokenizer, models, normalizers, pre_tokenizers, trainers

    tk = Tokenizer(models.BPE())
    if nfc:
        tk.normalizer = normalizers.NFC()
    level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=pattern is None)
    tk.pre_tokenizer = level if pattern is None else pre_tokenizers.Sequence(
        [pre_tokenizers.Split(Regex(pattern), behavior="isolated"), level])
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  special_tokens=list(special_tokens))
    return json.loads(_train(tk, trainer).to_str())


def _append_specials(spec: dict, names) -> dict:
    size = len(spec["model"]["vocab"])
    spec["added_tokens"] = [_added(name, size + i) for i, name in enumerate(names)]
    return spec


LLAMA3_SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>",
                   "<|end_header_id|>", "<|eot_id|>"]
QWEN2_SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


@cached_spec
def llama3_spec() -> dict:
    spec = _append_specials(_byte_level_bpe(LLAMA3_PATTERN, nfc=False), LLAMA3_SPECIALS)
    spec["model"]["ignore_merges"] = True
    spec["pre_tokenizer"]["pretokenizers"][1].update(trim_offsets=True)
    bos = spec["added_tokens"][0]["id"]
    spec["post_processor"] = {"type": "Sequence", "processors": [
        {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
        {"type": "TemplateProcessing",
         "single": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}},
                    {"Sequence": {"id": "A", "type_id": 0}}],
         "pair": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}},
                  {"Sequence": {"id": "A", "type_id": 0}},
                  {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 1}},
                  {"Sequence": {"id": "B", "type_id": 1}}],
         "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [bos],
                                                  "tokens": ["<|begin_of_text|>"]}}}]}
    spec["decoder"] = {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                       "use_regex": True}
    return spec


@cached_spec
def qwen2_spec() -> dict:
    spec = _append_specials(_byte_level_bpe(QWEN_PATTERN, nfc=True), QWEN2_SPECIALS)
    level = {"add_prefix_space": False, "trim_offsets": False, "use_regex": False}
    spec["pre_tokenizer"]["pretokenizers"][1].update(level)
    spec["post_processor"] = {"type": "ByteLevel", **level}
    spec["decoder"] = {"type": "ByteLevel", **level}
    return spec


# --- GPT-2 ------------------------------------------------------------------------------------


@cached_spec
def gpt2_spec() -> dict:
    spec = _byte_level_bpe(None, nfc=False, special_tokens=["<|endoftext|>"])
    level = {"add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    spec["pre_tokenizer"] = {"type": "ByteLevel", **level}
    # as transformers' GPT2Converter: trim_offsets=False, so every byte keeps its span
    spec["post_processor"] = {"type": "ByteLevel", **level, "trim_offsets": False}
    spec["decoder"] = {"type": "ByteLevel", **level}
    return spec


def write_gpt2_files(folder: Path) -> Path:
    """vocab.json + merges.txt saved by the tokenizers model itself; returns vocab.json."""
    from tokenizers import Tokenizer

    folder.mkdir(parents=True, exist_ok=True)
    Tokenizer.from_str(json.dumps(gpt2_spec())).model.save(str(folder))
    return folder / "vocab.json"


# --- WordPiece ----------------------------------------------------------------------------


@cached_spec
def bert_spec(lowercase: bool) -> dict:
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers

    tk = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tk.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True,
                                               strip_accents=True if lowercase else None,
                                               lowercase=lowercase)
    tk.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tk.decoder = decoders.WordPiece(prefix="##")
    trainer = trainers.WordPieceTrainer(vocab_size=1500, limit_alphabet=600, show_progress=False,
                                        special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    _train(tk, trainer)
    tk.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", tk.token_to_id("[CLS]")), ("[SEP]", tk.token_to_id("[SEP]"))])
    return json.loads(tk.to_str())


def write_vocab_txt(folder: Path, lowercase: bool, config: bool) -> Path:
    """The WordPiece vocab as a bare vocab.txt (as ``model.save`` writes it), with a
    tokenizer_config.json giving ``do_lower_case`` when ``config``."""
    from tokenizers import Tokenizer

    folder.mkdir(parents=True, exist_ok=True)
    Tokenizer.from_str(json.dumps(bert_spec(lowercase))).model.save(str(folder))
    if config:
        (folder / "tokenizer_config.json").write_text(
            json.dumps({"do_lower_case": lowercase, "tokenizer_class": "BertTokenizer"}))
    return folder / "vocab.txt"


# --- CLIP / OpenAI GPT: BPE with an end-of-word suffix --------------------------------------------

CLIP_SPLIT = r"""<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|[\p{L}]+|[\p{N}]|[^\s\p{L}\p{N}]+"""


@cached_spec
def clip_spec() -> dict:
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

    tk = Tokenizer(models.BPE(continuing_subword_prefix="", end_of_word_suffix="</w>",
                              unk_token="<|endoftext|>"))
    tk.normalizer = normalizers.Sequence(
        [normalizers.NFC(), normalizers.Replace(Regex(r"\s+"), " "), normalizers.Lowercase()])
    tk.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(CLIP_SPLIT), behavior="removed", invert=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False)])
    tk.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=1500, end_of_word_suffix="</w>", show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  special_tokens=["<|startoftext|>", "<|endoftext|>"])
    spec = json.loads(_train(tk, trainer).to_str())
    vocab = spec["model"]["vocab"]
    spec["post_processor"] = {"type": "RobertaProcessing", "sep": ["<|endoftext|>", vocab["<|endoftext|>"]],
                              "cls": ["<|startoftext|>", vocab["<|startoftext|>"]],
                              "trim_offsets": False, "add_prefix_space": False}
    return spec


@cached_spec
def suffix_bpe_spec() -> dict:
    """OpenAI-GPT style: characters (not bytes), Whitespace pre-tokenizer, ``</w>`` suffix."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

    tk = Tokenizer(models.BPE(end_of_word_suffix="</w>", unk_token="<unk>"))
    tk.normalizer = normalizers.Sequence([normalizers.NFC(), normalizers.Lowercase()])
    tk.pre_tokenizer = pre_tokenizers.Whitespace()
    tk.decoder = decoders.BPEDecoder(suffix="</w>")
    trainer = trainers.BpeTrainer(vocab_size=1500, end_of_word_suffix="</w>", limit_alphabet=300,
                                  show_progress=False, special_tokens=["<unk>"])
    return json.loads(_train(tk, trainer).to_str())


# --- Unigram ------------------------------------------------------------------------------


@cached_spec
def unigram_spec(byte_fallback: bool) -> dict:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tk = Tokenizer(models.Unigram())
    tk.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tk.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    trainer = trainers.UnigramTrainer(vocab_size=2000, unk_token="<unk>", show_progress=False,
                                      special_tokens=["<unk>", "<s>", "</s>"], max_piece_length=8)
    spec = json.loads(_train(tk, trainer).to_str())
    if byte_fallback:
        # UnigramTrainer has no byte_fallback option: add the byte pieces as SentencePiece does
        model = spec["model"]
        have = {piece for piece, _ in model["vocab"]}
        model["vocab"] += [[p, 0.0] for p in BYTE_PIECES if p not in have]
        model["byte_fallback"] = True
        spec["decoder"] = {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"},
            {"type": "Strip", "content": " ", "start": 1, "stop": 0}]}
    return spec


# --- tiktoken -----------------------------------------------------------------------------


@lru_cache(maxsize=None)
def tiktoken_ranks(pattern: str) -> dict[bytes, int]:
    """A byte-level BPE trained behind ``pattern``, as tiktoken ranks: token bytes through the
    GPT-2 byte-to-unicode inverse map, rank = the BPE id (merges get increasing ids)."""
    from core.formats.hf.runtime import byte_level_decoder

    table = byte_level_decoder()
    vocab = _byte_level_bpe(pattern, nfc=False, vocab_size=1500)["model"]["vocab"]
    return {bytes(table[ch] for ch in piece): token_id for piece, token_id in vocab.items()}


def write_rank_file(folder: Path, ranks: dict[bytes, int], name: str = "family.tiktoken") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"".join(base64.b64encode(token) + b" " + str(rank).encode() + b"\n"
                              for token, rank in sorted(ranks.items(), key=lambda kv: kv[1])))
    return path


# --- SentencePiece --------------------------------------------------------------------------

SPM_VARIANTS = {
    "unigram-nfkc": dict(model_type="unigram", vocab_size=1500),
    "unigram-identity": dict(model_type="unigram", vocab_size=1500,
                             normalization_rule_name="identity"),
    "bpe-bytefallback": dict(model_type="bpe", vocab_size=1500, byte_fallback=True,
                             character_coverage=0.98),
    "bpe-symbols": dict(model_type="bpe", vocab_size=1500, byte_fallback=True,
                        user_defined_symbols=["<|im_start|>", "<|im_end|>", "\n", "@@"],
                        control_symbols=["<ctrl>", "<mask>"]),
    "unigram-digits-spaces": dict(model_type="unigram", vocab_size=1500, split_digits=True,
                                  remove_extra_whitespaces=False, byte_fallback=True,
                                  allow_whitespace_only_pieces=True),
    "bpe-no-dummy-prefix": dict(model_type="bpe", vocab_size=1500, add_dummy_prefix=False,
                                remove_extra_whitespaces=True, normalization_rule_name="nfkc_cf"),
}


@lru_cache(maxsize=None)
def spm_model(variant: str) -> bytes:
    import sentencepiece as spm

    options = dict(character_coverage=0.98, hard_vocab_limit=False, minloglevel=2,
                   num_threads=1, seed_sentencepiece_size=20000, max_sentence_length=8192)
    options.update(SPM_VARIANTS[variant])
    buffer = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(corpus_lines()), model_writer=buffer,
                                   **options)
    return buffer.getvalue()
