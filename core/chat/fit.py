"""Does the template fit the tokenizer? Checks that need both, as :class:`~core.notes.Note`s.

* ``chat.control_split`` / ``chat.control_not_special``: a control string the template writes
  (in its own text, outside message content: ``<|start_header_id|>``, ``[INST]``,
  ``<start_of_turn>``, ``<｜User｜>``) that is no special token of this tokenizer: encoded as
  several ordinary tokens, or as one ordinary token a user can type as well;
* ``chat.special_variable_undefined``: a special-token variable the template reads
  (``bos_token``, ``eos_token``...) that the tokenizer does not define: Jinja renders it as
  nothing, as transformers does (it passes only the tokenizer's own special tokens);
* ``chat.bos_missing`` / ``chat.bos_differs``: where the sequence start comes from
  (:class:`BosSource`: the template, the tokenizer's post-processor, both or none) when the two
  disagree. ``apply_chat_template(tokenize=True)`` encodes the render without special tokens,
  so a BOS only the post-processor adds never reaches the model; both adding it is
  ``chat.double_bos`` (:mod:`core.chat.model_checks`).

What looks like a control string is read off the render, not off a list alone: the template's
segments of the render (:mod:`core.chat.segments`) are searched for this tokenizer's special
literals first, then for the shapes control tokens take (:data:`CONTROL_SHAPE`; ``[INST]``-like
brackets, :data:`BRACKET_SHAPE`, only where the tokenizer has bracketed special tokens: Llama 2
reads its ``[INST]`` as text by design) and for the named special tokens and well-known
literals (:data:`~core.pipeline.special.ROLE_BY_CONTENT`).

>>> control_shapes("<|im_start|>user\\n[INST] <start_of_turn> <tool_call> <|x")
['<|im_start|>', '[INST]', '<start_of_turn>']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable
from weakref import WeakKeyDictionary

from ..notes import Note, note
from ..pipeline.special import ROLE_BY_CONTENT, ROLE_BY_NAME
from .segments import Segmentation

# the shapes control tokens take in every family that uses them: <|im_start|> (ChatML,
# Llama 3, Phi, GPT), <｜User｜> (DeepSeek's full-width bars), <start_of_turn> <end_of_turn>
# (Gemma). Plain XML-like tags (<tool_call>, <tools>, <think>) are not among them: Qwen2.5
# writes <tool_response> as ordinary text, and its own tokenizer has no token for it
CONTROL_SHAPE = re.compile(
    r"<\|[^|<>\s]{1,64}\|>"
    r"|<｜[^｜<>\n]{1,64}｜>"
    r"|</?(?:start|end)_of_[a-z]+>")
# [INST] [/INST] [TOOL_CALLS]: control tokens in a vocabulary that has bracketed special
# tokens (Mistral v3, Tekken), ordinary text in one that has none (Llama 2 and Mistral v1 were
# trained on "[INST]" as plain text): looked for only in the first kind
BRACKET_SHAPE = re.compile(r"\[/?[A-Z][A-Z0-9_]{2,}\]")

# the variables transformers sets from a tokenizer's special tokens (special_tokens_map)
SPECIAL_VARIABLES = frozenset({*ROLE_BY_NAME, "additional_special_tokens"})


def control_shapes(text: str, brackets: bool = True) -> list[str]:
    """The substrings of ``text`` shaped like control tokens (:data:`CONTROL_SHAPE`, and
    :data:`BRACKET_SHAPE` when ``brackets``)."""
    return _shapes(brackets).findall(text)


def _shapes(brackets: bool) -> re.Pattern:
    return (re.compile(f"{CONTROL_SHAPE.pattern}|{BRACKET_SHAPE.pattern}") if brackets
            else CONTROL_SHAPE)


def is_special_variable(name: str) -> bool:
    """A template variable that names a special token (``bos_token``, ``eot_token``).

    >>> is_special_variable("bos_token"), is_special_variable("date_string")
    (True, False)
    """
    return name in SPECIAL_VARIABLES or name.endswith("_token")


@dataclass(frozen=True)
class ControlLiteral:
    """A control string the template writes that is no special token of the tokenizer:
    where it is written (code-point spans of the render), and the IDs and pieces the tokenizer
    encodes it to, alone."""

    literal: str
    spans: tuple[tuple[int, int], ...]
    ids: tuple[int, ...]
    pieces: tuple[str, ...]

    @property
    def split(self) -> bool:
        """Encoded as several tokens (not even one token of this tokenizer)."""
        return len(self.ids) != 1

    def to_note(self) -> Note:
        start, end = self.spans[0]
        args = dict(literal=self.literal, count=len(self.spans), at=start, n=len(self.ids),
                    ids=list(self.ids), pieces=list(self.pieces))
        if self.split:
            return note("chat.control_split", span=(start, end), **args)
        return note("chat.control_not_special", span=(start, end), id=self.ids[0], **args)


def template_control_literals(segmentation: Segmentation, special_literals: Iterable[str],
                              named: Iterable[str] = ()) -> dict[str, list[tuple[int, int]]]:
    """``{literal: spans}`` of the control strings written in the template's own text (the
    segments that are not message content) that are none of ``special_literals`` (the
    tokenizer's special and added tokens: found first, so a literal inside one is not looked
    at): the strings of :data:`CONTROL_SHAPE` (and of :data:`BRACKET_SHAPE` when one of
    ``special_literals`` has that shape), the ``named`` special tokens (the template's
    ``bos_token``...) and the well-known literals of :data:`~core.pipeline.special.ROLE_BY_CONTENT`.

    >>> from core.chat import CHATML
    >>> from core.chat.segments import split_segments
    >>> cut = split_segments(CHATML, [{"role": "user", "content": "type <|im_end|> here"}])
    >>> template_control_literals(cut, ["<|im_end|>"])
    {'<|im_start|>': [(0, 12)]}
    """
    if not isinstance(special_literals, frozenset) or "" in special_literals:
        special_literals = frozenset(s for s in special_literals if s)
    known, finder, seen = _control_finder(special_literals, frozenset(named))
    text = segmentation.text
    found: dict[str, list[tuple[int, int]]] = {}
    # a template writes the same few texts around every message: each distinct one is
    # searched once (the pattern has no anchor or look-behind: a match within a segment's
    # bounds is a match in its text alone), and kept with the pattern for the next report
    # (the Chat pane reports on the same chat again and again: the search of a 50-message
    # chat's forty distinct texts cost a tenth of a millisecond each time)
    if len(seen) > _SEEN_LIMIT:
        seen.clear()
    long: dict[str, tuple] = {}  # the long texts' answers, for this call alone
    for seg in segmentation.segments:
        if seg.source != "template":
            continue
        piece = text[seg.start:seg.end]
        kept = seen if len(piece) <= _KEPT_TEXT else long
        matches = kept.get(piece)
        if matches is None:
            matches = kept[piece] = tuple(
                (match.group(), *match.span()) for match in finder.finditer(piece)
                if not (known and match.group("known") is not None))  # known: as it should be
        for literal, start, end in matches:
            found.setdefault(literal, []).append((seg.start + start, seg.start + end))
    return found


_SEEN_LIMIT = 4096  # template texts kept per pattern: texts come from templates, which vary
_KEPT_TEXT = 4096  # characters: the longest template text whose answer is kept between calls


@lru_cache(maxsize=16)
def _control_finder(special_literals: frozenset,
                    named: frozenset) -> tuple[tuple, re.Pattern, dict]:
    """The known literals (longest first), the pattern finding them and the control
    strings (see :func:`template_control_literals`), and the matches found in each template
    text so far. Cached: a SentencePiece model's hundreds of control symbols took
    milliseconds to escape, on every report."""
    known = tuple(sorted(special_literals, key=len, reverse=True))
    brackets = any(BRACKET_SHAPE.fullmatch(s) for s in known)
    extra = sorted({s for s in (*named, *ROLE_BY_CONTENT) if s and s.strip()
                    and (brackets or not BRACKET_SHAPE.fullmatch(s))} - set(known),
                   key=len, reverse=True)
    # the look-ahead on the literals' first characters keeps the engine from trying hundreds
    # of alternatives at every position of the render (the same matches, found sooner)
    starts = "".join(sorted({re.escape(k[0]) for k in known}))
    alternatives = [f"(?P<known>(?=[{starts}]){literal_trie(known)})"] if known else []
    if extra:
        alternatives.append("|".join(map(re.escape, extra)))
    alternatives.append(_shapes(brackets).pattern)
    return known, re.compile("|".join(alternatives)), {}


def literal_trie(literals: Iterable[str]) -> str:
    """One pattern matching any of ``literals``, the longest where several match: a trie
    (each character tried once per position, where an alternation of a SentencePiece
    model's 771 control symbols tried each at every ``[`` of the render), whose optional
    branches are greedy (a longer literal is tried before the one it extends).

    >>> pattern = re.compile(literal_trie(["[INST]", "[/INST]", "<s>", "<s>x"]))
    >>> [m.group() for m in pattern.finditer("<s>x [INST] <s> [/INST]")]
    ['<s>x', '[INST]', '<s>', '[/INST]']
    """
    literals = list(literals)
    if max(map(len, literals), default=0) > 200:  # deeper than a pattern should nest
        return f"(?:{'|'.join(map(re.escape, sorted(literals, key=len, reverse=True)))})"
    root: dict = {}
    for literal in literals:
        node = root
        for char in literal:
            node = node.setdefault(char, {})
        node[""] = {}  # a literal ends here

    def pattern(node: dict) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items())
                    if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        if "" in node:  # a literal ends here: the longer ones first, then this one
            return f"(?:{body})?"
        return body

    return f"(?:{pattern(root)})"


def control_literals(segmentation: Segmentation, runtime,
                     named: dict | None = None) -> list[ControlLiteral]:
    """:func:`template_control_literals` of ``runtime`` (every special, control, user-defined
    and added token of it counts as known), each encoded alone as plain text, in the order
    the render first writes them."""
    specials = _special_contents(runtime)
    named_literals = [v for v in (named or {}).values() if isinstance(v, str)]
    found = template_control_literals(segmentation, specials, named_literals)
    out = []
    for literal, spans in sorted(found.items(), key=lambda item: item[1][0]):
        ids, pieces = _plain_encoding(runtime, literal)
        out.append(ControlLiteral(literal, tuple(spans), ids, pieces))
    return out


_PLAIN: "WeakKeyDictionary[object, dict]" = WeakKeyDictionary()


def _plain_encoding(runtime, literal: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The IDs and pieces of ``literal`` encoded alone as plain text, kept per runtime (a
    template writes the same few literals on every report: an encode each cost a
    SentencePiece chat's report half a millisecond)."""
    try:
        known = _PLAIN.setdefault(runtime, {})
    except TypeError:  # no weak reference to this runtime: encoded anew
        known = {}
    found = known.get(literal)
    if found is None:
        ids = tuple(runtime.encode(literal, add_special_tokens=False).ids.tolist())
        found = (ids, tuple(runtime.piece(i) for i in ids))
        if len(known) < 4096:  # a bound: literals come from templates, but templates vary
            known[literal] = found
    return found


_CONTENTS: "WeakKeyDictionary[object, frozenset]" = WeakKeyDictionary()


def _special_contents(runtime) -> frozenset:
    """The literals of ``runtime``'s special tokens, made once per runtime (a SentencePiece
    model has hundreds of control symbols, copied and hashed on every report)."""
    try:
        found = _CONTENTS.get(runtime)
    except TypeError:  # no weak reference to this runtime: made anew
        return frozenset(t.content for t in runtime.special_tokens() if t.content)
    if found is None:
        found = _CONTENTS[runtime] = frozenset(t.content for t in runtime.special_tokens()
                                               if t.content)
    return found


def undefined_variable_notes(undefined_reads: Iterable[str]) -> list[Note]:
    """A ``chat.special_variable_undefined`` note per special-token variable the render read
    while undefined (:attr:`~core.chat.render.Rendered.undefined_reads`).

    >>> [n.args["name"] for n in undefined_variable_notes(["date_string", "bos_token"])]
    ['bos_token']
    """
    return [note("chat.special_variable_undefined", name=name)
            for name in undefined_reads if is_special_variable(name)]


@dataclass(frozen=True)
class BosSource:
    """Where a chat's first token, its BOS, comes from.

    ``source``: ``template`` (the render starts with a BOS-role special token),
    ``post_processor`` (the tokenizer adds one when a text is encoded with special tokens,
    which ``apply_chat_template(tokenize=True)`` does not do), ``both`` or ``none``; with the
    token (literal and ID) each gives.
    """

    source: str
    template: tuple[str, int] | None = None
    post_processor: tuple[str, int] | None = None

    def to_json(self) -> dict:
        def side(value):
            return None if value is None else {"token": value[0], "id": value[1]}

        return {"source": self.source, "template": side(self.template),
                "post_processor": side(self.post_processor)}

    def notes(self) -> list[Note]:
        """``chat.bos_missing`` when only the post-processor adds it; ``chat.bos_differs``
        when both do, with different tokens (the same token twice is ``chat.double_bos``)."""
        if self.source == "post_processor":
            token, token_id = self.post_processor
            return [note("chat.bos_missing", token=token, id=token_id)]
        if self.source == "both" and self.template[1] != self.post_processor[1]:
            return [note("chat.bos_differs", token=self.template[0], id=self.template[1],
                         added=self.post_processor[0], added_id=self.post_processor[1])]
        return []


def bos_source(runtime, first: tuple[int, bool] | None, bos_ids: Iterable[int],
               added_before: list[int]) -> BosSource:
    """The :class:`BosSource` of a chat whose render's first token is ``first`` (its ID, and
    whether the template wrote it), given the tokenizer's BOS-role IDs and what its
    post-processor puts before a text (:func:`~core.chat.model_checks.added_by_post_processor`).

    >>> class R:
    ...     def piece(self, i): return {1: "<s>"}[i]
    >>> bos_source(R(), (1, True), {1}, [1]).source, bos_source(R(), (5, True), {1}, [1]).source
    ('both', 'post_processor')
    """
    added = (runtime.piece(added_before[0]), added_before[0]) if added_before else None
    starts = set(bos_ids) | set(added_before[:1])
    written = None
    if first is not None and first[1] and first[0] in starts:
        written = (runtime.piece(first[0]), first[0])
    source = ("both" if written and added else "template" if written
              else "post_processor" if added else "none")
    return BosSource(source, written, added)
