"""What a ``tokenizer.json`` says that generic code asks a runtime for: its post-processor as a
:class:`~core.pipeline.postprocess.Template`, its own truncation and padding, its decoder's traits, and
its pipeline without the added tokens. The ``tokenizers`` runtimes (:mod:`core.formats.hf.runtime`,
GGUF) answer the :class:`~core.formats.runtime.Runtime` protocol with these.
"""

from __future__ import annotations

import json

from ...notes import note
from ...pipeline.postprocess import Piece, PostprocessError, PostSettings, Template, plain_template


def post_template_of(node) -> Template:
    """A ``tokenizer.json`` post-processor as a template. ``ByteLevel`` adds nothing (it trims
    offsets, which the content encoding already has); a ``Sequence`` uses its one processor
    that adds tokens.

    >>> post_template_of({"type": "BertProcessing", "sep": ["[SEP]", 102],
    ...                   "cls": ["[CLS]", 101]}).notation()
    '[CLS] $A [SEP]'
    """
    if not isinstance(node, dict):
        return plain_template("tokenizer.json", "no post-processor")
    kind = node.get("type", "")
    if kind == "Sequence":
        adding = [p for p in node.get("processors") or [] if p.get("type") != "ByteLevel"]
        if len(adding) > 1:
            raise PostprocessError.of(note("postprocess.sequence_unsupported"))
        inner = post_template_of(adding[0]) if adding else plain_template("tokenizer.json", "ByteLevel")
        return Template(inner.single, inner.pair, "tokenizer.json", "Sequence: " + inner.detail)
    if kind == "TemplateProcessing":
        specials = {name: tuple(int(i) for i in entry.get("ids", []))
                    for name, entry in (node.get("special_tokens") or {}).items()}

        def convert(items) -> tuple[Piece, ...]:
            out = []
            for item in items or []:
                if "Sequence" in item:
                    seq = item["Sequence"]
                    out.append(Piece(0 if seq.get("id") == "A" else 1, int(seq.get("type_id", 0))))
                else:
                    tok = item["SpecialToken"]
                    out.append(Piece(None, int(tok.get("type_id", 0)), tok["id"],
                                     specials.get(tok["id"], ())))
            return tuple(out)
        return Template(convert(node.get("single")), convert(node.get("pair")),
                        "tokenizer.json", kind)
    if kind in ("BertProcessing", "RobertaProcessing"):
        (sep, sep_id), (cls, cls_id) = node["sep"], node["cls"]
        c, s = Piece(None, 0, cls, (int(cls_id),)), Piece(None, 0, sep, (int(sep_id),))
        if kind == "BertProcessing":
            pair = (c, Piece(0), s, Piece(1, 1), Piece(None, 1, sep, (int(sep_id),)))
        else:  # RoBERTa: <s> A </s> </s> B </s>, every type ID 0 (as tokenizers gives them)
            pair = (c, Piece(0), s, s, Piece(1, 0), s)
        return Template((c, Piece(0), s), pair, "tokenizer.json", kind)
    if kind == "ByteLevel":
        return plain_template("tokenizer.json", "ByteLevel")
    raise PostprocessError.of(note("postprocess.unsupported", kind=kind) if kind
                              else note("postprocess.unsupported_unnamed"))


def own_post_settings(spec: dict) -> PostSettings | None:
    """The truncation and padding a ``tokenizer.json`` sets, as settings; None without.

    >>> own_post_settings({"truncation": {"max_length": 8}}).max_length
    8
    """
    trunc, pad = spec.get("truncation"), spec.get("padding")
    if not isinstance(trunc, dict) and not isinstance(pad, dict):
        return None
    settings: dict = {}
    if isinstance(trunc, dict):
        strategy = {"LongestFirst": "longest_first", "OnlyFirst": "only_first",
                    "OnlySecond": "only_second"}.get(trunc.get("strategy"), "longest_first")
        settings.update(max_length=int(trunc.get("max_length", 512)),
                        truncation_side=str(trunc.get("direction", "Right")).lower(),
                        truncation_strategy=strategy, stride=int(trunc.get("stride", 0)))
    if isinstance(pad, dict):
        fixed = pad.get("strategy")
        length = fixed.get("Fixed") if isinstance(fixed, dict) else None
        settings.update(pad_to=length, pad_multiple=pad.get("pad_to_multiple_of") or (
                            None if length is not None else 1),
                        pad_side=str(pad.get("direction", "Right")).lower(),
                        pad_id=int(pad.get("pad_id", 0)))
    return PostSettings(**settings)


