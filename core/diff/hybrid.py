"""One tokenizer's model behind another's pre-tokenizer, to tell how much of a behaviour change
the pre-tokenizer (its regex) explains: segment with the old regex and the new model, and with the
new regex and the old model.

Made where both sides run on the same library: two tiktoken rank files (the regex is the
pattern) or two ``tokenizer.json`` (the ``pre_tokenizer`` component): each runtime says what its
pre-tokenizer is and what it can run behind its model (:meth:`Runtime.pre_tokenizer_part`,
:meth:`Runtime.with_pre_tokenizer`); else None, and the diff says the split was not computed.

>>> from core.formats.runtime import PreTokenizerPart
>>> class Plain:  # a runtime with no pre-tokenizer to lend
...     def pre_tokenizer_part(self): return None
>>> with_pretokenizer(Plain(), Plain()) is None
True
"""

from __future__ import annotations

from ..errors import WorkbenchError


def with_pretokenizer(model_side, pretokenizer_side):
    """A runtime running ``model_side``'s model (vocabulary, merges, normalizer) on the
    pre-tokens of ``pretokenizer_side``, or None when the two cannot be combined."""
    part = pretokenizer_side.pre_tokenizer_part()
    if part is None:
        return None
    try:
        return model_side.with_pre_tokenizer(part)
    except WorkbenchError:  # the model rejects the other pre-tokenizer: no split to show
        return None
