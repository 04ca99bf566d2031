"""Render untrusted chat templates in a child process that is killed when it runs too long.

Why a process and not a counter inside Jinja: a template's loops compile to plain Python loops,
and ``{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}`` runs
ten billion iterations that call no hook (no output, no attribute, no filter), and a single
``s ~ s`` doubling a string is one C call no hook can interrupt. Only the operating system can
stop such code unconditionally: the parent waits ``timeout`` seconds for the answer, then kills
the child and starts a fresh one for the next render. Inside the child the same limits as an
in-process render apply (output characters counted chunk by chunk, ``'x' * n`` refused before it
allocates), and the child's address space is capped so a template that only grows memory ends in
a ``MemoryError`` instead of swapping the machine.

The child lives across renders (starting one costs a Python start-up), so re-rendering while
the user types costs a pipe round trip; :meth:`BoundedRenderer.render_many` sends a list of
renders in one trip (a chat report needs ~2 per assistant turn, and a trip costs as much as a
small render).

>>> # renderer = BoundedRenderer(timeout=2.0)
>>> # renderer.render(CHATML, [{"role": "user", "content": "hi"}]).text
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime

from ..supervisor import ChildDied, PythonChild
from ..notes import note
from .errors import ChatTemplateError, RenderLimitError
from .messages import PreparedMessages
from .render import DEFAULT_MAX_CHARS, Rendered, render

DEFAULT_TIMEOUT = 5.0  # seconds; real templates render in milliseconds
DEFAULT_MEMORY = 1 << 30  # bytes of address space the child may add beyond its start-up size
STARTUP_TIMEOUT = 60.0  # seconds for a new child to import and say it is ready (a loaded machine)


class BoundedRenderer:
    """:func:`~core.chat.render.render` in a child process, with time, output and memory limits.

    Thread-safe (one render at a time); :meth:`close` ends the child. The child is a server
    child of :mod:`core.supervisor`: it ends with this process, and a render past the time
    limit kills it.
    """

    def __init__(self, *, timeout: float = DEFAULT_TIMEOUT, max_chars: int = DEFAULT_MAX_CHARS,
                 memory_bytes: int = DEFAULT_MEMORY):
        self.timeout = timeout
        self.max_chars = max_chars
        self.memory_bytes = memory_bytes
        self._lock = threading.Lock()
        self._server: PythonChild | None = None

    @property
    def _process(self):
        """The render child's process while one runs (None otherwise)."""
        return self._server.process if self._server is not None else None

    def render(self, template: str, messages: list, *, now: datetime | None = None,
               **options) -> Rendered:
        """Like :func:`~core.chat.render.render` (same keyword options); ``now`` freezes
        ``strftime_now`` (a clock function cannot cross to the child).

        Raises:
            ChatTemplateError: the template failed.
            RenderLimitError: too slow (``TimeLimit``), too much output or memory.
        """
        (outcome,) = self.render_many([(template, messages, options)], now=now)
        if isinstance(outcome, ChatTemplateError):
            raise outcome
        return outcome

    def render_many(self, requests: list[tuple[str, list, dict]], *,
                    now: datetime | None = None) -> list[Rendered | ChatTemplateError]:
        """Each ``(template, messages, options)`` rendered, in one trip to the child: the
        :class:`Rendered` or that render's own :class:`ChatTemplateError`, in order.

        The time limit is each render's, not the batch's (a long conversation's hundred
        prefix renders may take longer together than one may alone): the child answers each
        render as it finishes, and the parent waits ``timeout`` for each answer. A render that
        stops the child (time limit, crash) ends the list with its error: the renders after
        it were not run, so the list is shorter than ``requests``.

        >>> # renderer.render_many([(CHATML, HI, {}), ("{{ x.y }}", HI, {})])
        >>> # [Rendered(text='<|im_start|>user...'), ChatTemplateError('UndefinedError: ...')]
        """
        with self.start_many(requests, now=now) as batch:
            return list(batch)

    def start_many(self, requests: list[tuple[str, list, dict]], *,
                   now: datetime | None = None,
                   stop_if_first_fails: bool = False) -> "RenderBatch":
        """:meth:`render_many` begun: the requests are sent and the child renders them while
        the caller does other work; iterate the batch for the outcomes as they come. The
        renderer is the batch's until it is read to the end or closed (other renders wait):
        use it in a ``with`` block. ``stop_if_first_fails``: when the first render fails, the
        child renders none of the others and the batch ends after that failure (a report
        sends its chat's render with all the renders it will need, and needs none of them
        when that one fails).

        >>> # with renderer.start_many(requests) as batch:
        >>> #     ...  # encode something meanwhile
        >>> #     outcomes = list(batch)
        """
        self._lock.acquire()
        try:
            conn = self._child() if requests else None
            if conn is not None:
                conn.send((list(requests), now, self.max_chars, stop_if_first_fails))
        except BaseException:
            self._lock.release()
            raise
        return RenderBatch(self, len(requests), now)

    def _receive(self) -> tuple[Rendered | ChatTemplateError | None, bool]:
        """The child's next answer, and whether the child still runs (a limit stops it);
        None when the child skipped the rest of the batch (``stop_if_first_fails``)."""
        try:
            message = self._server.receive(self.timeout)
        except ChildDied:
            code = self._kill()
            return RenderLimitError.of_note("Crashed", note("chat.render_crashed",
                                                            exit_code=code)), False
        if message is None:
            self._kill()
            return RenderLimitError.of_note("TimeLimit", note("chat.render_too_long",
                                                              seconds=self.timeout)), False
        if message.kind == "skipped":
            return None, True
        return message.value, True

    def close(self) -> None:
        """End the child process (a later render starts a new one)."""
        with self._lock:
            self._kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _child(self) -> PythonChild:
        """The render child, started (and its start-up awaited) if none runs."""
        if self._server is None or not self._server.process.is_alive():
            self._kill()
            try:
                server = PythonChild(_serve, self.memory_bytes, name="chat-template-render",
                                     server=True)
            except Exception as err:  # noqa: BLE001 - no process, no file handles: say so
                raise RenderLimitError.of_note("Crashed", note("chat.render_not_started",
                                                               said=str(err))) from None
            # kept only once started: a process that never started cannot be joined
            self._server = server
            # the time limit is the template's: wait for the child's start-up apart from it
            try:
                ready = server.receive(STARTUP_TIMEOUT)
            except ChildDied:
                code = self._kill()
                raise RenderLimitError.of_note("Crashed", note("chat.render_crashed_at_start",
                                                               exit_code=code)) from None
            if ready is None:
                self._kill()
                raise RenderLimitError.of_note("Crashed", note("chat.render_never_ready"))
        return self._server

    def _kill(self) -> int | None:
        """Kill the render child now, if one runs; its exit code."""
        server, self._server = self._server, None
        return server.kill() if server is not None else None


