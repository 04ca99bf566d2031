"""How a diagnostics run measures: the settings both fronts pass to
:func:`core.diagnostics.run.diagnose` and the report keeps (its JSON's ``settings``). Below the
report and the run, which both use it.

>>> Settings(context=512).describe()["context"], Settings().pivot
(512, 'eng_Latn')
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_PIVOT = "eng_Latn"
DEFAULT_RESAMPLES = 1000


@dataclass(frozen=True)
class Settings:
    """How to measure: the pivot language, languages and bootstrap of a parallel corpus, the
    context window (and chat template whose overhead it carries), the round-trip check."""

    pivot: str = DEFAULT_PIVOT
    context: int | None = None
    template: str | None = None      # a chat template's source
    template_name: str = ""          # what to call it in the report
    own_template: bool = False       # each tokenizer's own chat template instead
    resamples: int = DEFAULT_RESAMPLES
    seed: int = 0
    round_trip: bool = False
    align: str = "refuse"            # a parallel corpus whose files differ in length
    languages: tuple[str, ...] | None = None  # a parallel corpus' languages to measure (None: all)

    def describe(self) -> dict:
        return {"pivot": self.pivot, "context": self.context,
                "template": ("own" if self.own_template else self.template_name
                             or (None if self.template is None else "custom")),
                "bootstrap": self.resamples, "seed": self.seed, "round_trip": self.round_trip,
                "align": self.align,
                "languages": list(self.languages) if self.languages else None,
                # content tokens: no BOS/CLS added, special-token literals read as text
                "tokens": "content"}
