"""One call from tokenizers and a corpus to the report: what the CLI and the pane run.

>>> # report = diagnose(loaded_list, parallel="flores200-dev", settings=Settings(context=512))
>>> # report.tokenizers[0].premium["zho_Hans"].ci
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import CorpusSource
from ..errors import WorkbenchError
from ..notes import Note, note
from ..progress import CancelFn, ProgressFn
from .backends import Job, choose_backend, run_job
from .parallel import ALIGN_CHOICES, check_pivot, premiums, read_parallel
from .report import created_now, tokenizer_report, versions
from .result import CorpusFile, CorpusSummary, DiagnosticsReport
from .settings import Settings  # noqa: F401  (imported from here by both fronts)
from .shards import parallel_shards, plan_shards

MAX_TOKENIZERS = 8


def context_overhead(runtime, template: str | None) -> int:
    """Tokens a document shares the window with: the template's own tokens around one user
    message (with the generation prompt), else the post-processor's (BOS, CLS + SEP).

    >>> # context_overhead(bert, None) -> 2; context_overhead(mistral, chatml_source) -> 10
    """
    if template is None:
        return len(runtime.encode("", add_special_tokens=True).ids)
    from ..chat.conversation import Conversation
    from ..chat.errors import ChatTemplateError
    from ..chat.report import chat_report
    from ..chat.sources import model_special_token_variables

    try:
        report = chat_report(template, Conversation([{"role": "user", "content": "x"}]),
                             runtime=runtime, add_generation_prompt=True,
                             special_tokens=model_special_token_variables(runtime))
    except ChatTemplateError as err:
        raise WorkbenchError.of(note("diagnostics.template_failed", said=str(err))) from None
    return int(report.budget.total - sum(report.budget.by_role.values()))


UNKNOWN_WARNING = 0.05  # a language with more unknown tokens than this: its premium misleads


def unknown_warnings(tokenizer: str, unk_rates: dict[str, float | None]) -> list[Note]:
    """One warning for a tokenizer that maps many tokens of some languages to the unknown token
    (worst first): so few tokens look cheap, but the text is lost (BERT on Burmese: a premium of
    0.5). None when no language passes :data:`UNKNOWN_WARNING`. ``unk_rates``: per bucket
    (``all``, languages, ``script:``... groups), its share of unknown tokens.

    >>> from core.notes import english
    >>> [english(n) for n in unknown_warnings("bert", {"mya": 0.9, "tha": 0.6, "eng": 0.0})]
    ['bert maps many tokens to the unknown token in mya (90%), tha (60%): few tokens there mean lost text, not a low cost']
    """
    lost = sorted(((rate, key) for key, rate in unk_rates.items()
                   if ":" not in key and key != "all" and (rate or 0) > UNKNOWN_WARNING),
                  reverse=True)
    if not lost:
        return []
    shown = [f"{key} ({rate:.0%})" for rate, key in lost]
    return [note("diagnostics.unknown_tokens", tokenizer=tokenizer, languages=shown)]


def own_template(loaded) -> str | None:
    """The tokenizer's own chat template (its default when it has several), or None."""
    from ..chat.errors import ChatTemplateError
    from ..chat.sources import choose_template, templates_of

    templates = templates_of(loaded.configs)
    if templates is None:
        return None
    try:
        return choose_template(templates)
    except ChatTemplateError:
        return None


def unique_names(names: list[str]) -> list[str]:
    """Display names made unique (``gpt2``, ``gpt2 #2``).

    >>> unique_names(["a", "b", "a"])
    ['a', 'b', 'a #2']
    """
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return out


def diagnose(tokenizers: list, *, sources: list[CorpusSource] | None = None,
             parallel: str | Path | None = None, settings: Settings = Settings(),
             backend: str | None = None, workers: int | None = None,
             scheduler: str | None = None, progress: ProgressFn | None = None,
             cancel: CancelFn | None = None) -> DiagnosticsReport:
    """Measure ``tokenizers`` (:class:`~core.loading.Loaded`, up to 8) on ``sources`` or a
    ``parallel`` corpus. ``backend``: ``inprocess``, ``processes`` or ``dask`` (default: by
    corpus size, :func:`~.backends.choose_backend`).

    Raises :class:`~core.errors.WorkbenchError` for bad input (named): no tokenizer, too many,
    no corpus, an unknown pivot, a parallel corpus whose files differ in length (unless
    ``settings.align`` is ``shortest``), an empty language file, an unreachable scheduler.
    """
    if not tokenizers:
        raise WorkbenchError.of(note("diagnostics.no_tokenizer"))
    if len(tokenizers) > MAX_TOKENIZERS:
        raise WorkbenchError.of(note("diagnostics.too_many_tokenizers", limit=MAX_TOKENIZERS,
                                     count=len(tokenizers)))
    if (sources is None) == (parallel is None):
        raise WorkbenchError.of(note("diagnostics.corpus_choice"))
    if settings.align not in ALIGN_CHOICES:
        raise WorkbenchError.of(note("diagnostics.align_choice",
                                     choices=list(ALIGN_CHOICES)))
    if settings.context is not None and settings.context < 1:
        raise WorkbenchError.of(note("diagnostics.context_too_small"))
    warnings: list[Note] = []
    if parallel is not None:
        corpus = read_parallel(parallel, align=settings.align, languages=settings.languages)
        check_pivot(settings.pivot, corpus.lines)
        warnings += corpus.warnings
        shards = parallel_shards(corpus.path, corpus.files, corpus.size)
        description = corpus.describe()
    else:
        if not sources:
            raise WorkbenchError.of(note("diagnostics.no_source"))
        shards = plan_shards(sources)
        description = CorpusSummary("sources", sources=tuple(
            CorpusFile(s.path.name, s.kind, s.lang, s.domain, s.path.stat().st_size)
            for s in sources))
    overheads = []
    for loaded in tokenizers:
        template = settings.template
        if settings.context and settings.own_template:
            template = own_template(loaded)
            if template is None:
                warnings.append(note("diagnostics.no_own_template",
                                     tokenizer=loaded.runtime.name))
        overheads.append(context_overhead(loaded.runtime, template) if settings.context else 0)
    job = Job(tuple(t.source for t in tokenizers), tuple(shards), settings.round_trip)
    chosen = backend or choose_backend(job, workers, scheduler)
    stats = run_job(job, backend=chosen, runtimes=[t.runtime for t in tokenizers],
                    workers=workers, scheduler=scheduler, progress=progress, cancel=cancel)
    names = unique_names([t.runtime.name or t.source.name for t in tokenizers])
    entries = []
    for name, loaded, stat, overhead in zip(names, tokenizers, stats, overheads):
        premium = (premiums(stat.parallel, settings.pivot, resamples=settings.resamples,
                            seed=settings.seed)
                   if parallel is not None else None)
        entry = tokenizer_report(name, loaded.source, loaded.runtime, stat,
                                 context=settings.context, overhead=overhead, premium=premium)
        entries.append(entry)
        warnings += unknown_warnings(name, {key: bucket.unk_rate
                                            for key, bucket in entry.buckets.items()})
        failed = stat.buckets["all"].failed if "all" in stat.buckets else 0
        if failed:
            warnings.append(note("diagnostics.failed_documents", tokenizer=name, count=failed))
    return DiagnosticsReport(created_now(), description, settings, versions(), warnings,
                             entries, stats, [t.runtime for t in tokenizers], chosen)
