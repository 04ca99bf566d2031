"""A BERT WordPiece ``vocab.txt`` and a GPT-2 ``vocab.json`` + ``merges.txt`` pair, each turned
into the ``tokenizer.json`` that runs it the way transformers' converters do, on the
``tokenizers`` runtime.

Detection (:mod:`core.formats.detect`) finds the files and reads their text; what the text means
is decided here, with the rest of the ``tokenizers`` format.

>>> runtime = wordpiece_runtime("[PAD]\\n[UNK]\\nhello\\n##s\\n", path="vocab.txt")
>>> runtime.encode("hellos").pieces, runtime.notes[-1].code
(['hello', '##s'], 'wordpiece.lowercased_guessed')
"""

from __future__ import annotations

from ...errors import FormatError
from ...notes import note
from .runtime import HFRuntime, byte_level_decoder

BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


def wordpiece_runtime(text: str, *, path: object, tokenizer_config: dict | None = None,
                      configs: dict[str, dict] | None = None) -> HFRuntime:
    """Run the WordPiece ``vocab.txt`` whose ``text`` is given: one token per line, its ID the
    line number (blank lines included), as BERT's tokenizer, lowercased as
    ``tokenizer_config``'s ``do_lower_case`` says or, without it, as the vocabulary suggests
    (under 1% of cased tokens). A note says which was chosen and why.

    Raises :class:`FormatError` (``format.wordpiece_without_unk``) without an ``[UNK]`` token.
    """
    vocab: dict[str, int] = {}
    for number, token in enumerate(text.splitlines()):
        vocab.setdefault(token.rstrip("\r"), number)
    if "[UNK]" not in vocab:
        raise FormatError.of(note("format.wordpiece_without_unk"), path=path)
    config = tokenizer_config or {}
    from_config = "do_lower_case" in config
    lowercase = bool(config["do_lower_case"]) if from_config else looks_uncased(vocab)
    specials = [t for t in BERT_SPECIALS if t in vocab]
    spec = {
        "version": "1.0",
        "added_tokens": [_special(vocab, t) for t in specials],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": lowercase},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": bert_template(vocab) if {"[CLS]", "[SEP]"} <= vocab.keys() else None,
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    }
    runtime = HFRuntime(spec, path=path, configs=configs or {}, source_format="wordpiece")
    runtime.notes.append(note(f"wordpiece.{'lowercased' if lowercase else 'cased'}_"
                              f"{'config' if from_config else 'guessed'}"))
    return runtime


def looks_uncased(vocab: dict[str, int]) -> bool:
    """Whether a WordPiece vocabulary was made from lowercased text: under 1% of its tokens
    (the bracketed specials aside) hold an upper-case letter.

    >>> looks_uncased({"[UNK]": 0, "the": 1, "##s": 2}), looks_uncased({"The": 0, "the": 1})
    (True, False)
    """
    plain = [t for t in vocab if not (t.startswith("[") and t.endswith("]"))]
    cased = sum(1 for t in plain if t != t.lower())
    return cased < 0.01 * max(len(plain), 1)


def bert_template(vocab: dict[str, int]) -> dict:
    """BERT's post-processor: ``[CLS] A [SEP]`` and ``[CLS] A [SEP] B [SEP]`` (type 1 for B)."""
    cls_, sep = {"id": "[CLS]", "type_id": 0}, {"id": "[SEP]", "type_id": 0}
    return {"type": "TemplateProcessing",
            "single": [{"SpecialToken": cls_}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": sep}],
            "pair": [{"SpecialToken": cls_}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": sep}, {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {t: {"id": t, "ids": [vocab[t]], "tokens": [t]}
                               for t in ("[CLS]", "[SEP]")}}


def gpt2_runtime(vocab: dict, merges_text: str, *, vocab_path: object, merges_path: object,
                 configs: dict[str, dict] | None = None) -> HFRuntime:
    """Run a GPT-2 style byte-level BPE from its ``vocab.json`` (parsed) and the text of its
    ``merges.txt`` (two space-separated pieces a line, after an optional ``#version`` line),
    as transformers' GPT-2 converter builds it; ``<|...|>`` pieces are special tokens.

    Raises :class:`FormatError`: ``format.merge_not_a_pair`` (with its line) for a merge that
    is not two pieces, ``format.not_byte_level`` for a vocabulary outside the byte-level
    alphabet.
    """
    merges = []
    for number, line in enumerate(merges_text.splitlines(), start=1):
        if not line.strip() or (number == 1 and line.startswith("#version")):
            continue
        parts = line.split(" ")
        if len(parts) != 2:
            raise FormatError.of(note("format.merge_not_a_pair"), path=merges_path, line=number)
        merges.append(parts)
    table = byte_level_decoder()
    # the first 2,000 pieces decide: a byte-level vocabulary uses only the stand-in alphabet
    if not all(ch in table for piece in list(vocab)[:2000] for ch in piece
               if not _is_special(piece)):
        raise FormatError.of(note("format.not_byte_level"), path=vocab_path)
    level = {"add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    spec = {
        "version": "1.0",
        "added_tokens": [_special(vocab, t) for t in vocab if _is_special(t)],
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", **level},
        # trim_offsets=False (as transformers' GPT2 converter): every byte keeps a span
        "post_processor": {"type": "ByteLevel", **level, "trim_offsets": False},
        "decoder": {"type": "ByteLevel", **level},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": False,
                  "byte_fallback": False, "vocab": vocab, "merges": merges},
    }
    return HFRuntime(spec, path=vocab_path, configs=configs or {}, source_format="gpt2-bpe")


def _is_special(piece: str) -> bool:
    return piece.startswith("<|") and piece.endswith("|>")


def _special(vocab: dict, token: str) -> dict:
    return {"id": vocab[token], "content": token, "single_word": False, "lstrip": False,
            "rstrip": False, "normalized": False, "special": True}
