"""``StreamTextView``: the Streaming tab's text as people read it — what a stream has decoded
up to a step, laid out once and shaped (:class:`~app.widgets.token_text_view.TokenTextView`),
each streamed ID a band behind the text it completed.

The bands say where each ID stands: this step's IDs, earlier ones (two alternating shades),
text held back because it may still become a stop string, the ID that completed a stop. IDs
whose bytes wait for the rest of a character — the first pieces of a byte-level ``ह`` or an
emoji — cover no text yet: they are pills at the end showing their bytes in hex (``⟨E0 A4⟩``),
never U+FFFD; once the character is complete it is drawn whole, its band divided among the IDs
that made it by their bytes (:mod:`app.jobs.stream_cover`). IDs a stop left unread are pills
too, struck grey.

>>> pending_shown("你".encode()[:2]), pending_shown(b" \\xf0\\x9f")
('⟨E4 BD⟩', '␣⟨F0 9F⟩')
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from app.widgets.token_text_view import TokenTextView
from core.encodings.encoding import Encoding
from core.text.offsets import hex_bytes, visible_text

CURRENT = "#c8ecc0"        # the IDs of the current step
PENDING = "#f8c88a"        # IDs whose bytes wait for the rest of a character
UNTAKEN = "#e0e0e0"        # IDs of the last chunk after a stop (the stream ignores them)
STOPPED = "#f4a79d"        # the ID that completed the stop
EARLIER = "#e3edf9"        # IDs emitted before the current step
EARLIER_2 = "#c3d6f0"      # every other one of them, so neighbours show apart
HELD = "#f3e6a6"           # text held back: it may still become a stop string
EARLIER_KIND, CURRENT_KIND, HELD_KIND, PENDING_KIND, STOP_KIND, IGNORED_KIND = range(6)
_COLORS = {CURRENT_KIND: QColor(CURRENT), HELD_KIND: QColor(HELD),
           PENDING_KIND: QColor(PENDING), STOP_KIND: QColor(STOPPED),
           IGNORED_KIND: QColor(UNTAKEN)}
_EARLIER = (QColor(EARLIER), QColor(EARLIER_2))


def pending_shown(data: bytes) -> str:
    """Bytes that wait for the rest of a character: whole characters as visible text, the
    others in hex between ``⟨⟩`` (an unfinished character is no text yet)."""
    out, pos = [], 0
    while pos < len(data):
        try:
            out.append(visible_text(data[pos:].decode("utf-8")))
            break
        except UnicodeDecodeError as err:
            out.append(visible_text(data[pos:pos + err.start].decode("utf-8")))
            bad_start = pos = pos + err.start
            while pos < len(data):  # adjacent undecodable bytes make one group
                try:
                    data[pos:].decode("utf-8")
                    break
                except UnicodeDecodeError as more:
                    if more.start:
                        break
                    pos += more.end
            out.append(f"⟨{hex_bytes(data[bad_start:pos])}⟩")
    return "".join(out)


class StreamTextView(TokenTextView):
    """The decoded text up to a step with its IDs as bands (see the module docstring)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Streamed text, each ID a band behind its text"))
        self.runtime = None
        self.kinds = np.zeros(0, dtype=np.int8)
        self.steps_of = np.zeros(0, dtype=np.int64)  # the step that completed each ID
        self.emitted = ""
        self._cover = None
        self._cover_arrays: tuple = ()
        self.color_of = self._color
        self.describe = self._describe

    def show_step(self, simulation, runtime, position: int) -> None:
        """Show what ``simulation`` decoded after ``position`` steps (0: nothing yet)."""
        self.runtime = runtime
        run = simulation.run if simulation is not None else None
        cover = simulation.cover if simulation is not None else None
        if run is None or cover is None or position <= 0 or runtime is None:
            self.emitted = ""
            self.kinds = np.zeros(0, dtype=np.int8)
            self.set_encoding(None)
            return
        steps = run.steps
        step = steps[position - 1]
        self.emitted = run.text[:step.emitted]
        text = self.emitted + step.held
        data = text.encode("utf-8", "surrogatepass")
        size, emitted_size = len(data), len(self.emitted.encode("utf-8", "surrogatepass"))
        done = cover.completed[position - 1]
        before = cover.completed[position - 2] if position > 1 else 0
        taken_end = step.start + step.taken
        arrived = step.start + len(step.ids)
        ids = np.asarray(simulation.ids[:max(arrived, done)], dtype=np.int64)
        count = max(done, arrived)
        starts = np.full(count, size, dtype=np.int64)
        ends = np.full(count, size, dtype=np.int64)
        all_starts, all_ends, completed = self._arrays(cover)
        starts[:done] = np.minimum(all_starts[:done], size)  # a stop drops held text
        ends[:done] = np.minimum(all_ends[:done], size)
        kinds = np.full(count, EARLIER_KIND, dtype=np.int8)
        kinds[before:done] = CURRENT_KIND
        kinds[:done][(ends[:done] > emitted_size) & (ends[:done] > starts[:done])] = HELD_KIND
        kinds[done:taken_end] = PENDING_KIND
        kinds[taken_end:arrived] = IGNORED_KIND
        if step.stop is not None and step.stop.token_index < count:
            kinds[step.stop.token_index] = STOP_KIND
        self.kinds = kinds
        self.steps_of = np.searchsorted(completed[:position], np.arange(count), side="right")
        # no flags: the pills of IDs covering no text are upright (a pending byte is no insert)
        enc = Encoding.build(text, ids=ids[:count], byte_starts=starts, byte_ends=ends,
                             pieces=lambda: [runtime.piece(int(i)) for i in ids[:count]],
                             token_bytes=lambda: [runtime.token_bytes(int(i))
                                                  for i in ids[:count]],
                             piece_of=runtime.piece,
                             bytes_of=runtime.token_bytes)
        self.set_encoding(enc)
        if count:  # the newest text in view
            self._scroll_to_byte(size)

    def _arrays(self, cover) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The cover's lists as arrays, made once per simulation (a long stream's steps are
        stepped through many times)."""
        if self._cover is not cover:
            self._cover = cover
            self._cover_arrays = (np.asarray(cover.starts, dtype=np.int64),
                                  np.asarray(cover.ends, dtype=np.int64),
                                  np.asarray(cover.completed, dtype=np.int64))
        return self._cover_arrays

    def shown_text(self) -> str:
        """The text laid out: emitted so far, then what is held back."""
        return self.encoding.text if self.encoding is not None else ""

    def pill_labels(self) -> list[str]:
        """The labels of the IDs that cover no text (pending, or left unread after a stop)."""
        enc = self.encoding
        if enc is None:
            return []
        return [self._pill_label(t) for t in np.flatnonzero(enc.byte_ends == enc.byte_starts)]

    def _pill_label(self, t: int) -> str:
        """An ID covering no text: its bytes, an unfinished character's in hex."""
        return pending_shown(self.encoding.bytes_at(t))

    def _color(self, t: int) -> QColor:
        kind = int(self.kinds[t]) if t < len(self.kinds) else EARLIER_KIND
        return _COLORS.get(kind) or _EARLIER[t % 2]

    def _describe(self, t: int) -> str:
        kinds = {EARLIER_KIND: self.tr("emitted at step {step}"),
                 CURRENT_KIND: self.tr("emitted at this step ({step})"),
                 HELD_KIND: self.tr("held back: it may still become a stop string"),
                 PENDING_KIND: self.tr("waiting for the rest of a character"),
                 STOP_KIND: self.tr("completed the stop"),
                 IGNORED_KIND: self.tr("ignored after the stop")}
        step = int(self.steps_of[t]) + 1 if t < len(self.steps_of) else 0
        kind = int(self.kinds[t]) if t < len(self.kinds) else EARLIER_KIND
        return self.token_summary(t) + "\n" + kinds[kind].format(step=step)
