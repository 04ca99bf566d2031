"""A GGUF file's tokenizer as a ``tokenizers`` pipeline that computes what llama.cpp computes.

llama.cpp keeps the tokenizer in the metadata (``tokenizer.ggml.*``) and runs it with its own code
(``src/llama-vocab.cpp``). This module rebuilds each of its tokenizers as a ``tokenizer.json``,
as transformers' GGUF support does, but following llama.cpp rather than the original model:

- ``gpt2`` (byte-level BPE): llama.cpp splits the text with a *list* of regexes, one after the
  other, chosen by ``tokenizer.ggml.pre`` (:mod:`core.formats.gguf.pretokenizers`) — a ``Sequence`` of
  ``Split(isolated)`` pre-tokenizers does the same — then runs the merges (``ignore_merges`` for
  the families llama.cpp sets it).
- ``gemma4`` (and the pre-tokenizers ``gemma4``, ``sarvam-moe``, ``whitespace``): the same BPE on
  raw UTF-8 instead of GPT-2 bytes, spaces as ``▁``, unknown characters as ``<0xNN>`` tokens;
  Gemma 4 splits lines from newline runs and takes a run that is a token whole
  (:mod:`core.formats.gguf.newlines`), and always adds BOS.
- ``llama`` (SentencePiece-style): a space is prepended to the text and after every special token
  (``add_space_prefix``), spaces become ``▁``, then the pair whose joined piece has the best score
  is merged until none is left, unknown characters falling back to ``<0xNN>`` byte tokens: a BPE
  whose merges are ranked by the score of their result, with byte fallback.
- ``bert`` (WordPiece): word-initial pieces are stored as ``▁piece``, continuations bare; they
  become ``piece`` and ``##piece`` for ``tokenizers``' WordPiece.
- ``t5`` (Unigram): the precompiled charsmap and llama.cpp's whitespace rules as normalizers,
  then the best segmentation of the whole text over normal, user-defined and unused tokens.
- ``whitespace``: BPE between runs of whitespace, which are dropped (when it does not lowercase).

Tokens typed control/unknown are special added tokens (matched only when special tokens are
parsed), user-defined ones plain added tokens (always matched), as ``tokenizer_st_partition``
does. The models no pipeline reproduces (:data:`REFUSED_MODELS`: ``rwkv``, ``plamo2``...) and
names llama.cpp does not know are refused by name, with a note saying why, never approximated.

>>> PRE_SPLITS["starcoder"][0]
'\\\\p{N}'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ...errors import FormatError
from .header import GGUFHeader, read_gguf_header
from .newlines import newline_plan
from .pretokenizers import FORCED_PRE, PRE_TYPES, LlamaPre
from ...notes import note
from ..sentencepiece.piece_types import PieceType

# tokenizer.ggml.model -> what the workbench builds (llama.cpp's LLAMA_VOCAB_TYPE_* in brackets)
MODELS = {"gpt2": "byte-level BPE [BPE]", "gemma4": "SentencePiece-style BPE with merges [BPE]",
          "whitespace": "BPE between whitespace [BPE]", "llama": "SentencePiece-style BPE (scores) [SPM]",
          "bert": "WordPiece [WPM]", "t5": "Unigram [UGM]"}
BPE_MODELS = ("gpt2", "gemma4", "whitespace")  # the ones llama.cpp reads a pre-tokenizer for
# the models llama.cpp knows that no tokenizers pipeline reproduces: the note that says why
REFUSED_MODELS = {"none": "gguf.model_no_vocab", "no_vocab": "gguf.model_no_vocab",
                  "rwkv": "gguf.model_rwkv", "plamo2": "gguf.model_plamo2",
                  "hybriddna": "gguf.model_hybriddna"}
# the regexes of each pre-tokenizer name (kept for callers that only need the splits)
PRE_SPLITS: dict[str, tuple[str, ...]] = {name: pre.regexes for name, pre in PRE_TYPES.items()}
# the pre-tokenizers after which llama.cpp wants a separator token (add_sep)
ADD_SEP_BY_PRE = frozenset({"jina-v1-en", "jina-v2-code", "roberta-bpe"})
# token types (llama_token_type, SentencePiece's piece types by number): what llama.cpp's
# tokenizer_st_partition does with each
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = PieceType

# llama.cpp (llama_vocab::impl::load) makes these texts control tokens whatever the file says:
# the end-of-generation ones always, the FIM ones when the file sets no ID of their kind
_EOG_TEXTS = frozenset({
    "<|eot_id|>", "<|im_end|>", "<|end|>", "<|return|>", "<|call|>", "<|flush|>", "<|calls|>",
    "<end_of_turn>", "<|endoftext|>", "</s>", "<|eom_id|>", "<EOT>", "_<EOT>", "[EOT]", "[EOS]",
    "<|end_of_text|>", "<end_of_utterance>", "<eos>", "<turn|>", "<|tool_response>",
    "<｜end▁of▁sentence｜>", "[e~["})
_FIM_TEXTS = {  # FIM kind -> (the metadata keys that set it, the texts llama.cpp looks for)
    "pre": (("fim_pre", "prefix"), ("<|fim_prefix|>", "<fim-prefix>", "<fim_prefix>", "<｜fim▁begin｜>",
                                    "<PRE>", "▁<PRE>", "<|code_prefix|>", "<|prefix|>")),
    "suf": (("fim_suf", "suffix"), ("<|fim_suffix|>", "<fim-suffix>", "<fim_suffix>", "<｜fim▁hole｜>",
                                    "<SUF>", "▁<SUF>", "<|code_suffix|>", "<|suffix|>")),
    "mid": (("fim_mid", "middle"), ("<|fim_middle|>", "<fim-middle>", "<fim_middle>", "<｜fim▁end｜>",
                                    "<MID>", "▁<MID>", "<|code_middle|>", "<|middle|>")),
    "pad": (("fim_pad",), ("<|fim_pad|>", "<fim-pad>", "<fim_pad>", "<PAD>", "[PAD]")),
    "rep": (("fim_rep",), ("<|fim_repo|>", "<|repo_name|>", "<fim-repo>", "<REPO>", "<reponame>")),
    "sep": (("fim_sep",), ("<|file_sep|>",)),
}
# gpt-oss: llama.cpp always renders these, as user-defined tokens
_USER_DEFINED_BY_TEXT = frozenset({"<|channel|>", "<|message|>", "<|start|>", "<|constrain|>"})

# tokenizer.ggml.<key>_token_id -> role (llama.cpp's special_*_id), "seperator" sic
SPECIAL_ID_KEYS = {"bos": "bos", "eos": "eos", "eot": "end of turn", "eom": "end of message",
                   "unknown": "unk", "seperator": "sep", "padding": "pad", "mask": "mask",
                   "cls": "cls", "fim_pre": "fim", "fim_suf": "fim", "fim_mid": "fim",
                   "fim_pad": "fim", "fim_rep": "fim", "fim_sep": "fim", "prefix": "fim",
                   "suffix": "fim", "middle": "fim"}
# llama.cpp's defaults before the file's keys are read
_DEFAULT_IDS = {"llama": {"bos": 1, "eos": 2, "unknown": 0},
                "t5": {"eos": 1, "unknown": 2, "padding": 0},
                "bert": {"bos": 101, "unknown": 100, "seperator": 102, "padding": 0, "mask": 103},
                "gpt2": {"bos": 11, "eos": 11}}


@dataclass
class GGUFVocab:
    """What the tokenizer metadata says, checked (see :func:`read_vocab`)."""

    model: str
    pre: str | None
    tokens: list[str]
    types: np.ndarray
    scores: np.ndarray | None
    merges: list[str] | None
    special_ids: dict[str, int] = field(default_factory=dict)  # key (bos, eos...) -> id
    id_sources: dict[str, str] = field(default_factory=dict)  # key -> metadata key or default
    add_bos: bool = False
    add_eos: bool = False
    add_sep: bool = False
    add_space_prefix: bool = False
    remove_extra_whitespaces: bool = False
    precompiled_charsmap: bytes | None = None
    lowercase: bool = True
    strip_accents: bool = True
    chat_template: str | None = None
    notes: list = field(default_factory=list)


def _key(header: GGUFHeader, name: str, kind, default=None):
    value = header.get(name, default)
    if value is default:
        return default
    if kind is list:
        if isinstance(value, np.ndarray) or (isinstance(value, list)
                                             and all(isinstance(v, str) for v in value)):
            return value
    elif kind is bool:
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
    elif kind is int:
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            return int(value)
    elif isinstance(value, kind):
        return value
    raise FormatError.of(note("gguf.key_type", key=name, found=type(value).__name__),
                         path=header.path)


def read_vocab(header: GGUFHeader) -> GGUFVocab:
    """The tokenizer the metadata describes. Raises :class:`FormatError` naming the file and the
    key: no tokenizer, an unknown model or pre-tokenizer, arrays of different lengths."""
    path = header.path
    model = _key(header, "tokenizer.ggml.model", str)
    if model is None:
        raise FormatError.of(note("gguf.no_tokenizer"), path=path)
    supported = list(MODELS)
    if model in REFUSED_MODELS:
        raise FormatError.of(note(REFUSED_MODELS[model], model=model, supported=supported),
                             path=path)
    if model not in MODELS:
        raise FormatError.of(note("gguf.model_unknown", model=model, supported=supported),
                             path=path)
    pre = _key(header, "tokenizer.ggml.pre", str)
    if model in BPE_MODELS:
        # llama.cpp's fallback for a file that names none; Gemma 4 has its own, whatever it says
        pre = FORCED_PRE.get(model, pre or "default")
        if pre not in PRE_TYPES:
            raise FormatError.of(note("gguf.pre_unknown", pre=pre), path=path)
    for name, kind in (("tokens", list), ("merges", list), ("token_type", np.ndarray),
                       ("scores", np.ndarray)):
        value = header.get(f"tokenizer.ggml.{name}")
        if value is not None and not isinstance(value, kind):
            raise FormatError.of(note("gguf.not_strings" if kind is list else "gguf.not_numbers",
                                      key=f"tokenizer.ggml.{name}"), path=path)
    tokens = _key(header, "tokenizer.ggml.tokens", list)
    if not tokens:
        raise FormatError.of(note("gguf.no_tokens"), path=path)
    tokens = [t if t else f"[EMPTY_{i}]" for i, t in enumerate(tokens)]  # as llama.cpp names them
    n = len(tokens)
    types = _key(header, "tokenizer.ggml.token_type", list)
    scores = _key(header, "tokenizer.ggml.scores", list)
    for name, array in (("tokenizer.ggml.token_type", types), ("tokenizer.ggml.scores", scores)):
        if array is not None and len(array) != n:
            raise FormatError.of(note("gguf.length_differs", key=name, entries=len(array),
                                      tokens=n), path=path)
    types = (np.asarray(types, dtype=np.int32) if types is not None
             else np.full(n, NORMAL, dtype=np.int32))
    merges = _key(header, "tokenizer.ggml.merges", list)
    if model in BPE_MODELS and merges is None:
        if pre != "kimi-k2":  # llama.cpp runs Kimi-K2 without merges
            raise FormatError.of(note("gguf.no_merges", model=model), path=path)
        merges = []
    if model in ("llama", "t5") and scores is None:
        raise FormatError.of(note("gguf.no_scores", model=model), path=path)
    seen: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if token in seen:
            raise FormatError.of(note("gguf.token_repeated", token=token, first=seen[token],
                                      second=index), path=path)
        seen[token] = index
    vocab = GGUFVocab(model, pre, tokens, types,
                      None if scores is None else np.asarray(scores, dtype=np.float32), merges)
    ids = dict(_DEFAULT_IDS.get(model, {}))
    pre_type = PRE_TYPES[pre] if model in BPE_MODELS else None
    if pre_type is not None and pre_type.no_default_bos:
        ids.pop("bos", None)
    sources = {key: "llama.cpp default" for key in ids}
    for key in SPECIAL_ID_KEYS:
        value = _key(header, f"tokenizer.ggml.{key}_token_id", int)
        if value is not None and 0 <= value < n:
            ids[key] = value  # llama.cpp ignores an id outside the vocabulary
            sources[key] = f"tokenizer.ggml.{key}_token_id"
    vocab.special_ids = {k: v for k, v in ids.items() if 0 <= v < n}
    vocab.id_sources = {k: sources[k] for k in vocab.special_ids}
    vocab.add_bos = model in ("llama", "bert") or bool(pre_type and pre_type.add_bos)
    vocab.add_eos = model == "t5"
    vocab.add_sep = model == "bert" or pre in ADD_SEP_BY_PRE
    vocab.add_space_prefix = model == "llama"
    flags = {"add_bos": "add_bos_token", "add_eos": "add_eos_token", "add_sep": "add_sep_token",
             "add_space_prefix": "add_space_prefix",
             "remove_extra_whitespaces": "remove_extra_whitespaces"}
    for attr, key in flags.items():
        value = _key(header, f"tokenizer.ggml.{key}", bool)
        if value is not None:
            setattr(vocab, attr, value)
    if pre_type is not None and pre_type.force_bos:
        vocab.add_bos = True  # llama.cpp's workaround for Gemma 4, whatever the file says
    for flag, key, id_key in (("add_bos", "bos", "bos"), ("add_eos", "eos", "eos"),
                              ("add_sep", "sep", "seperator")):
        if getattr(vocab, flag) and id_key not in vocab.special_ids:
            # llama.cpp refuses such a file (check_add_special_token)
            raise FormatError.of(note("gguf.add_without_id", flag=f"tokenizer.ggml.{flag}_token",
                                      key=f"tokenizer.ggml.{id_key}_token_id"), path=path)
    lowercase = _key(header, "tokenizer.ggml.normalizer.lowercase", bool)
    # llama.cpp lowercases by default, except after the whitespace pre-tokenizer
    vocab.lowercase = (pre != "whitespace") if lowercase is None else lowercase
    if model == "whitespace" and vocab.lowercase:
        raise FormatError.of(note("gguf.whitespace_lowercase", model=model), path=path)
    strip = _key(header, "tokenizer.ggml.normalizer.strip_accents", bool)
    vocab.strip_accents = vocab.lowercase if strip is None else strip
    vocab.chat_template = _key(header, "tokenizer.chat_template", str)
    charsmap = header.get("tokenizer.ggml.precompiled_charsmap")
    if charsmap is not None:
        if not isinstance(charsmap, np.ndarray) or charsmap.dtype.itemsize != 1:
            raise FormatError.of(note("gguf.charsmap_not_bytes"), path=path)
        vocab.precompiled_charsmap = charsmap.tobytes()
    return vocab


def token_attributes(vocab: GGUFVocab, model_name: str = "", *, pre_key: str = "",
                     arch: str = "") -> tuple[np.ndarray, set[int], set[int]]:
    """``(type per token, ids llama.cpp strips spaces after, ids it strips spaces before)``, with
    the fixes llama.cpp applies when it loads a vocabulary: end-of-generation and FIM texts
    become control tokens, gpt-oss's channel tokens user-defined (and Harmony's ``<|end|>``,
    which is not an end there), Gemma 4's ``</s>`` a normal token; by file (``pre_key``: the
    file's ``tokenizer.ggml.pre``, ``arch``, ``model_name``), Jina v2 and Nomic/Jina-BERT-v3
    strip the spaces before ``<mask>``, else Phi-3's special tokens strip those after them, else
    ModernBERT strips those before ``[MASK]``."""
    types = vocab.types.copy()
    index = {t: i for i, t in enumerate(vocab.tokens)}
    set_by_file = {key for key, source in vocab.id_sources.items() if source != "llama.cpp default"}
    control_texts = set(_EOG_TEXTS)
    for keys, texts in _FIM_TEXTS.values():
        if not set_by_file & set(keys):
            control_texts.update(texts)
    for text in control_texts & index.keys():
        types[index[text]] = CONTROL
    for text in _USER_DEFINED_BY_TEXT & index.keys():
        types[index[text]] = USER_DEFINED
    eog = _EOG_TEXTS & index.keys()
    if "<|end|>" in eog and ({"<|return|>", "<|call|>"} <= eog or {"<|calls|>", "<|flush|>"} <= eog):
        types[index["<|end|>"]] = USER_DEFINED
    if {"<|tool_response>", "</s>"} <= eog:
        types[index["</s>"]] = NORMAL
    rstrip: set[int] = set()
    lstrip: set[int] = set()
    name = model_name.lower()
    if (any(k in pre_key for k in ("jina-v2-de", "jina-v2-es", "jina-v2-code"))
            or any(k in arch for k in ("nomic-bert-moe", "jina-bert-v3"))):
        lstrip = {index[t] for t in ("<mask>",) if t in index}
    elif "phi-3" in name or "phi3" in name:
        rstrip = {i for i, t in enumerate(types) if t in (CONTROL, USER_DEFINED, UNKNOWN)}
        rstrip |= {index[t] for t in ("</s>",) if t in index}
        rstrip -= {index[t] for t in ("<unk>", "<s>", "<|endoftext|>") if t in index}
    elif "modern-bert" in name:
        lstrip = {index[t] for t in ("[MASK]",) if t in index}
    return types, rstrip, lstrip


def gguf_tokenizer_json(header: GGUFHeader) -> tuple[dict, GGUFVocab]:
    """``(tokenizer.json spec, the vocab read)`` for the GGUF file's tokenizer; the vocab's
    ``notes`` say what llama.cpp does that the file does not say."""
    vocab = read_vocab(header)
    pre_key = header.get("tokenizer.ggml.pre")
    types, rstrip, lstrip = token_attributes(
        vocab, str(header.get("general.name") or ""),
        pre_key=pre_key if isinstance(pre_key, str) else "", arch=header.architecture or "")
    if vocab.model in BPE_MODELS and vocab.model not in FORCED_PRE and pre_key is None:
        vocab.notes.append(note("gguf.pre_default"))
    marked = [vocab.tokens[i] for i in np.flatnonzero((types == CONTROL) & (vocab.types != CONTROL))]
    if marked:
        vocab.notes.append(note("gguf.marked_control", tokens=marked))
    rows = header.embedding_rows
    if rows is not None and rows < len(vocab.tokens):
        vocab.notes.append(note("gguf.embedding_short", rows=rows, vocabulary=len(vocab.tokens)))
    if vocab.model in BPE_MODELS:
        spec = _bpe(vocab, types, header.path)
    else:
        spec = {"llama": _spm, "bert": _wordpiece, "t5": _unigram}[vocab.model](vocab, types)
    spec["added_tokens"] = [
        {"id": i, "content": content, "single_word": False, "lstrip": i in lstrip,
         "rstrip": i in rstrip, "normalized": False, "special": int(types[i]) != USER_DEFINED}
        for i, content in _added(vocab, types, spec)]
    spec["post_processor"] = _post_processor(vocab)
    return {"version": "1.0", "truncation": None, "padding": None, **spec}, vocab


def _added(vocab: GGUFVocab, types: np.ndarray, spec: dict) -> list[tuple[int, str]]:
    """Tokens matched whole before the model runs (control, unknown, user-defined)."""
    return [(i, vocab.tokens[i]) for i in np.flatnonzero(
        np.isin(types, (CONTROL, UNKNOWN, USER_DEFINED))).tolist()]


def _post_processor(vocab: GGUFVocab) -> dict | None:
    """What llama.cpp adds with add_special: BOS (CLS for bert) first, EOS or SEP last."""
    first = vocab.special_ids.get("bos") if vocab.add_bos else None
    last_key = "seperator" if vocab.model == "bert" and vocab.add_sep else "eos"
    last = vocab.special_ids.get(last_key) if (vocab.add_sep if vocab.model == "bert"
                                               else vocab.add_eos) else None
    if first is None and last is None:
        return None
    single: list[dict] = []
    special: dict[str, dict] = {}
    for token_id in (first,):
        if token_id is not None:
            content = vocab.tokens[token_id]
            single.append({"SpecialToken": {"id": content, "type_id": 0}})
            special[content] = {"id": content, "ids": [token_id], "tokens": [content]}
    single.append({"Sequence": {"id": "A", "type_id": 0}})
    if last is not None:
        content = vocab.tokens[last]
        single.append({"SpecialToken": {"id": content, "type_id": 0}})
        special[content] = {"id": content, "ids": [last], "tokens": [content]}
    pair = single + [item if "Sequence" not in item else {"Sequence": {"id": "B", "type_id": 1}}
                     for item in single[1:]]
    return {"type": "TemplateProcessing", "single": single, "pair": pair,
            "special_tokens": special}


def _split(regex: str, behavior: str = "Isolated") -> dict:
    return {"type": "Split", "pattern": {"Regex": regex}, "behavior": behavior, "invert": False}


def merge_pairs(merges: list[str]) -> list[tuple[str, str]]:
    """``tokenizer.ggml.merges`` as pairs, cut where llama.cpp cuts: at the first space after
    the first character (a merge may join pieces that start with a space).

    >>> merge_pairs(["a b", "  b"])
    [('a', 'b'), (' ', 'b')]
    """
    pairs = []
    for number, merge in enumerate(merges):
        cut = merge.find(" ", 1)
        if cut < 0:
            raise FormatError.of(note("gguf.merge_not_a_pair", number=number, merge=merge))
        pairs.append((merge[:cut], merge[cut + 1:]))
    return pairs


def _bpe(vocab: GGUFVocab, types: np.ndarray, path: object = None) -> dict:
    """llama.cpp's BPE session: the pre-tokenizer's regexes one after the other, then the merges
    by rank over GPT-2 bytes (``byte_level``) or raw UTF-8 with ``<0xNN>`` byte tokens."""
    pre: LlamaPre = PRE_TYPES[vocab.pre]
    pairs = merge_pairs(vocab.merges)
    regexes = list(pre.regexes)
    if pre.whole_newline_runs:
        plan = newline_plan(vocab.tokens, pairs, path)
        if plan is not None:
            regexes = [plan.split if r == pre.regexes[0] else r for r in regexes]
            pairs += plan.merges
    splits = [_split(regex) for regex in regexes]
    if vocab.model == "whitespace":
        # llama.cpp's whitespace session: whitespace ends a segment and is dropped
        splits.insert(0, _split(r"\s+", "Removed"))
    if pre.byte_level:
        splits.append({"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                       "use_regex": False})
        decoder = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                   "use_regex": False}
    else:
        decoder = {"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"}]}
        if pre.escape_spaces:
            decoder["decoders"].insert(
                0, {"type": "Replace", "pattern": {"String": "▁"}, "content": " "})
    return {
        "normalizer": ({"type": "Replace", "pattern": {"String": " "}, "content": "▁"}
                       if pre.escape_spaces else None),
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": splits},
        "decoder": decoder,
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": not pre.byte_level,
                  "ignore_merges": pre.ignore_merges,
                  "vocab": {t: i for i, t in enumerate(vocab.tokens)},
                  "merges": [list(pair) for pair in pairs]},
    }


def score_merges(tokens: list[str], scores: np.ndarray) -> list[list[str]]:
    """Merges that reproduce llama.cpp's SentencePiece-style tokenizer: every split of a piece
    into two pieces of the vocabulary, best result score first (ties: lower ID, then the split
    further left — llama.cpp prefers the leftmost pair among equal scores).

    >>> score_merges(["a", "b", "ab", "abb", "bb"], np.array([0, 0, -1, -3, -2], dtype=np.float32))
    [['a', 'b'], ['b', 'b'], ['a', 'bb'], ['ab', 'b']]
    """
    index = {t: i for i, t in enumerate(tokens)}
    found = []
    for token_id, token in enumerate(tokens):
        for cut in range(1, len(token)):
            left, right = token[:cut], token[cut:]
            if left in index and right in index:
                found.append((-float(scores[token_id]), token_id, cut, left, right))
    found.sort(key=lambda m: m[:3])
    return [[left, right] for *_, left, right in found]


def _spm(vocab: GGUFVocab, types: np.ndarray) -> dict:
    steps = [{"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]
    if vocab.add_space_prefix:
        # a tokenizers normalizer runs on each stretch between added tokens: a space before
        # each, as llama.cpp adds one at the start and after every special token
        steps.insert(0, {"type": "Prepend", "prepend": "▁"})
    unk = vocab.special_ids.get("unknown")
    decoder = [{"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
               {"type": "ByteFallback"}, {"type": "Fuse"}]
    if vocab.add_space_prefix:
        decoder.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    return {
        "normalizer": {"type": "Sequence", "normalizers": steps},
        "pre_tokenizer": None,
        "decoder": {"type": "Sequence", "decoders": decoder},
        "model": {"type": "BPE", "dropout": None,
                  "unk_token": vocab.tokens[unk] if unk is not None else None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": bool((types == BYTE).any()),
                  "ignore_merges": False,
                  "vocab": {t: i for i, t in enumerate(vocab.tokens)},
                  "merges": score_merges(vocab.tokens, vocab.scores)},
    }


def _wordpiece(vocab: GGUFVocab, types: np.ndarray) -> dict:
    pieces: dict[str, int] = {}
    for token_id, token in enumerate(vocab.tokens):
        if types[token_id] in (CONTROL, UNKNOWN, USER_DEFINED):
            piece = token
        elif token.startswith("▁"):
            piece = token[1:]  # llama.cpp's converter marks a word's first piece with ▁
        else:
            piece = "##" + token
        pieces.setdefault(piece, token_id)
    unk = vocab.special_ids.get("unknown")
    return {
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": vocab.strip_accents, "lowercase": vocab.lowercase},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        # llama.cpp has no word-length limit (tokenizers' default would make long words [UNK])
        "model": {"type": "WordPiece", "unk_token": vocab.tokens[unk] if unk is not None else "",
                  "continuing_subword_prefix": "##", "max_input_chars_per_word": 1 << 30,
                  "vocab": pieces},
    }


# --- the file as the workbench opens it ------------------------------------------------------


def read_gguf(path) -> GGUFHeader:
    """The header of the GGUF file at ``path``, read once per version of the file (the configs
    and the runtime both need it)."""
    from pathlib import Path

    stat = Path(path).stat()
    return _cached_header(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=2)
def _cached_header(path: str, mtime_ns: int, size: int) -> GGUFHeader:
    return read_gguf_header(path)


def model_facts(header: GGUFHeader, vocab_size: int) -> dict:
    """The model metadata that matters to the tokenizer contract, as data (for the manifest and
    the Tokenizer tab): architecture, name, embedding rows (from ``token_embd.weight``'s shape,
    else ``<arch>.vocab_size``, else None for a vocab-only file) against the vocabulary, context
    length, and the header's size.

    An embedding with fewer rows than the vocabulary cannot look up some IDs; more rows are
    padding the tokenizer never produces.
    """
    rows = header.embedding_rows
    rows_from = "token_embd.weight" if rows is not None else None
    if rows is None and header.arch_value("vocab_size") is not None:
        rows, rows_from = int(header.arch_value("vocab_size")), f"{header.architecture}.vocab_size"
    context = header.arch_value("context_length")
    name = header.get("general.name")
    return {"architecture": header.architecture, "name": name if isinstance(name, str) else None,
            "vocabulary": vocab_size, "embedding_rows": rows, "embedding_rows_from": rows_from,
            "context_length": None if context is None else int(context),
            "gguf_version": header.version, "keys": len(header.metadata),
            "tensors": len(header.tensors), "header_bytes": header.header_bytes}


def describe_facts(facts: dict) -> dict[str, str]:
    """:func:`model_facts` as ``describe()`` rows (English; the GUI words them itself).

    >>> describe_facts({"architecture": "llama", "name": None, "vocabulary": 10,
    ...                 "embedding_rows": 12, "embedding_rows_from": "token_embd.weight",
    ...                 "context_length": 4096, "gguf_version": 3, "keys": 20, "tensors": 2,
    ...                 "header_bytes": 900})["embedding rows"]
    '12 (vocabulary + 2, from token_embd.weight)'
    """
    rows = facts["embedding_rows"]
    info = {"architecture": facts["architecture"] or "?"}
    if facts["name"]:
        info["model name"] = facts["name"]
    info["embedding rows"] = ("none (a vocab-only file)" if rows is None else
                              f"{rows:,} ({rows_versus_vocabulary(rows, facts['vocabulary'])}, "
                              f"from {facts['embedding_rows_from']})")
    if facts["context_length"] is not None:
        info["context length"] = f"{facts['context_length']:,}"
    info["GGUF header"] = (f"version {facts['gguf_version']}, {facts['keys']} keys, "
                           f"{facts['tensors']:,} tensors, {facts['header_bytes']:,} bytes")
    return info


def rows_versus_vocabulary(rows: int, vocabulary: int) -> str:
    """``= vocabulary``, ``vocabulary + 512`` or ``vocabulary − 3``.

    >>> rows_versus_vocabulary(10, 10), rows_versus_vocabulary(7, 10)
    ('= vocabulary', 'vocabulary − 3')
    """
    if rows == vocabulary:
        return "= vocabulary"
    return f"vocabulary {'+' if rows > vocabulary else '−'} {abs(rows - vocabulary):,}"


def named_chat_templates(header: GGUFHeader) -> dict[str, str]:
    """``{name: template}`` of a GGUF with named chat templates — ``tokenizer.chat_templates``
    lists the names, each under ``tokenizer.chat_template.<name>``, the default under
    ``tokenizer.chat_template`` (gguf-py's ``add_chat_template``) — ``default`` first; empty
    for a GGUF with one template or none."""
    names = _key(header, "tokenizer.chat_templates", list)
    if names is None or len(names) == 0:
        return {}
    found = {}
    default = _key(header, "tokenizer.chat_template", str)
    if default is not None:
        found["default"] = default
    for name in names:
        template = _key(header, f"tokenizer.chat_template.{name}", str)
        if template is not None:
            found[str(name)] = template
    return found


def embedded_configs(path) -> tuple[dict, dict]:
    """``(tokenizer_config, model_config)`` as a GGUF file's metadata gives them: the named
    special tokens, add_bos/add_eos and the chat template (``tokenizer.chat_template``), and the
    model's embedding rows, hidden size and context length — what the Chat pane and the bundle
    manifest read from a HF model's ``tokenizer_config.json`` and ``config.json``."""
    header = read_gguf(path)
    vocab = read_vocab(header)
    config: dict = {"add_bos_token": vocab.add_bos, "add_eos_token": vocab.add_eos}
    names = {"bos": "bos_token", "eos": "eos_token", "unknown": "unk_token",
             "padding": "pad_token", "seperator": "sep_token", "mask": "mask_token"}
    for key, name in names.items():
        if key in vocab.special_ids:
            config[name] = vocab.tokens[vocab.special_ids[key]]
    if vocab.model == "bert" and "bos" in vocab.special_ids:
        config["cls_token"] = config.pop("bos_token")
    if vocab.chat_template is not None:
        config["chat_template"] = vocab.chat_template
    named = named_chat_templates(header)
    if named:  # as the tokenizer_config.json list they were written from
        config["chat_template"] = [{"name": name, "template": template}
                                   for name, template in named.items()]
    model: dict = {}
    rows = header.embedding_rows or header.arch_value("vocab_size")
    for key, value in (("model_type", header.architecture), ("vocab_size", rows),
                       ("hidden_size", header.arch_value("embedding_length")),
                       ("max_position_embeddings", header.arch_value("context_length"))):
        if value is not None:
            model[key] = value if isinstance(value, str) else int(value)
    return config, model




def _unigram(vocab: GGUFVocab, types: np.ndarray) -> dict:
    """llama.cpp's UGM tokenizer: the precompiled charsmap, its whitespace rules, then the best
    segmentation of the whole text (Viterbi) over normal, user-defined and unused tokens, an
    unknown character costing the lowest score minus 10, runs of unknowns fused."""
    import base64

    steps: list[dict] = []
    if vocab.precompiled_charsmap:
        steps.append({"type": "Precompiled", "precompiled_charsmap":
                      base64.b64encode(vocab.precompiled_charsmap).decode("ascii")})
    if vocab.remove_extra_whitespaces:
        # llama.cpp drops every space and puts one before each run of other characters
        steps += [{"type": "Replace", "pattern": {"Regex": " +"}, "content": " "},
                  {"type": "Strip", "strip_left": True, "strip_right": True}]
    if vocab.add_space_prefix or vocab.remove_extra_whitespaces:
        steps.append({"type": "Prepend", "prepend": "▁"})
    steps.append({"type": "Replace", "pattern": {"String": " "}, "content": "▁"})
    # llama.cpp also marks control tokens named "...unused..." unused, which puts them in its trie
    unused = np.array(["unused" in t for t in vocab.tokens]) & (types == CONTROL)
    in_lattice = np.isin(types, (NORMAL, USER_DEFINED, UNUSED)) | unused
    normal = types == NORMAL
    # llama.cpp leaves control, unknown and byte tokens out of its lattice; tokenizers keeps every
    # piece, and takes the lowest score of all for the unknown score (the lowest NORMAL score
    # minus 10 in llama.cpp). So they keep their text (their added tokens need that ID) at the
    # lowest normal score: a huge negative score would swamp every path's sum. Left: such a
    # token's literal in plain text may still be read as that token (llama.cpp spells it).
    floor = float(vocab.scores[normal].min()) if normal.any() else 0.0
    pieces = [[token, 0.0 if kind == USER_DEFINED else float(score) if keep else floor]
              for token, kind, score, keep in zip(vocab.tokens, types.tolist(),
                                                  vocab.scores.tolist(), in_lattice.tolist())]
    unk = vocab.special_ids.get("unknown")
    decoder = [{"type": "Replace", "pattern": {"String": "▁"}, "content": " "}, {"type": "Fuse"}]
    if vocab.add_space_prefix or vocab.remove_extra_whitespaces:
        decoder.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    return {
        "normalizer": {"type": "Sequence", "normalizers": steps},
        "pre_tokenizer": None,
        "decoder": {"type": "Sequence", "decoders": decoder},
        "model": {"type": "Unigram", "unk_id": unk, "byte_fallback": False,
                  "vocab": pieces},
    }
