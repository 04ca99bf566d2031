"""``PipelineView``: the stages the runtime exposes, one after another.

normalized text → pre-tokens with spans → model pieces → post-processed IDs.

Every row shows the original text first, as the chips show it (whitespace as glyphs, bytes that
are not a whole character as ``<E4 BD>``); what the model sees (``Ġä¸Ńæĸĩ``, ``▁hello``,
``##ing``) is the secondary column.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from core.encodings.encoding import Flag
from core.inspect import InspectResult
from core.pipeline.pretokens import PreToken
from core.text.offsets import visible_bytes, visible_text

ROW_LIMIT = 1000  # tree rows per stage; the token table holds everything
CELL_CHARS = 500  # characters of one cell (a whole paragraph can be one pre-token)
# the names core's runtimes give their stages (:class:`core.formats.runtime.Stage`; English,
# Qt-free), translated when shown
STAGE_NAMES = {"normalizer": QT_TRANSLATE_NOOP("PipelineView", "normalizer")}


def model_form(form: str, shown: str) -> str:
    """The model's form of an item for the secondary column, or "" when it reads the same as
    the original text (nothing to add).

    >>> model_form("Ġä¸Ńæĸĩ", "␣中文"), model_form(" hi", "␣hi")
    ('Ġä¸Ńæĸĩ', '')
    """
    visible = visible_text(form[:CELL_CHARS])
    return "" if visible == shown else visible


class PipelineView(QTreeWidget):
    """The Pipeline tab: one top-level row per stage, one child per item."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)
        self.setHeaderLabels([self.tr("Stage / original text"), self.tr("Span"),
                              self.tr("As the model sees it"), self.tr("Detail")])
        self.setColumnWidth(0, 360)
        self.setColumnWidth(1, 90)
        self.setColumnWidth(2, 220)
        self.setAlternatingRowColors(True)
        self.result: InspectResult | None = None

    def set_result(self, result: InspectResult | None) -> None:
        self.result = result
        self.clear()
        if result is None:
            return
        text = result.encoding.text
        text_item = QTreeWidgetItem([self.tr("input text · {n} code point(s)", "", len(text)).format(
            n=f"{len(text):,}"), "", "", ""])
        text_item.addChild(QTreeWidgetItem([visible_text(text[:CELL_CHARS]), "", "", ""]))
        self.addTopLevelItem(text_item)
        for stage in result.stages:
            name = self.stage_name(stage.name)
            title = name if len(stage.items) == 1 else self.tr(
                "{name} · {n} item(s)", "", len(stage.items)).format(
                name=name, n=f"{len(stage.items):,}")
            top = QTreeWidgetItem([title, "", "", stage.description])
            for item_text, span in stage.items[:ROW_LIMIT]:
                span_text = f"{span[0]}–{span[1]}" if span else ""
                top.addChild(QTreeWidgetItem([visible_text(item_text[:CELL_CHARS]), span_text,
                                              "", ""]))
            self.addTopLevelItem(top)
        self.addTopLevelItem(self._pre_token_item(result))
        self.addTopLevelItem(self._pieces_item(result))
        enc = result.encoding
        ids = enc.ids.tolist()
        shown = ", ".join(map(str, ids[:2000])) + (" …" if len(ids) > 2000 else "")
        post = QTreeWidgetItem([self.tr("post-processed IDs · {n}").format(n=f"{len(ids):,}"),
                                "", "", self.tr("with post-processor tokens")
                                if (enc.flags & Flag.INSERTED).any() else ""])
        post.addChild(QTreeWidgetItem([shown, "", "", ""]))
        self.addTopLevelItem(post)
        for i in range(self.topLevelItemCount()):
            self.topLevelItem(i).setExpanded(True)

    def _pre_token_item(self, result: InspectResult) -> QTreeWidgetItem:
        """The runtime's pre-tokens: original text, code point span, the model's form."""
        tokens = result.pre_tokens[:ROW_LIMIT]
        top = QTreeWidgetItem([self.tr("pre-tokens · {n}").format(
            n=f"{len(result.pre_tokens):,}"), "", "", self.tr(
            "{pre_tokenizer} · spans in code points on the original text").format(
            pre_tokenizer=result.pre_tokenizer)])
        data = result.encoding.text.encode("utf-8", "surrogatepass")
        starts, ends = self._cp_spans(result, [t.start for t in tokens], [t.end for t in tokens])
        for token, start, end in zip(tokens, starts, ends):
            shown = visible_bytes(token.original(data)[:CELL_CHARS * 4])
            top.addChild(QTreeWidgetItem([shown, f"{start}–{end}", model_form(token.form, shown),
                                          self._kind_text(token)]))
        return top

    def _pieces_item(self, result: InspectResult) -> QTreeWidgetItem:
        """The model's pieces, each as the original text it covers (``Hello`` for BERT's
        ``hello``, ``😀`` for ``[UNK]``, ``<E4 BD>`` for part of a character); a piece that
        covers no text (BOS, [CLS]) as its own literal."""
        enc = result.encoding
        top = QTreeWidgetItem([self.tr("model pieces · {n} token(s)", "", len(enc)).format(
                                   n=f"{len(enc):,}"),
                               "", "", self.tr("spans in code points on the original text")])
        starts, ends = enc.spans("cp")
        byte_starts, byte_ends = enc.spans("bytes")
        data = enc.text.encode("utf-8", "surrogatepass")
        for i in range(min(len(enc), ROW_LIMIT)):
            token, piece = enc.bytes_at(i), enc.piece_at(i)
            original = data[byte_starts[i]:byte_ends[i]]
            shown = visible_bytes((original or token)[:CELL_CHARS * 4])
            # tiktoken's "piece" is only its bytes written out: nothing more to show
            plain = original == token and piece == visible_bytes(token, show_invisibles=False)
            top.addChild(QTreeWidgetItem([shown, f"{starts[i]}–{ends[i]}",
                                          "" if plain else model_form(piece, shown),
                                          self.tr("id {id}").format(id=int(enc.ids[i]))]))
        return top

    def stage_name(self, name: str) -> str:
        """A stage's name as shown: the runtime's English name (``normalizer``) translated."""
        return self.tr(STAGE_NAMES[name]) if name in STAGE_NAMES else name

    def _kind_text(self, token: PreToken) -> str:
        if token.kind == "special":
            return self.tr("special token · id {id}").format(id=token.token_id)
        if token.kind == "added":
            return self.tr("added token · id {id}").format(id=token.token_id)
        if token.kind == "user-defined":
            return self.tr("user-defined symbol · id {id}").format(id=token.token_id)
        return ""

    @staticmethod
    def _cp_spans(result: InspectResult, starts: list[int], ends: list[int]):
        index = result.encoding.index
        cp_s, cp_e, _ = index.byte_spans_to("cp", np.array(starts, dtype=np.int64),
                                            np.array(ends, dtype=np.int64))
        return cp_s.tolist(), cp_e.tolist()
