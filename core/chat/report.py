"""Everything ``tokbench chat`` and the Chat pane report on one conversation: a
:class:`~core.chat.result.ChatReport`, made by :func:`chat_report` alone.

Every render it needs (the conversation, the marked segments, the prefixes for the mask and the
turn checks, the render with or without the generation prompt or a system message) runs in one
:class:`~core.chat.bounded.BoundedRenderer` child, so a template that loops forever on any of
those inputs is stopped; each distinct render runs once (:class:`RenderCache`), and they go to
the child in one trip (not one per render: a trip costs as much as a small render, and a
50-message chat needs some fifty renders), the conversation's own sent first and the others
added while the child renders it. The render is encoded in a thread where the tokenizer's
native call is most of the encode, while the segments and the template's checks are made.

>>> from core.chat import CHATML
>>> from core.chat.conversation import Conversation
>>> r = chat_report(CHATML, Conversation([{"role": "user", "content": "hi"}]))
>>> r.text, [c.code for c in r.checks]
('<|im_start|>user\\nhi<|im_end|>\\n', ['chat.no_generation_prompt'])
"""

from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from weakref import WeakKeyDictionary

from .bounded import BatchText, BoundedRenderer
from .budget import token_budget
from .checks import (generation_prompt_notes, injection_note, injections,
                     prompt_text_matters)
from .conversation import Conversation
from .encode import (encode_chat, encode_render, encoded_in_runs, runtime_literal_contents,
                     runtime_typed_literals)
from .errors import ChatTemplateError, RenderLimitError
from ..collector import collector_paused
from ..notes import note
from .fit import BosSource, bos_source, control_literals, undefined_variable_notes
from .prompt_tail import STAND_IN, TailTexts, generation_prompt_tail, prompt_text
from .render import DEFAULT_MAX_CHARS
from .mask import PrefixSpans, mask_from_spans, prefix_diff_spans, prefix_renders
from .model_checks import (added_by_post_processor, double_special_notes, embedding_notes,
                           embedding_rows, stop_ids, stop_notes, turn_end_literals)
from .result import ChatReport
from .segments import Segmentation, mark_conversation, segment_renders, split_segments
from .sources import tokenizer_special_token_variables
from .turns import kinds_known, marker_diff_spans, turn_renders
from .template_checks import (END_ROLES, end_literals, end_of_turn_notes, system_notes,
                              system_renders, tool_notes, turn_tails)

# a conversation to find the template's end of an assistant turn when the chat has none
PROBE_TURN = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]


