"""``tokbench align``: how an annotation dataset's spans align to one or more tokenizers.

    tokbench align TOKENIZER... --spans FILE [--format jsonl|conll|chars|words]
                   [--spans-key KEY] [--unit bytes|cp|utf16|grapheme] [--mode strict|contract|expand]
                   [--preset NAME] [--json] [--export-bio OUT] [--scheme bio|bilou|io]
                   [--skip-bad] [--fixed-copy OUT [--fix-order trim,contract]] [--fail-on SHARE]

Bad input (a bad record, a declared unit the span texts do not fit) exits 2 naming each record's
line, unless ``--skip-bad`` (then listed on stderr and left out); so does a dataset that yields
no span (naming the keys its records have). ``--fail-on SHARE`` exits 1 when a tokenizer
misaligns more than that share of the spans. The JSON summary is a contract (docs/cli.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli_args import EXIT_FAILED, EXIT_OK
from app.cli_output import InputError, print_json
from app.cli_table import display_width, pad
from core.align.alignment import MODES
from core.align.audit import AlignReport, audit_dataset
from core.align.dataset import FORMATS, Dataset, DatasetError
from core.align.fixes import FIX_KINDS, write_fixed_copy
from core.align.tags import SCHEMES, export_format, export_labels, export_paths
from core.text.offsets import Unit

NAME = "align"
JSON_VERSION = 1
SHOWN_PROBLEMS = 20
SHOWN_MISALIGNED = 10


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("align", help="align an annotation dataset's spans to tokenizers: "
                            "strict / contract / expand shares, misaligned spans, BIO export")
    parser.add_argument("tokenizers", nargs="+", metavar="TOKENIZER",
                        help="one or more tokenizers (compared in one table)")
    parser.add_argument("--spans", required=True, type=Path, metavar="FILE",
                        help="the annotation dataset")
    parser.add_argument("--format", choices=FORMATS,
                        help="jsonl ({text, spans} or spaCy entities), conll (token + BIO tag), "
                             "chars (character BIO), words (segmented sentences); default: "
                             "from the extension and content")
    parser.add_argument("--spans-key", metavar="KEY",
                        help="the JSONL key holding each record's spans: a list of [start, end], "
                             "[start, end, label] or {start, end, label} (default: spans, "
                             "entities or words; unlabelled spans take the key's name, 'word' "
                             "under words)")
    parser.add_argument("--unit", type=Unit.parse, default=Unit.CP,
                        help="unit of the JSONL offsets: bytes, cp, utf16, grapheme (default cp)")
    parser.add_argument("--mode", choices=MODES, default="strict",
                        help="alignment mode for the misaligned list and the export")
    parser.add_argument("--preset", help="tiktoken preset for rank files (gpt2, cl100k, ...)")
    parser.add_argument("--json", action="store_true", help="one JSON summary object")
    parser.add_argument("--export-bio", type=Path, metavar="OUT",
                        help="write token labels (JSONL {tokenizer, line, ids, tokens, labels}; "
                             "CoNLL for .conll, .bio or .txt, headed by '# tokenizer = NAME'); "
                             "with several tokenizers, one file each (OUT.<name>.ext)")
    parser.add_argument("--scheme", choices=SCHEMES, default="bio")
    parser.add_argument("--skip-bad", action="store_true",
                        help="list bad records on stderr and align the others (default: exit 2)")
    parser.add_argument("--fixed-copy", type=Path, metavar="OUT",
                        help="write a corrected copy (JSONL) for the first tokenizer: each "
                             "misaligned span replaced by its first aligning fix")
    parser.add_argument("--fail-on", type=share_argument, metavar="SHARE",
                        help="exit 1 when a tokenizer misaligns more than this share of the "
                             "spans in --mode (2%%, 0.02; 0: any misaligned span)")
    parser.add_argument("--fix-order", default="trim,contract",
                        help=f"fix kinds to try, in order ({', '.join(FIX_KINDS)}; default "
                             "trim,contract)")
    return parser


def _open_all(paths: list[str], preset: str | None) -> list[tuple[str, object]]:
    from core.loading import detect_source, open_source

    opened = []
    for path in paths:
        source = detect_source(path)
        if preset and source.format == "tiktoken":
            source = detect_source(path, preset=preset)
        loaded = open_source(source)
        opened.append(loaded.runtime)
    return list(zip(_labels(paths), opened))


def _labels(paths: list[str]) -> list[str]:
    """Each tokenizer's name in the tables: its file name, with as many parent folders as
    tell files of one name apart.

    >>> _labels(["a/bert/tokenizer.json", "b/gpt/tokenizer.json", "x.model"])
    ['bert/tokenizer.json', 'gpt/tokenizer.json', 'x.model']
    """
    parts = [Path(p).resolve().parts for p in paths]
    depth = [1] * len(paths)
    while True:
        labels = ["/".join(p[-d:]) for p, d in zip(parts, depth)]
        # files of one label that are not one file (a file given twice keeps its name)
        clash = [k for k, label in enumerate(labels) if depth[k] < len(parts[k]) - 1
                 and any(other == label and parts[j] != parts[k]
                         for j, other in enumerate(labels))]
        if not clash:
            return labels
        for k in clash:
            depth[k] += 1


def _report_problems(dataset: Dataset, audit: AlignReport | None) -> None:
    stats = dataset.stats
    if audit is not None and audit.unit_check.wrong_unit():
        other = audit.unit_check.best_other()
        print(f"tokbench: error: {dataset.path}: {audit.unit_check.verdict()}: use --unit "
              f"{other.value}", file=sys.stderr)
    for problem in stats.problems[:SHOWN_PROBLEMS]:
        print(f"tokbench: error: {dataset.path}:{problem.line}: {problem.message}",
              file=sys.stderr)
    if stats.problem_count > SHOWN_PROBLEMS:
        print(f"tokbench: ... and {stats.problem_count - SHOWN_PROBLEMS} more bad records",
              file=sys.stderr)


def run(args) -> int:

    order = [k.strip() for k in args.fix_order.split(",") if k.strip()]
    tokenizers = _open_all(args.tokenizers, args.preset)
    dataset = Dataset(args.spans, args.format, args.unit, args.spans_key)
    try:
        audit = audit_dataset(dataset, tokenizers)
    except DatasetError as err:  # no usable record, or records that hold no span
        _report_problems(dataset, None)  # the bad records, if any: name them
        raise _bad_records(dataset, None, err) from None
    if dataset.stats.problem_count:
        _report_problems(dataset, audit)
        if not args.skip_bad or audit.unit_check.wrong_unit() or not len(audit.spans):
            raise _bad_records(dataset, audit)
    if args.export_bio is not None:
        _export(dataset, tokenizers, args)
    if args.fixed_copy is not None:
        report = write_fixed_copy(dataset, tokenizers[0][1], args.fixed_copy, order=order)
        print(f"corrected copy: {args.fixed_copy} ({', '.join(f'{n} {k}' for k, n in report.fixed.items()) or 'nothing fixed'}"
              f", {len(report.left)} left misaligned)", file=sys.stderr)
    failed = failed_tokenizers(audit, args.mode, args.fail_on)
    if args.json:
        print_json(NAME, JSON_VERSION, {**audit.to_json(args.mode), "fail_on": args.fail_on,
                                        "failed": bool(failed)})
    else:
        _print_summary(audit, args.mode)
    for name, share in failed.items():
        print(f"tokbench: align failed: {name}: {share:.2%} of spans misaligned ({args.mode}), "
              f"above --fail-on {args.fail_on:.2%}", file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


def failed_tokenizers(audit: AlignReport, mode: str, limit: float | None) -> dict[str, float]:
    """The tokenizers whose share of spans misaligned in ``mode`` is above ``limit``."""
    if limit is None or not audit.spans:
        return {}
    shares = {t.name: len(audit.rows(t, mode=mode)) / len(audit.spans) for t in audit.tokenizers}
    return {name: share for name, share in shares.items() if share > limit}


def share_argument(value: str) -> float:
    """``--fail-on``: a share of the spans, as ``2%`` or ``0.02`` (0: any misaligned span).

    >>> share_argument("2%"), share_argument("0.5"), share_argument("0")
    (0.02, 0.5, 0.0)
    """
    text = value.strip()
    try:
        share = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        share = -1.0
    if not 0 <= share <= 1:
        raise argparse.ArgumentTypeError(f"expected a share of the spans such as 2% or 0.02, "
                                         f"not {value!r}")
    return share


def _bad_records(dataset: Dataset, audit: AlignReport | None,
                 error: DatasetError | None = None) -> InputError:
    """The error that ends a run on bad records (listed on stderr already) or on a dataset that
    cannot be used (``error``), with each bad record for the JSON error."""
    stats = dataset.stats
    details = {"bad_records": [{"line": p.line, "message": p.message} for p in stats.problems]}
    if audit is not None:
        details["unit_check"] = audit.unit_check.to_json()
    if error is not None:
        return InputError(error.message, code=error.code, details=details, path=error.path,
                          line=error.line, column=error.column, note=error.note)
    wrong_unit = audit is not None and audit.unit_check.wrong_unit()
    message = (f"{stats.problem_count:,} bad record(s)"
               + ("" if wrong_unit or audit is None else "; --skip-bad aligns the others"))
    return InputError(message, path=dataset.path, details=details)


def _export(dataset: Dataset, tokenizers, args) -> None:
    out: Path = args.export_bio
    targets = export_paths(out, [name for name, _ in tokenizers])  # one file each, never shared
    for (name, runtime), target in zip(tokenizers, targets):
        report = export_labels(dataset, runtime, target, mode=args.mode, scheme=args.scheme,
                               fmt=export_format(out), tokenizer=name)
        counts = ", ".join(f"{n} {reason}" for reason, n in sorted(report.counts.items()))
        print(f"{target}: {report.tagged} of {report.spans} spans tagged ({args.mode}, "
              f"{args.scheme})" + (f"; reported: {counts}" if counts else ""), file=sys.stderr)
        for item in report.reported[:SHOWN_PROBLEMS]:
            print(f"  line {item['line']}: [{item['start']}, {item['end']}) {item['label']}: "
                  f"{item['reason']}" + (f" (+{item['extra']})" if item["extra"] else ""),
                  file=sys.stderr)


def _print_summary(audit: AlignReport, mode: str) -> None:
    """The report in tables: shares per tokenizer, strict share per label, the first spans
    ``mode`` does not align."""
    unit = audit.unit.label
    print(f"{audit.records:,} records, {len(audit.spans):,} spans ({unit})")
    width = max(len(t.name) for t in audit.tokenizers)
    print(f"{'tokenizer':<{width}}  strict  start ok  end ok  contract  expand +chars/span")
    for t in audit.tokenizers:
        s = audit.shares(t)
        print(f"{t.name:<{width}}  {s.strict:6.1%}  {s.start_ok:8.1%}  {s.end_ok:6.1%}"
              f"  {s.contract_nonempty:8.1%}  {s.expand_extra:6.2f}")
    print()
    labels = audit.labels
    label_width = max([display_width(label) for label in labels] + [5])
    print(f"{pad('label', label_width)}  spans  " + "  ".join(t.name for t in audit.tokenizers))
    per = [audit.per_label(t) for t in audit.tokenizers]
    for label in labels:
        print(f"{pad(label, label_width)}  {per[0][label].spans:5d}  " + "  ".join(
            f"{p[label].strict:>{len(t.name)}.1%}" for p, t in zip(per, audit.tokenizers)))
    for t in audit.tokenizers:
        rows = audit.rows(t, mode=mode)
        if not len(rows):
            continue
        print(f"\n{t.name}: {len(rows):,} spans misaligned ({mode}); first {min(len(rows), SHOWN_MISALIGNED)}:")
        for span in audit.misaligned_spans(t, rows[:SHOWN_MISALIGNED]):
            ends = ("both ends" if not (span.start_ok or span.end_ok)
                    else "start" if not span.start_ok else "end")
            contract = span.contract and f"[{span.contract[0]}, {span.contract[1]})"
            expand = span.expand and f"[{span.expand[0]}, {span.expand[1]})"
            print(f"  line {span.line}: [{span.start}, {span.end}) {span.label}: "
                  f"{ends} misaligned; contract {contract or 'empty'}, expand "
                  f"{expand or 'empty'}")
