"""Vocabulary audit: tokens no text produces alone, tokens a corpus never uses, sensitive or
boilerplate pieces and near-duplicate groups (issue 17; seed 002 §10.1, §10.3).

One module per question: :mod:`.reachability` (partial / self-reachable / self-unreachable),
:mod:`.merges` (BPE merge-unreachable), :mod:`.usage` (use on a corpus), :mod:`.sensitive`
(rules), :mod:`.duplicates` (near-duplicate groups); :mod:`.report` runs them all.
"""

from .report import AuditReport, audit_vocabulary

__all__ = ["AuditReport", "audit_vocabulary"]