class RenderCache:
    """A renderer that runs each distinct ``(template, messages, options)`` once, through
    ``bounded``; a failure is remembered and raised again (a template that hangs on an input
    costs its time limit once). Options left at their defaults (None, False) key as absent.
    :meth:`prefetch` renders many in one trip to the render process.

    >>> calls = []
    >>> class Echo:
    ...     def render(self, template, messages, now=None, **kw):
    ...         calls.append(1)
    ...         return template
    >>> cache = RenderCache(Echo(), None)
    >>> cache("t", [], add_generation_prompt=False), cache("t", []), len(calls)
    ('t', 't', 1)
    """

    def __init__(self, bounded, now: datetime | None):
        self.bounded, self.now = bounded, now
        self._done: dict[tuple, tuple[bool, object]] = {}
        self._kept: dict[int, object] = {}  # what the keys name by id, kept alive
        self._batch = None  # the prefetch whose answers are still coming
        self._waiting: deque[tuple] = deque()  # its keys, in the order the answers come
        self._sent: list[tuple] = []  # every key the batch was sent, in order (BatchText's)
        self._text_key: dict[int, tuple] = {}  # a kept render's text (by id) -> its key

    def __call__(self, template: str, messages: list, **options):
        key, options = self._key(template, messages, options)
        while key in self._waiting:  # prefetched: read answers up to this one
            self._take_answer()
        if key not in self._done:
            self.finish()  # the render process answers one batch at a time
            try:
                self._keep(key, True, self.bounded.render(template, messages, now=self.now,
                                                          **self._texts_of(options)))
            except ChatTemplateError as err:
                self._keep(key, False, err)
        ok, value = self._done[key]
        if not ok:
            raise value
        return value

    def prefetch(self, template: str, requests: list[tuple[list, dict]], *,
                 stop_if_first_fails: bool = False) -> None:
        """Start rendering each ``(messages, options)`` not yet done, all in one trip when
        ``bounded`` has ``start_many`` (else each is rendered when asked for), and return:
        the render process works while the caller does, and a call waits for its answer
        only. Each outcome is kept as a call would keep it; renders a limit left unrun (the
        process was stopped on an earlier one) are not kept: a call renders them. Call
        :meth:`finish` when done. ``stop_if_first_fails``: the others are not rendered when
        the first request (one not done yet) fails."""
        self.prefetch_templates([(template, messages, options) for messages, options in requests],
                                stop_if_first_fails=stop_if_first_fails)

    def prefetch_templates(self, requests: list[tuple[str, list, dict]], *,
                           stop_if_first_fails: bool = False) -> None:
        """:meth:`prefetch` of ``(template, messages, options)``: each with its own template."""
        start_many = getattr(self.bounded, "start_many", None)
        if start_many is None:
            return
        self.finish()
        todo: dict[tuple, tuple[str, list, dict]] = {}
        for template, messages, options in requests:
            key, options = self._key(template, messages, options)
            if key not in self._done and key not in todo:
                todo[key] = (template, messages, self._texts_of(options, list(todo)))
        if todo:
            if stop_if_first_fails:
                self._batch = start_many(list(todo.values()), now=self.now,
                                         stop_if_first_fails=True)
            else:
                self._batch = start_many(list(todo.values()), now=self.now)
            self._waiting.extend(todo)
            self._sent = list(todo)

    def prefetch_more(self, requests: list[tuple[str, list, dict]]) -> None:
        """:meth:`prefetch_templates` of more ``(template, messages, options)``, sent to the
        trip still under way when there is one (:meth:`~core.chat.bounded.RenderBatch.extend`:
        made up while the child renders the first ones, rendered right after them, none of
        them when the trip's first render failed); else a trip of their own."""
        extend = getattr(self._batch, "extend", None)
        if extend is None:
            self.prefetch_templates(requests)
            return
        todo: dict[tuple, tuple[str, list, dict]] = {}
        for template, messages, options in requests:
            key, options = self._key(template, messages, options)
            if key not in self._done and key not in todo and key not in self._waiting:
                todo[key] = (template, messages,
                             self._texts_of(options, self._sent + list(todo)))
        if not todo:
            return
        if extend(list(todo.values())):
            self._waiting.extend(todo)
            self._sent += list(todo)
        else:  # the trip ended: these go in one of their own
            self.prefetch_templates(requests)

    def finish(self) -> None:
        """Read the prefetched answers still coming, and hand the renderer back."""
        while self._waiting:
            self._take_answer()
        if self._batch is not None:
            self._batch.close()
            self._batch = None

    def _take_answer(self) -> None:
        outcome = next(self._batch, None)
        if outcome is None:  # the batch ended early (a limit stopped the process)
            self._waiting.clear()
            return
        key = self._waiting.popleft()
        self._keep(key, not isinstance(outcome, ChatTemplateError), outcome)

    def _keep(self, key: tuple, ok: bool, outcome) -> None:
        self._done[key] = (ok, outcome)
        if ok and isinstance(getattr(outcome, "text", None), str):
            self._text_key[id(outcome.text)] = key  # kept with the outcome: its id stays its

    def _texts_of(self, options: dict, batch: list | None = None) -> dict:
        """``options`` with each :class:`TextOf` made the text of that render: done, its
        text; in ``batch`` (the keys of a prefetch being made), the child's
        :class:`~core.chat.bounded.BatchText` of it; else the option is left out (the
        render is then made whole, an answer as good)."""
        if not any(isinstance(value, TextOf) for value in options.values()):
            return options
        out = {}
        for name, value in options.items():
            if isinstance(value, TextOf):
                done = self._done.get(value.key)
                if done is not None:
                    if not done[0]:
                        continue
                    value = done[1].text
                elif batch is not None and value.key in batch:
                    value = BatchText(batch.index(value.key))
                else:
                    continue
            out[name] = value
        return out

    def _key(self, template: str, messages: list, options: dict) -> tuple[tuple, dict]:
        """The cache key, and the options the render takes. Messages and option values key by
        identity (a report asks again with the very objects it asked with: the prefixes are
        slices of the chat, the variants share its messages), plain scalars by value; each
        object keyed is kept while the cache lives, so its id cannot be reused by another.
        (Keys by each message's JSON cost a 50-message report about a millisecond.)"""
        options = {k: v for k, v in options.items()
                   if k != "clock" and v is not None and v is not False}  # the child takes ``now``
        if isinstance(messages, list):
            shown = tuple(map(id, messages))
            self._kept[id(messages)] = messages  # and with it each message
        else:
            shown = self._identity(messages)
        shown_options = tuple((name, self._identity(options[name])) for name in sorted(options))
        return (template, shown_options, shown), options

    def text_of(self, template: str, messages: list, **options) -> "TextOf":
        """An option value standing for the text of that render (``unless_differs_from``),
        for a prefetch that makes it in the same trip."""
        return TextOf(self._key(template, messages, options)[0])

    def _identity(self, value):
        if isinstance(value, TextOf):
            return "text of", value.key
        if type(value) is str and id(value) in self._text_key:
            return "text of", self._text_key[id(value)]  # a render's text: named by its render
        if type(value) in _SCALARS:
            return type(value), value
        self._kept[id(value)] = value
        return id(value)


