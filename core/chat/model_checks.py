"""Checks on a chat's IDs against the tokenizer and the model's files.

* ``chat.double_bos`` / ``chat.double_eos``: the template writes the token the tokenizer's
  post-processor adds when the rendered text is encoded again with special tokens (the usual
  ``tokenizer(render)`` mistake): the model sees it twice;
* ``chat.id_beyond_embeddings``: an ID at or past ``config.json`` ``vocab_size`` (no embedding
  row);
* ``chat.end_not_a_stop``: the literal the template ends assistant turns with is not among the
  generation stop IDs (``generation_config.json`` ``eos_token_id``, else ``config.json``'s);

the files' own disagreements are the special-token registry's notes
(:func:`core.pipeline.special.registry_of`), reported as they are.

>>> added_by_post_processor(None)
([], [])
"""

from __future__ import annotations

from typing import Sequence
from weakref import WeakKeyDictionary

from ..notes import Note, note

PROBE = "Hello"  # a text any tokenizer encodes to ordinary tokens


_ADDED: "WeakKeyDictionary[object, tuple[tuple[int, ...], tuple[int, ...]]]" = \
    WeakKeyDictionary()


def added_by_post_processor(runtime) -> tuple[list[int], list[int]]:
    """The IDs ``encode(add_special_tokens=True)`` puts before and after a text's own.
    Found once per runtime (a report asks twice, four encodes a time)."""
    if runtime is None:
        return [], []
    try:
        found = _ADDED.get(runtime)
    except TypeError:  # no weak reference to this runtime: found anew
        return _added_by_post_processor(runtime)
    if found is None:
        before, after = _added_by_post_processor(runtime)
        found = _ADDED[runtime] = (tuple(before), tuple(after))
    return list(found[0]), list(found[1])


def _added_by_post_processor(runtime) -> tuple[list[int], list[int]]:
    plain = runtime.encode(PROBE, add_special_tokens=False).ids.tolist()
    full = runtime.encode(PROBE, add_special_tokens=True).ids.tolist()
    for at in range(len(full) - len(plain) + 1):
        if full[at:at + len(plain)] == plain:
            return full[:at], full[at + len(plain):]
    return [], []  # the post-processor changes the text's own tokens: nothing to compare


def double_special_notes(runtime, ids: Sequence[int],
                         spans: Sequence[tuple[int, int]]) -> list[Note]:
    """``ids`` (the render read with its literals parsed, no added tokens) already start with
    what the post-processor adds, or end with what it appends."""
    before, after = added_by_post_processor(runtime)
    ids = list(ids)
    notes = []
    if before and ids[:len(before)] == before:
        notes.append(note("chat.double_bos", span=(spans[0][0], spans[len(before) - 1][1]),
                          token=runtime.piece(before[0]), id=before[0]))
    if after and len(ids) > len(after) and ids[-len(after):] == after:
        notes.append(note("chat.double_eos", span=(spans[-len(after)][0], spans[-1][1]),
                          token=runtime.piece(after[-1]), id=after[-1]))
    return notes


def embedding_rows(configs) -> int | None:
    """``config.json`` ``vocab_size``: how many IDs the model has embeddings for."""
    rows = (getattr(configs, "model_config", None) or {}).get("vocab_size")
    return rows if isinstance(rows, int) and not isinstance(rows, bool) and rows > 0 else None


def embedding_notes(tokens, rows: int | None) -> list[Note]:
    """One note per distinct ID at or past ``rows``, with its first token and count."""
    if rows is None:
        return []
    first: dict[int, tuple[int, object]] = {}
    count: dict[int, int] = {}
    for index, token in enumerate(tokens):
        if token.id >= rows:
            first.setdefault(token.id, (index, token))
            count[token.id] = count.get(token.id, 0) + 1
    return [note("chat.id_beyond_embeddings", span=(token.start, token.end), piece=token.piece,
                 id=token_id, index=index, count=count[token_id], rows=rows)
            for token_id, (index, token) in first.items()]


def stop_ids(configs) -> tuple[list[int], str] | None:
    """The IDs generation stops at, and the file and key they come from."""
    for name, data in (("generation_config.json", getattr(configs, "generation_config", None)),
                       ("config.json", getattr(configs, "model_config", None))):
        value = (data or {}).get("eos_token_id")
        values = value if isinstance(value, list) else [value]
        ids = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        if ids and len(ids) == len(values):
            return ids, f"{name} eos_token_id"
    return None


def turn_end_literals(text: str, tails, ends: set[str]) -> list[str]:
    """The end literal each assistant turn's tail writes first, each once, in order."""
    out = []
    for _, start, end in tails:
        tail = text[start:end]
        found = [(tail.find(e), e) for e in ends if e in tail]
        if found:
            literal = min(found)[1]
            if literal not in out:
                out.append(literal)
    return out


def stop_notes(runtime, literals: list[str], stops: tuple[list[int], str] | None) -> list[Note]:
    """A ``chat.end_not_a_stop`` note per turn-ending literal whose ID is not a stop ID."""
    if stops is None or runtime is None:
        return []
    ids, source = stops
    notes = []
    for literal in literals:
        token_id = _id_of(runtime, literal)
        if token_id is not None and token_id not in ids:
            shown = str(ids[0]) if len(ids) == 1 else "[" + ", ".join(map(str, ids)) + "]"
            notes.append(note("chat.end_not_a_stop", token=literal, id=token_id, stops=shown,
                              source=source))
    return notes


def _id_of(runtime, literal: str) -> int | None:
    for token in runtime.special_tokens():
        if token.content == literal:
            return token.id
    return runtime.token_to_id(literal)
