"""``PipelineView``: the stages the runtime exposes, one after another.

normalized text → pre-tokens with spans → model pieces → post-processed IDs.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from core.encoding import Flag
from core.inspect import InspectResult
from core.text import visible_bytes, visible_text

ROW_LIMIT = 1000  # tree rows per stage; the token table holds everything


class PipelineView(QTreeWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Stage / item", "Span", "Detail"])
        self.setColumnWidth(0, 420)
        self.setColumnWidth(1, 120)
        self.setAlternatingRowColors(True)
        self.result: InspectResult | None = None

    def set_result(self, result: InspectResult | None) -> None:
        self.result = result
        self.clear()
        if result is None:
            return
        text_item = QTreeWidgetItem([f"input text · {len(result.encoding.text):,} code points",
                                     "", ""])
        text_item.addChild(QTreeWidgetItem([visible_text(result.encoding.text[:500]), "", ""]))
        self.addTopLevelItem(text_item)
        for stage in result.stages:
            top = QTreeWidgetItem([f"{stage.name} · {len(stage.items):,} items", "",
                                   stage.description])
            for text, span in stage.items[:ROW_LIMIT]:
                span_text = f"{span[0]}–{span[1]}" if span else ""
                top.addChild(QTreeWidgetItem([visible_text(text[:500]), span_text, ""]))
            self.addTopLevelItem(top)
        enc = result.encoding
        pieces = QTreeWidgetItem([f"model pieces · {len(enc):,} tokens", "",
                                  "spans in code points on the original text"])
        starts, ends = enc.spans("cp")
        for i in range(min(len(enc), ROW_LIMIT)):
            pieces.addChild(QTreeWidgetItem([enc.piece_at(i), f"{starts[i]}–{ends[i]}",
                                             visible_bytes(enc.bytes_at(i))]))
        self.addTopLevelItem(pieces)
        ids = enc.ids.tolist()
        shown = ", ".join(map(str, ids[:2000])) + (" …" if len(ids) > 2000 else "")
        post = QTreeWidgetItem([f"post-processed IDs · {len(ids):,}", "",
                                "with post-processor tokens"
                                if (enc.flags & Flag.INSERTED).any() else ""])
        post.addChild(QTreeWidgetItem([shown, "", ""]))
        self.addTopLevelItem(post)
        for i in range(self.topLevelItemCount()):
            self.topLevelItem(i).setExpanded(True)