_SCALARS = (str, int, float, bool)


class TextOf:
    """The text of the render with cache key ``key`` (see :meth:`RenderCache.text_of`)."""

    def __init__(self, key: tuple):
        self.key = key


def chat_report(template: str, conversation: Conversation, *, runtime=None, configs=None,
                registry=None, special_tokens: dict | None = None,
                variables: dict | None = None, add_generation_prompt: bool = False,
                continue_final_message: bool = False, now: datetime | None = None,
                context: int | None = None, renderer: BoundedRenderer | None = None,
                parse_content_specials: bool = False) -> ChatReport:
    """The :class:`~core.chat.result.ChatReport` of one conversation: what ``tokbench chat``
    prints and the Chat pane shows (the ids, tokens, mask, budget, BOS source and injections
    only with a ``runtime``).

    ``configs``: the tokenizer's :class:`~core.formats.configs.Configs` (the model's ``vocab_size``
    and stop IDs); ``registry``: its special-token registry, whose disagreements become checks
    (made from ``runtime`` and ``configs`` when not given). ``special_tokens``: the named
    special tokens the template is rendered with (``bos_token``...); None: the tokenizer's own
    (:func:`~core.chat.sources.tokenizer_special_token_variables`). The special-token
    variables the template reads undefined are checked when a tokenizer or ``special_tokens``
    is given (with neither there is nothing to judge by). ``parse_content_specials``: the
    unsanitized reading (special-token literals typed in content read as control tokens)
    gives ``ids``, ``tokens``, the mask and the budget (``reading`` is ``unsanitized``); the
    injection check names the literals either way. ``renderer``: a long-lived
    :class:`BoundedRenderer` to render in (the pane's); else one is started and closed.

    Raises :class:`~core.chat.errors.ChatTemplateError`."""
    if registry is None and runtime is not None and configs is not None:
        from ..pipeline.special import registry_of

        registry = registry_of(runtime, configs)
    judge_variables = runtime is not None or special_tokens is not None
    if special_tokens is None:
        special_tokens = tokenizer_special_token_variables(runtime, configs)
    options = dict(tools=conversation.tools, documents=conversation.documents,
                   special_tokens=special_tokens, variables=variables)
    flags = dict(add_generation_prompt=add_generation_prompt,
                 continue_final_message=continue_final_message)
    bounded = renderer or BoundedRenderer()
    cache = RenderCache(bounded, now)
    try:
        # a report makes some ten thousand objects (a token and its fields each): the cyclic
        # collector would walk them, and the whole heap behind them, again and again
        # (kinds: the prefetch and the mask both ask)
        with collector_paused(), kinds_known(conversation.messages):
            return _report(template, conversation, options, flags, cache, runtime, configs,
                           registry, context, parse_content_specials, judge_variables)
    finally:
        cache.finish()
        if renderer is None:
            bounded.close()