def own_pad(spec: dict) -> tuple[int, str] | None:
    """``(pad_id, pad_token)`` of a ``tokenizer.json``'s own padding, else None.

    >>> own_pad({"padding": {"pad_id": 3, "pad_token": "<pad>"}}), own_pad({})
    ((3, '<pad>'), None)
    """
    configured = spec.get("padding")
    if isinstance(configured, dict) and "pad_id" in configured:
        return int(configured["pad_id"]), str(configured.get("pad_token", ""))
    return None


def decodes_byte_runs_whole(spec: dict, byte_fallback: bool) -> bool:
    """Whether the decoder is ``tokenizers``' ``ByteFallback`` (of a byte-fallback model),
    which turns a whole run of byte pieces to "�" when any of it is invalid.

    >>> decodes_byte_runs_whole({"decoder": {"type": "ByteFallback"}}, True)
    True
    """
    return byte_fallback and '"ByteFallback"' in json.dumps(spec.get("decoder"))


# decoders whose output, after the first token, is each token's bytes in order; "Strip" and
# "Replace" only in the forms the Llama chain uses (checked in decodes_bytes_after_context)
_CONTEXT_FREE_DECODERS = frozenset({"ByteLevel", "ByteFallback", "Fuse", "Strip", "Replace",
                                    "Metaspace"})


def decodes_bytes_after_context(decoder) -> bool:
    """Whether a ``tokenizer.json`` decoder (chain) decodes a token after others as its bytes
    (only the first token of a decode may read differently): ByteLevel, Metaspace, the Llama
    chain ``Replace ▁ + ByteFallback + Fuse + Strip``; not WordPiece, BPEDecoder (``</w>``),
    CTC or no decoder (``tokenizers`` then joins the tokens with spaces).

    >>> decodes_bytes_after_context({"type": "ByteLevel"}), decodes_bytes_after_context(None)
    (True, False)
    >>> decodes_bytes_after_context({"type": "WordPiece", "prefix": "##"})
    False
    """
    if not isinstance(decoder, dict):
        return False
    kind = decoder.get("type")
    if kind == "Sequence":
        parts = decoder.get("decoders") or []
        return bool(parts) and all(decodes_bytes_after_context(part) for part in parts)
    if kind == "Strip":  # the whole text's first space (after Fuse) or each token's: first only
        return decoder.get("content") == " " and decoder.get("start", 0) <= 1 \
            and not decoder.get("stop", 0)
    if kind == "Replace":
        return decoder.get("pattern") == {"String": "\u2581"} and decoder.get("content") == " "
    return kind in _CONTEXT_FREE_DECODERS


def plain_encoder(tk):
    """For a ``tokenizers.Tokenizer``: text encoded without matching any added token, special or
    not — transformers' ``_encode_without_added_tokens`` (normalizer, pre-tokenizer, model;
    ``parse_special=False`` still matches plain added tokens such as ``<think>``), as
    ``(ids, code point spans)``.

    The steps run on one ``PreTokenizedString``, as the library's own encode runs them, so the
    offsets are the library's: code points of the original text (a byte-level model's offsets
    within a split are bytes; added to a split's start they would be wrong past a non-ASCII
    character).
    """
    from tokenizers import PreTokenizedString

    def encode(text: str):
        pts = PreTokenizedString(text)
        if tk.normalizer is not None:
            pts.normalize(lambda normalized: tk.normalizer.normalize(normalized))
        if tk.pre_tokenizer is not None:
            tk.pre_tokenizer.pre_tokenize(pts)
        pts.tokenize(lambda split: tk.model.tokenize(split))
        enc = pts.to_encoding()
        return list(enc.ids), [tuple(offsets) for offsets in enc.offsets]

    return encode
