"""``tokbench report``: multilingual diagnostics of tokenizers on a corpus, as a summary, JSON,
CSV or a self-contained HTML page.

    tokbench report TOKENIZER... (--corpus [LANG[/DOMAIN]=]PATH... | --parallel DIR|TSV)
                    [--preset NAME] [--pivot LANG] [--context N] [--template FILE|own]
                    [--bootstrap N] [--seed S] [--workers N] [--scheduler ADDR]
                    [--languages LANG,...] [--align refuse|shortest] [--round-trip]
                    [-o report.html] [--json] [--csv FILE]

Exit codes: 0 done, 2 bad input or bad arguments (named on stderr), 3 a bundle that is not
intact, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli_args import _add_tiktoken_options, _count, _load_options, _positive
from app.cli_output import print_json
from core.diagnostics.report import REPORT_JSON_VERSION
from core.errors import WorkbenchError

NAME = "report"
JSON_VERSION = REPORT_JSON_VERSION  # the report JSON is core's, the GUI exports it too


def _bootstrap(value: str) -> int:
    number = int(value) if value.isdigit() else -1
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of resamples, got {value!r}")
    return number


def _languages(value: str) -> tuple[str, ...]:
    """``eng_Latn,zho_Hans`` -> the codes, each once, in order."""
    codes = tuple(dict.fromkeys(code.strip() for code in value.split(",") if code.strip()))
    if not codes:
        raise argparse.ArgumentTypeError(f"expected language codes separated by commas, "
                                         f"got {value!r}")
    return codes


def add_parser(sub) -> argparse.ArgumentParser:

    report = sub.add_parser("report", help="diagnostics per language, script, domain and length; "
                                           "the premium on parallel text; JSON, CSV or HTML")
    report.add_argument("tokenizers", nargs="+", metavar="TOKENIZER",
                        help="up to 8 tokenizers (any format tokbench opens)")
    corpus = report.add_mutually_exclusive_group(required=True)
    corpus.add_argument("--corpus", nargs="+", metavar="[LANG[/DOMAIN]=]PATH",
                        help="files, folders or globs, each optionally tagged with a language "
                             "and domain (zho_Hans/news=zh.txt)")
    corpus.add_argument("--parallel", type=Path, metavar="DIR|TSV",
                        help="a parallel corpus: a folder with a file per language named by its "
                             "code, any extension (eng_Latn.dev, zho_Hans.txt), or a TSV with a "
                             "language per column")
    report.add_argument("--languages", type=_languages, metavar="LANG,...",
                        help="measure only these languages of the parallel corpus (the pivot "
                             "is added when missing)")
    _add_tiktoken_options(report)
    report.add_argument("--pivot", default="eng_Latn",
                        help="the language premiums are measured against (default eng_Latn)")
    report.add_argument("--align", choices=("refuse", "shortest"), default="refuse",
                        help="a parallel corpus whose files differ in length: refuse (default) "
                             "or keep the lines all files have")
    report.add_argument("--context", type=_positive, metavar="N",
                        help="a context window: the share of documents that would be truncated")
    report.add_argument("--template", metavar="FILE|own",
                        help="a chat template (.jinja, or a JSON config with chat_template) "
                             "whose tokens share the context window; own: each tokenizer's "
                             "own template")
    report.add_argument("--bootstrap", type=_bootstrap, default=1000, metavar="N",
                        help="bootstrap resamples for the premium's interval (default 1000)")
    report.add_argument("--seed", type=_count, default=0, metavar="S",
                        help="the bootstrap's seed (default 0): the same seed, the same intervals")
    report.add_argument("--workers", type=_positive, metavar="N",
                        help="local processes (default: all cores for a corpus of 32 MB or more)")
    report.add_argument("--scheduler", metavar="ADDR",
                        help="a Dask scheduler (tcp://host:port); its workers must see the same "
                             "paths (needs the [cluster] extra)")
    report.add_argument("--round-trip", action="store_true",
                        help="also decode every document and count round-trip failures")
    report.add_argument("-o", "--output", type=Path, metavar="report.html",
                        help="write the self-contained HTML report here")
    report.add_argument("--json", action="store_true", help="print the report as one JSON object")
    report.add_argument("--csv", type=Path, metavar="FILE",
                        help="write one row per tokenizer x bucket here")
    return report


def _sources(items: list[str]):
    from core.corpus import expand

    sources = []
    for item in items:
        tag, _, path = item.rpartition("=")
        lang, _, domain = tag.partition("/")
        if not path:
            raise WorkbenchError(f"--corpus {item!r}: no path")
        sources.extend(expand(path, lang=lang, domain=domain))
    return sources


def _open_all(args) -> list:
    from core.loading import detect_source, open_source

    options = _load_options(args)
    opened = []
    for path in args.tokenizers:
        source = detect_source(path)
        if options and source.format == "tiktoken":  # --preset and co. are a rank file's
            source = detect_source(path, **options)
        opened.append(open_source(source))
    return opened


def _template(value: str | None) -> tuple[str | None, str]:
    if value is None or value == "own":
        return None, ""
    from core.chat.sources import choose_template, template_from_file

    return choose_template(template_from_file(value)), Path(value).name


def _progress_printer():
    """Progress on stderr when it is a terminal: bytes read, the share, the time left."""
    if not sys.stderr.isatty():
        return None

    def show(report) -> None:
        left = "" if report.seconds_left is None else f", about {report.seconds_left:.0f} s left"
        print(f"\r{report.done / 1e6:,.1f} of {report.total / 1e6:,.1f} MB "
              f"({report.fraction:.0%}){left}   ", end="", file=sys.stderr, flush=True)

    return show


def _print_summary(report) -> None:
    """The report (a :class:`core.diagnostics.result.DiagnosticsReport`) in lines: warnings on
    stderr, per tokenizer its language buckets and premiums."""
    from core.notes import english

    for warning in report.warnings:
        print(f"warning: {english(warning)}", file=sys.stderr)
    for entry in report.tokenizers:
        print(f"{entry.name} ({entry.format}, vocabulary {entry.vocabulary.size:,}, "
              f"{entry.vocabulary.share:.1%} used)")
        premium = entry.premium or {}
        if premium:
            summary = entry.premium_summary
            print(f"  worst premium {summary.max:.2f} ({summary.language}), geometric "
                  f"mean {summary.geometric_mean:.2f}")
        print(f"  {'bucket':<22}{'docs':>9}{'tokens':>12}{'tok/byte':>10}{'p95':>7}"
              f"{'unk':>8}" + (f"{'premium':>9}  95% interval" if premium else ""))
        for key, bucket in entry.buckets.items():
            if ":" in key:
                continue  # the summary lists languages; --json and the page have every bucket
            line = (f"  {key:<22}{bucket.documents:>9,}{bucket.tokens:>12,}"
                    f"{bucket.tokens_per_byte or 0:>10.3f}{bucket.p95 or 0:>7}"
                    f"{bucket.unk_rate or 0:>8.2%}")
            if key in premium:
                low, high = premium[key].ci
                line += f"{premium[key].premium:>9.2f}  {low:.2f}–{high:.2f}"
            print(line)


def run(args) -> int:
    from core.diagnostics.report import report_csv
    from core.diagnostics.run import Settings, diagnose

    try:
        template, template_name = _template(args.template)
        if args.languages and args.parallel is None:
            raise WorkbenchError("--languages chooses languages of a --parallel corpus")
        settings = Settings(pivot=args.pivot, context=args.context, template=template,
                            template_name=template_name, resamples=args.bootstrap,
                            seed=args.seed, round_trip=args.round_trip, align=args.align,
                            own_template=args.template == "own",
                            languages=(tuple(dict.fromkeys((args.pivot, *args.languages)))
                                       if args.languages else None))
        tokenizers = _open_all(args)
        sources = _sources(args.corpus) if args.corpus else None
        result = diagnose(tokenizers, sources=sources, parallel=args.parallel,
                          settings=settings, workers=args.workers, scheduler=args.scheduler,
                          progress=_progress_printer())
    except ValueError as err:  # a setting the corpus cannot meet: bad input, as any other
        raise WorkbenchError(str(err)) from None
    finally:
        if sys.stderr.isatty():
            print(file=sys.stderr)
    if args.output is not None:
        from core.diagnostics.html import report_html

        args.output.write_text(report_html(result), encoding="utf-8")
    if args.csv is not None:
        args.csv.write_text(report_csv(result), encoding="utf-8")
    if args.json:
        print_json(NAME, JSON_VERSION, result.to_json())
    elif args.output is None and args.csv is None:
        _print_summary(result)
    return 0