def _report(template, conversation, options, flags, render, runtime, configs, registry,
            context, parse_content_specials, judge_variables) -> ChatReport:
    messages = conversation.messages
    special_tokens = options["special_tokens"]
    # every render the report needs goes in one trip, the chat's own first, sent at once:
    # the rest are made up (marks, turn kinds: 0.4 ms) while the process renders it, and
    # join the trip (a second trip cost a wake-up of the render process, milliseconds on a
    # busy machine); the process renders them while this one is read and encoded; when it
    # fails, no other is made
    render.prefetch_templates([(template, messages, {**options, **flags})],
                              stop_if_first_fails=True)
    marked = mark_conversation(messages, options["tools"], options["documents"])
    render.prefetch_more(_later_renders(template, messages, options, flags,
                                        runtime is not None, marked, render.now,
                                        render.text_of(template, messages, **options)))
    rendered = render(template, messages, **options, **flags)
    text = rendered.text
    role_tokens = (registry.entries if registry is not None
                   else _role_tokens(runtime) if runtime is not None else ())
    # the render is read at once, in the encoder thread (the native encode lets go of the
    # GIL): the segments, the prefix spans and the template's checks are made meanwhile
    pending = _start_encoding(runtime, text, template) if runtime is not None else None
    try:
        segmentation = split_segments(template, messages, render_with=render, marked=marked,
                                      **options, **flags)
        checks = generation_prompt_notes(
            messages, flags["add_generation_prompt"], flags["continue_final_message"],
            lambda: _prompt_text(template, messages, text, options, render, render.now))
        if judge_variables:
            checks += undefined_variable_notes(rendered.undefined_reads)
        ends = end_literals(template, special_tokens, role_tokens)
        # what can end a turn for the mask: the literals a template writes as control tokens
        # (not a plain added "\n", which is text the assistant does not produce) and the
        # named specials
        mask_ends = set(ends) | set((special_tokens or {}).values())
        if runtime is not None:
            mask_ends |= runtime_literal_contents(runtime, template)
        found = _prefix_spans(template, messages, text, mask_ends, render, options,
                              segmentation)
        tails = turn_tails(text, messages, found.turns)
        checks += end_of_turn_notes(text, tails, ends)
        system_at = len(checks)  # the system check's notes go here, made below
        checks += tool_notes(text, messages, conversation.tools)
    except BaseException:
        if pending is not None and pending.exception() is not None:
            raise pending.exception() from None  # the encode failed first, as it came first
        raise
    if runtime is None:
        checks[system_at:system_at] = system_notes(template, messages, render, **options)
        return ChatReport(text, tuple(checks), segmentation.segments)
    encoding = encode_chat(runtime, segmentation, template, whole=pending.result())
    # the system check reads the batch's last render (a template that moves the system prompt
    # into the last user turn renders it whole): asked for once the tokens are made, it is there
    checks[system_at:system_at] = system_notes(template, messages, render, **options)

    tokens = encoding.reading(parse_content_specials)
    spans = encoding.reading_spans(parse_content_specials)
    if rendered.generation_spans or "generation" in template and "endgeneration" in template:
        mask, source = mask_from_spans(spans, rendered.generation_spans), "generation"
    else:
        mask, source = mask_from_spans(spans, found.spans), "prefix"
        if found.unstable:
            checks.append(note("chat.mask_unlocated",
                               messages=list(found.unstable)))
    prompt_start = None
    if flags["add_generation_prompt"]:
        without = render(template, messages, **options).text
        if text.startswith(without):
            prompt_start = len(without)
    typed_in = injections(segmentation, encoding, runtime, template)
    checks += map(injection_note, typed_in)
    checks += [literal.to_note() for literal in control_literals(segmentation, runtime,
                                                                   special_tokens)]
    bos = _bos_source(runtime, encoding, registry, special_tokens)
    checks += bos.notes()
    checks += double_special_notes(runtime, encoding.unsanitized_ids, encoding.unsanitized_spans)
    checks += embedding_notes(tokens, embedding_rows(configs))
    checks += _stop_notes(template, text, tails, ends, mask_ends, runtime, configs, render,
                          options)
    if registry is not None:
        checks += list(registry.disagreements)
    return ChatReport(
        text, tuple(checks), segmentation.segments,
        reading="unsanitized" if parse_content_specials else "sanitized",
        tokens=tokens, assistant_mask=tuple(mask), assistant_mask_source=source,
        unsanitized_ids=tuple(encoding.unsanitized_ids),
        split_merges=tuple(encoding.split_merges),
        budget=token_budget(tokens, generation_prompt_start=prompt_start, context=context,
                            runs=encoding.reading_runs(parse_content_specials)),
        bos=bos, injections=tuple(typed_in))