class RenderBatch:
    """The outcomes of :meth:`BoundedRenderer.start_many`, in order, as the child answers.

    Closing it early reads and drops the answers still to come (the next trip starts clean)
    and hands the renderer back.
    """

    def __init__(self, renderer: BoundedRenderer, count: int, now: datetime | None = None):
        self._renderer, self._left = renderer, count
        self._now = now
        self._open = True
        if count == 0:
            self.close()

    def extend(self, requests: list[tuple[str, list, dict]]) -> bool:
        """Send more renders to the same trip, while its first ones are being made: the
        child renders them after those, with the same clock, and a
        :class:`BatchText` of them counts from the batch's first request; skipped when the
        batch stopped on its first render (``stop_if_first_fails``). False (nothing sent)
        when the batch is no longer open (read to its end, or the child gone): render them
        another way.

        >>> # with renderer.start_many([first], stop_if_first_fails=True) as batch:
        >>> #     batch.extend(the_rest)  # made up while the child renders ``first``
        """
        if not self._open or self._left == 0:
            return False
        if not requests:
            return True
        renderer = self._renderer
        try:
            renderer._server.send((list(requests), self._now, renderer.max_chars, False, True))
        except (OSError, ValueError, AttributeError):  # the child is gone: it answers no more
            return False
        self._left += len(requests)
        return True

    def __iter__(self):
        return self

    def __next__(self) -> Rendered | ChatTemplateError:
        if self._left == 0:
            self.close()
            raise StopIteration
        outcome, running = self._renderer._receive()
        self._left = self._left - 1 if running else 0  # a stopped child renders no more
        if outcome is None:  # the child skipped the rest: nothing more comes
            self._left = 0
        if self._left == 0:
            self.close()
        if outcome is None:
            raise StopIteration
        return outcome

    def close(self) -> None:
        if not self._open:
            return
        while self._left > 0:
            outcome, running = self._renderer._receive()
            self._left = self._left - 1 if running and outcome is not None else 0
        self._open = False
        self._renderer._lock.release()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _cap_memory(extra_bytes: int) -> None:
    """Limit the address space to what the process uses now plus ``extra_bytes`` (Linux/macOS)."""
    try:
        import os
        import resource

        with open("/proc/self/statm") as statm:
            current = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (current + extra_bytes,
                                                resource.getrlimit(resource.RLIMIT_AS)[1]))
    except (ImportError, OSError, ValueError):
        pass  # no /proc or no rlimit here: the time limit still stops the render


@dataclass(frozen=True)
class BatchText:
    """A render option's value standing for the text of render ``index`` of the same batch
    (``unless_differs_from``: a render compared with one the batch makes first); the option
    is left out where that render failed."""

    index: int


def _resolved(options: dict, texts: list) -> dict:
    """``options`` with each :class:`BatchText` made the text it stands for."""
    if not any(isinstance(value, BatchText) for value in options.values()):
        return options
    out = {}
    for name, value in options.items():
        if isinstance(value, BatchText):
            value = texts[value.index] if value.index < len(texts) else None
            if value is None:
                continue
        out[name] = value
    return out


def _serve(channel, memory_bytes: int) -> None:
    """The child: render each request of a batch, answering each as it is done with
    its Rendered or its ChatTemplateError — one answer at a time, so the parent's
    time limit is each render's."""
    _cap_memory(memory_bytes)
    channel.send("ready")
    stopped = False  # the last batch stopped on its first render (stop_if_first_fails)
    prepare, texts = PreparedMessages(), []
    for requests, now, max_chars, stop_if_first_fails, *more in channel.requests():
        if more and more[0]:  # a continuation of the last batch (RenderBatch.extend)
            if stopped:
                if requests:
                    channel.send("skipped")
                continue
        else:
            prepare = PreparedMessages()  # the batch's renders share their preparation
            texts = []  # each render's text, for a BatchText
        stopped = False
        clock = (lambda: now) if now is not None else datetime.now
        for k, (template, messages, options) in enumerate(requests):
            try:
                answer = render(template, messages, clock=clock, max_chars=max_chars,
                                prepare=prepare, **_resolved(options, texts))
            except ChatTemplateError as err:
                answer = err
            except MemoryError:
                answer = RenderLimitError.of_note("MemoryError", note("chat.render_out_of_memory"))
            texts.append(answer.text if isinstance(answer, Rendered) and not answer.differs
                         else None)
            channel.send("answer", answer)
            if k == 0 and stop_if_first_fails and isinstance(answer, ChatTemplateError):
                stopped = True
                if len(requests) > 1:
                    channel.send("skipped")
                break
