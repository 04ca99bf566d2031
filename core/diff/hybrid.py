"""One tokenizer's model behind another's pre-tokenizer, to tell how much of a behaviour change
the pre-tokenizer (its regex) explains: segment with the old regex and the new model, and with the
new regex and the old model.

Made where both sides run on the same library: two tiktoken rank files (the regex is the
pattern) or two ``tokenizer.json`` (the ``pre_tokenizer`` component); else None, and the diff
says the split was not computed.

>>> with_pretokenizer(object(), object()) is None
True
"""

from __future__ import annotations

from ..errors import WorkbenchError


def with_pretokenizer(model_side, pretokenizer_side):
    """A runtime running ``model_side``'s model (vocabulary, merges, normalizer) on the
    pre-tokens of ``pretokenizer_side``, or None when the two cannot be combined."""
    from ..formats.hf.runtime import HFRuntime
    from ..formats.tiktoken.runtime import TiktokenRuntime

    try:
        if isinstance(model_side, TiktokenRuntime) and isinstance(pretokenizer_side,
                                                                  TiktokenRuntime):
            return TiktokenRuntime(model_side.ranks, name=model_side.name,
                                   preset=model_side.preset, pattern=pretokenizer_side.pattern,
                                   special=model_side.special)
        if isinstance(model_side, HFRuntime) and isinstance(pretokenizer_side, HFRuntime):
            spec = {**model_side.spec, "pre_tokenizer": pretokenizer_side.spec.get("pre_tokenizer")}
            return HFRuntime(spec, name=model_side.name)
    except WorkbenchError:  # the model rejects the other pre-tokenizer: no split to show
        return None
    return None