_ENCODER: ThreadPoolExecutor | None = None
_ENCODER_LOCK = threading.Lock()


def _start_encoding(runtime, text: str, template: str) -> Future:
    """:func:`encode_render` of ``text``, begun in an encoder thread (a pool, kept) where
    the library's native call is most of it (one run; else encoded here, at once):
    the caller does what needs no encoding meanwhile and touches no runtime (the
    runtime's reader, its role tokens and its literals are made before). Returns once the
    thread has started on it: the thread takes the GIL at once and lets it go in the
    native encode (without the wait it could wait for a switch interval, 5 ms, while this
    thread computes)."""
    global _ENCODER
    runtime_typed_literals(runtime, template)  # the reader, made here: the thread only reads
    if encoded_in_runs(runtime, text, template):
        # put together in Python, holding the GIL: nothing to overlap, encoded here
        done: Future = Future()
        done.set_result(encode_render(runtime, text, template))
        return done
    with _ENCODER_LOCK:
        if _ENCODER is None:
            # a thread per report at once (the Chat pane reports on several tokenizers)
            _ENCODER = ThreadPoolExecutor(max_workers=max(4, os.cpu_count() or 1),
                                          thread_name_prefix="chat-encode")
    started = threading.Event()

    def encode():
        started.set()
        return encode_render(runtime, text, template)

    future = _ENCODER.submit(encode)
    started.wait()
    return future


def _bos_source(runtime, encoding, registry, special_tokens) -> BosSource:
    """Where the chat's BOS comes from: the first token of the render as one encoding reads
    it (when the template wrote it), against the post-processor's first added token; a token
    is a BOS by its role (registry, runtime, ``bos_token``) or by being the one the
    post-processor starts a text with."""
    roles = registry.entries if registry is not None else _role_tokens(runtime)
    bos_ids = {getattr(e, "token", e).id for e in roles
               if "bos" in {getattr(e, "token", e).role, *(r for r, _ in getattr(e, "roles", ()))}}
    named = (special_tokens or {}).get("bos_token")
    if isinstance(named, str):
        bos_ids |= set(_ids_by_content(runtime).get(named, ()))
    first = None
    if encoding.unsanitized_tokens:
        token = encoding.unsanitized_tokens[0]
        first = (token.id, token.source == "template")
    before, _ = added_by_post_processor(runtime)
    return bos_source(runtime, first, bos_ids, before)


_ROLE_TOKENS: "WeakKeyDictionary[object, tuple]" = WeakKeyDictionary()


