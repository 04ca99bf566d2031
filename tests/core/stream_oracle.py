"""The oracles a stream decoder is held to, step by step (used by tests/core/stream/test_*.py).

* :func:`decode_stream_steps`: ``tokenizers.decoders.DecodeStream`` itself, for a runtime that has
  a ``tokenizers.Tokenizer`` (``tokenizer.json``, GGUF). Where ``DecodeStream`` raises "Invalid
  prefix" (its ByteFallback decoder takes back characters it emitted, see ``core.stream.decode``), the
  expected step is the workbench's documented reading — the IDs since ``DecodeStream``'s last
  output decoded alone — and ``DecodeStream`` goes on from there, restarted with those IDs as its
  prefill (``DecodeStream(ids=...)``: exactly the state the workbench is left in).
* :func:`rule_steps`: for runtimes with no ``DecodeStream`` (tiktoken, SentencePiece ``.model``,
  the reference BPE): ``DecodeStream``'s rule applied to the native ``decode`` of everything so
  far — after each step, the text emitted so far is ``decode(ids so far)`` when that does not
  end in ``�`` (an unfinished or invalid byte sequence), else what it was after the step before.
  A prompt (``prefill``) is taken one ID at a time by the same rule; its text is the base the
  stream's text follows (never emitted).
"""

from __future__ import annotations

from typing import Callable, Sequence

from tokenizers.decoders import DecodeStream

REPLACEMENT = "\ufffd"


def decode_stream_steps(tk, steps: Sequence[Sequence[int]], *, skip: bool = False,
                        prefill: Sequence[int] = ()) -> list[str]:
    """What ``DecodeStream(skip_special_tokens=skip)`` returns at each step (None as ""), after
    the prompt's IDs streamed one at a time with their outputs dropped (see the module
    docstring for "Invalid prefix")."""
    oracle = _Restarting(tk, skip)
    for token_id in prefill:
        oracle.step([token_id])
    return [oracle.step(list(step)) for step in steps]


class _Restarting:
    def __init__(self, tk, skip: bool) -> None:
        self.tk, self.skip = tk, skip
        self.stream = DecodeStream(skip_special_tokens=skip)
        self.since: list[int] = []  # the IDs since DecodeStream's last output

    def step(self, ids: list[int]) -> str:
        self.since += ids
        try:
            out = self.stream.step(self.tk, ids)
        except Exception as err:
            if "Invalid prefix" not in str(err):
                raise
            out = self.tk.decode(self.since, skip_special_tokens=self.skip)
            self.stream = DecodeStream(ids=self.since, skip_special_tokens=self.skip)
        if out is not None:
            self.since = []
        return out or ""


def rule_steps(decode: Callable[[list[int]], str], steps: Sequence[Sequence[int]],
               prefill: Sequence[int] = ()) -> tuple[str, list[str]]:
    """(the prompt's text, the text emitted so far after each step) by ``DecodeStream``'s rule on
    ``decode`` of everything so far (see the module docstring)."""
    seen: list[int] = []
    emitted = ""
    for token_id in prefill:
        seen.append(token_id)
        decoded = decode(seen)
        if not decoded.endswith(REPLACEMENT):
            emitted = decoded
    base, out = emitted, []
    for step in steps:
        seen += step
        decoded = decode(seen)
        if not decoded.endswith(REPLACEMENT):
            emitted = decoded
        out.append(emitted)
    return base, out