def _role_tokens(runtime) -> tuple:
    """The runtime's special tokens whose role a report reads (BOS, EOS, end of turn: the
    others change neither :func:`end_literals` nor the BOS source), found once per runtime (a
    SentencePiece model has hundreds of control symbols, read twice per report)."""
    try:
        found = _ROLE_TOKENS.get(runtime)
    except TypeError:  # no weak reference to this runtime: all of them
        return tuple(runtime.special_tokens())
    if found is None:
        found = _ROLE_TOKENS[runtime] = tuple(t for t in runtime.special_tokens()
                                              if t.role in ("bos", *END_ROLES))
    return found


_IDS_BY_CONTENT: "WeakKeyDictionary[object, dict]" = WeakKeyDictionary()


def _ids_by_content(runtime) -> dict[str, list[int]]:
    """The IDs of each special-token literal of ``runtime``, made once per runtime."""
    try:
        found = _IDS_BY_CONTENT.get(runtime)
    except TypeError:  # no weak reference to this runtime: made anew
        found = None
    if found is None:
        found = {}
        for token in runtime.special_tokens():
            found.setdefault(token.content, []).append(token.id)
        try:
            _IDS_BY_CONTENT[runtime] = found
        except TypeError:
            pass
    return found


def _later_renders(template, messages, options, flags, encoded: bool, marked=None,
                   now=None, text_of=None) -> list[tuple[str, list, dict]]:
    """Every render the report makes after the conversation's own, as ``(template, messages,
    options)``, in the order it asks for them: the marked render of the segments (an
    encoding, the parent's longest work, waits for it alone), then the generation prompt's
    (when its check needs it: the template's tail with and without it, or the whole
    conversation with it, :func:`_prompt_text`), the mask's prefixes (the first turn of each
    kind: the marked render finds the others, :mod:`core.chat.turns`), the system check's
    and the render without the generation prompt (the budget's). One trip renders them all."""
    later = [(shown, {**options, **shown_options, **flags}) for shown, shown_options
             in segment_renders(messages, tools=options["tools"],
                                documents=options["documents"], marked=marked)]
    prompt = []
    if prompt_text_matters(messages, flags["add_generation_prompt"],
                           flags["continue_final_message"]):
        prompt = [(source, messages if shown is None else shown, shown_options)
                  for source, shown, shown_options in _prompt_renders(template, options, now)]
    later += [(prefix, {**options, **prefix_flags}) for prefix, prefix_flags
              in turn_renders(messages)]
    later += [(variant, {**options, **variant_options})
              for variant, variant_options in system_renders(messages, text_of)]
    if encoded and flags["add_generation_prompt"]:
        later.append((messages, options))
    out = [(template, shown, shown_options) for shown, shown_options in later]
    return out[:2] + prompt + out[2:]


def _prompt_renders(template, options, now) -> list[tuple[str, list, dict]]:
    """The renders :func:`_prompt_text` makes: none when the template never reads the flag or
    its tail's texts are known; its tail with and without it when it has one
    (:mod:`core.chat.prompt_tail`); else the conversation with it (``messages`` stands for
    the conversation: :func:`_later_renders` puts it in)."""
    tail = generation_prompt_tail(template)
    if not tail.reads_flag:
        return []
    if tail.source is not None:
        if _TAIL_TEXTS.get(_tail_key(tail, options, now)) is not None:
            return []
        plain = _tail_options(options)
        return [(tail.source, STAND_IN, plain),
                (tail.source, STAND_IN, {**plain, "add_generation_prompt": True})]
    return [(template, None, {**options, "add_generation_prompt": True})]


# the generation-prompt tails' texts, kept between reports (they depend on no conversation)
_TAIL_TEXTS = TailTexts()


def _tail_key(tail, options, now):
    return _TAIL_TEXTS.key(tail, options["special_tokens"], options["variables"], now)


def _tail_options(options) -> dict:
    """What a tail is rendered with: the named special tokens and the variables (it reads no
    tools, documents or messages)."""
    return {"special_tokens": options["special_tokens"], "variables": options["variables"]}


def _stop_notes(template, text, tails, ends, mask_ends, runtime, configs, render, options):
    """``chat.end_not_a_stop`` for the literals ending the chat's assistant turns, or, when it
    has none, the turn of a probe conversation (:data:`PROBE_TURN`)."""
    stops = stop_ids(configs)
    if stops is None:
        return []
    if not tails:
        render.prefetch(template, [(PROBE_TURN, options)] + [
            (prefix, {**options, **flags}) for prefix, flags in prefix_renders(PROBE_TURN)])
        text = _render_or_none(render, template, PROBE_TURN, options) or ""
        probe = _prefix_spans(template, PROBE_TURN, text, mask_ends, render, options)
        tails = turn_tails(text, PROBE_TURN, probe.turns)
    return stop_notes(runtime, turn_end_literals(text, tails, ends), stops)


def _prefix_spans(template, messages, text, ends, render, options,
                  segmentation: Segmentation | None = None) -> PrefixSpans:
    """:func:`prefix_diff_spans` (found with the marked render of the conversation when there
    is one: :func:`~core.chat.turns.marker_diff_spans`), or none found when a prefix of the
    conversation is one the template refuses (the conversation itself rendered: its report
    stands)."""
    try:
        if segmentation is not None:
            return marker_diff_spans(template, messages, text, ends, segmentation,
                                     render_with=render, **options)
        return prefix_diff_spans(template, messages, text, ends, render_with=render, **options)
    except RenderLimitError:
        raise
    except ChatTemplateError:
        unmeasured = tuple(k for k, m in enumerate(messages)
                           if isinstance(m, dict) and m.get("role") == "assistant")
        return PrefixSpans((), unmeasured)


def _render_or_none(render, template, messages, options):
    try:
        return render(template, messages, **options).text
    except RenderLimitError:
        raise
    except ChatTemplateError:
        return None


def _prompt_text(template: str, messages: list, text: str, options: dict, render,
                 now=None) -> str:
    """What the generation prompt adds to ``text`` (rendered without it); "" when nothing, or
    when the template cannot say (it fails with the prompt asked for). Found from the
    template's tail (:mod:`core.chat.prompt_tail`) when it has one: the same answer as the
    render of the whole conversation with the prompt, which is made where the tail cannot
    stand for it."""
    tail = generation_prompt_tail(template)
    if not tail.reads_flag:  # the render with the flag is the render without it
        return ""
    if tail.source is not None:
        found = _tail_prompt_text(tail, text, options, render, now)
        if found is not None:
            return found
    try:
        prompted = render(template, messages, add_generation_prompt=True, **options).text
    except RenderLimitError:
        raise  # a template that hangs or floods here is stopped, not read as "no prompt"
    except ChatTemplateError:
        return ""
    return prompted[len(text):] if prompted.startswith(text) else prompted


def _tail_prompt_text(tail, text, options, render, now) -> str | None:
    """:func:`~core.chat.prompt_tail.prompt_text` from the tail's two texts (kept between
    reports); None where the tail does not stand for the whole render (it fails without the
    flag, its text does not end the render, or the whole render with the flag would pass the
    output limit)."""
    key = _tail_key(tail, options, now)
    texts = _TAIL_TEXTS.get(key)
    if texts is None:
        plain = _tail_options(options)
        texts = (_render_or_none(render, tail.source, STAND_IN, plain),
                 _render_or_none(render, tail.source, STAND_IN,
                               {**plain, "add_generation_prompt": True}))
        _TAIL_TEXTS.put(key, texts)
    without, prompted = texts
    if without is None:
        return None
    if prompted is None:
        return ""  # the prompt's part fails: so does the whole render with the prompt
    limit = getattr(getattr(render, "bounded", None), "max_chars", DEFAULT_MAX_CHARS)
    if limit is not None and len(text) - len(without) + len(prompted) > limit:
        return None
    return prompt_text(text, without, prompted)

