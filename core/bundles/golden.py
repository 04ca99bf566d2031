"""Golden samples: lock what a tokenizer does to a set of texts, verify it field by field later.

``lock`` records per sample the text, normalized text, pieces, IDs, spans in all four units,
decoded text, flags and whether special tokens were added, with the runtime versions; ``verify``
re-runs every sample and reports each field that differs (sample, field, old, new).

>>> golden = {"format": GOLDEN_FORMAT, "format_version": 0, "samples": []}
>>> try:
...     check_golden_format(golden)
... except GoldenError as err:
...     print(err.message.split(":")[0])
golden file format version 0 is older than this workbench writes (1)

The fingerprints live in :mod:`core.bundles.fingerprints` (a bundle's manifest records them too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from .bundle import (find_bundle, read_bundle_files, runtime_versions, save_bundle_files,
                     verify_bundle)
from ..encodings.encoding import Flag
from ..errors import WorkbenchError
from ..notes import note
from ..text.json_errors import json_problem
from .fingerprints import encode_each, fingerprint
from .golden_stress import STRESS_SAMPLES
from ..text.offsets import Unit
from ..text.utf8 import decode_utf8

GOLDEN_FORMAT = "tokbench-golden"
GOLDEN_VERSION = 1
GOLDEN_FILE = "golden.json"  # its name inside a bundle
MAX_SPECIAL_SAMPLES = 256  # a tokenizer with thousands of reserved literals: the first ones
FIELDS = ("normalized", "pieces", "ids", "spans.bytes", "spans.cp", "spans.utf16",
          "spans.grapheme", "decoded", "flags", "special_tokens_added", "error")


class GoldenError(WorkbenchError):
    """A golden file that cannot be used (not one, a newer or older format)."""


def samples_for(runtime, user_samples=()) -> list[tuple[str, str]]:
    """The built-in stress set, one sample per special-token literal of ``runtime`` (kept as
    text: the safe default), then the user's ``(name, text)`` samples."""
    specials = sorted({t.content for t in runtime.special_tokens()})[:MAX_SPECIAL_SAMPLES]
    literal_samples = [(f"special {lit}", f"before {lit} after") for lit in specials]
    return [*STRESS_SAMPLES, *literal_samples, *user_samples]


def normalized_text(runtime, text: str) -> str:
    """The text after the runtime's normalizer (the text itself when it has none)."""
    for stage in runtime.stages(text):
        if stage.name == "normalizer" and stage.items:
            return stage.items[0][0]
    return text


def sample_record(runtime, name: str, text: str, enc) -> dict:
    """One locked sample (see the module docstring for the fields)."""
    spans = {}
    for unit in Unit:
        starts, ends = enc.spans(unit)
        spans[unit.value] = np.stack([starts, ends], axis=1).tolist() if len(starts) else []
    ids = enc.ids.tolist()
    return {"name": name, "text": text, "normalized": normalized_text(runtime, text),
            "pieces": list(enc.pieces), "ids": ids, "spans": spans,
            "decoded": runtime.decode(ids),
            "flags": [enc.flag_names(i) for i in range(len(enc))],
            "special_tokens_added": bool(np.any(enc.flags & Flag.INSERTED))}


def lock(runtime, user_samples=(), *, progress=None) -> dict:
    """Encode every sample and return the golden document (JSON-ready)."""

    samples = samples_for(runtime, user_samples)
    batch = encode_each(runtime, [text for _, text in samples])
    records = []
    for k, ((name, text), enc) in enumerate(zip(samples, batch)):
        records.append({"name": name, "text": text, "error": enc} if isinstance(enc, str)
                       else sample_record(runtime, name, text, enc))
        if progress is not None:
            progress(k + 1, len(samples))
    return {"format": GOLDEN_FORMAT, "format_version": GOLDEN_VERSION,
            "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "tokenizer": {"name": runtime.name, "format": runtime.source_format,
                          "vocab_size": runtime.vocab_size},
            "fingerprint": fingerprint(runtime), "runtime_versions": runtime_versions(),
            "add_special_tokens": True, "samples": records}


def read_user_samples(path: str | Path) -> list[tuple[str, str]]:
    """User samples from a file: JSON ``[{"name", "text"}]`` / ``["text", ...]``, or one text per
    line of plain text. Names default to ``user 1``, ``user 2``..."""
    path = Path(path)
    raw = decode_utf8(path.read_bytes(), path=path)
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as err:
            raise GoldenError.of(note("golden.not_json", problem=json_problem(err)), path=path,
                                 line=err.lineno, column=err.colno) from None
        if not isinstance(data, list):
            raise GoldenError.of(note("golden.samples_shape"), path=path)
        samples = []
        for k, item in enumerate(data, 1):
            if isinstance(item, str):
                samples.append((f"user {k}", item))
            elif isinstance(item, dict) and isinstance(item.get("text"), str):
                samples.append((str(item.get("name") or f"user {k}"), item["text"]))
            else:
                raise GoldenError.of(note("golden.item_shape", item=k), path=path)
        return samples
    return [(f"user {k}", line) for k, line in enumerate(raw.splitlines(), 1)]


def check_golden_format(golden: object, path=None) -> dict:
    """The golden document, or a :class:`GoldenError` saying why it cannot be verified."""
    if not isinstance(golden, dict) or golden.get("format") != GOLDEN_FORMAT:
        raise GoldenError.of(note("golden.not_golden", format=GOLDEN_FORMAT), path=path)
    version = golden.get("format_version")
    if not isinstance(version, int) or version < GOLDEN_VERSION:
        raise GoldenError.of(note("golden.older", version=version, supported=GOLDEN_VERSION),
                             path=path)
    if version > GOLDEN_VERSION:
        raise GoldenError.of(note("golden.newer", version=version, supported=GOLDEN_VERSION),
                             path=path)
    if not isinstance(golden.get("samples"), list):
        raise GoldenError.of(note("golden.no_samples"), path=path)
    return golden


def read_golden(path: str | Path) -> dict:
    """A golden file, or a bundle's golden samples (its checksums verified)."""

    path = Path(path)
    bundle = find_bundle(path)
    if bundle is not None:
        manifest = verify_bundle(bundle)
        if GOLDEN_FILE not in manifest["files"]:
            raise GoldenError.of(note("golden.bundle_without_samples"), path=bundle)
        raw = read_bundle_files(bundle, {"files": {GOLDEN_FILE: {}}})[GOLDEN_FILE]
        path = bundle / GOLDEN_FILE if bundle.is_dir() else bundle
    else:
        if not path.is_file():
            raise GoldenError.of(note("file.no_such"), path=path)
        raw = path.read_bytes()
    try:
        golden = json.loads(decode_utf8(raw, path=path))
    except json.JSONDecodeError as err:
        raise GoldenError.of(note("golden.not_json", problem=json_problem(err)), path=path,
                             line=err.lineno, column=err.colno) from None
    return check_golden_format(golden, path)


def write_golden(golden: dict, dest: str | Path) -> Path:
    """Write a golden document as a standalone JSON file, or into a bundle (``dest`` a bundle:
    its manifest lists it with its checksum and the fingerprint)."""

    dest = Path(dest)
    text = json.dumps(golden, ensure_ascii=False, indent=1) + "\n"
    bundle = find_bundle(dest) if dest.exists() else None
    if bundle is None:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(dest)
        return dest
    manifest = verify_bundle(bundle)
    files = read_bundle_files(bundle, manifest)
    files[GOLDEN_FILE] = text.encode("utf-8")
    manifest = {**manifest, "golden": {"file": GOLDEN_FILE, "samples": len(golden["samples"])},
                "fingerprint": golden["fingerprint"]}
    return save_bundle_files(manifest, files, bundle)


def _field_values(record: dict) -> dict[str, object]:
    values = {name: record.get(name) for name in FIELDS if not name.startswith("spans.")}
    for unit in Unit:
        values[f"spans.{unit.value}"] = (record.get("spans") or {}).get(unit.value)
    return values


def difference_kind(fields: set[str]) -> str:
    """What a sample's differing fields amount to.

    >>> difference_kind({"ids", "pieces"}), difference_kind({"spans.cp"})
    ('ids', 'spans only')
    >>> difference_kind({"decoded"})
    'decode only'
    """
    if "ids" in fields or "error" in fields:
        return "ids"
    if fields and all(f.startswith("spans.") for f in fields):
        return "spans only"
    if fields == {"decoded"}:
        return "decode only"
    if fields == {"normalized"}:
        return "normalization only"
    return "pieces or flags"


@dataclass(frozen=True)
class Fingerprint:
    """A tokenizer's two fingerprints (:func:`fingerprint`); either is None where a golden file
    did not record it.

    >>> Fingerprint.from_json({"vocabulary": "ab12"}).to_json()
    {'vocabulary': 'ab12'}
    """

    behaviour: str | None = None
    vocabulary: str | None = None

    @classmethod
    def from_json(cls, data: dict | None) -> "Fingerprint":
        data = data or {}
        return cls(data.get("behaviour"), data.get("vocabulary"))

    def to_json(self) -> dict:
        """The recorded fingerprints, as a golden file and ``fingerprint()`` spell them."""
        return {k: v for k, v in (("behaviour", self.behaviour),
                                  ("vocabulary", self.vocabulary)) if v is not None}


@dataclass(frozen=True)
class FieldDifference:
    """One field of one sample that differs: its locked and its current value (JSON values)."""

    sample: str
    field: str
    old: object
    new: object

    def to_json(self) -> dict:
        return {"sample": self.sample, "field": self.field, "old": self.old, "new": self.new}


@dataclass
class GoldenCheck:
    """The outcome of :func:`verify` (``tokbench golden verify``; the Diff pane's golden tab).

    Attributes:
        samples: how many samples were re-run.
        differences: each differing field of each sample.
        kinds: per differing sample, what the difference amounts to (:func:`difference_kind`).
        locked / now: the golden file's and the current fingerprints.
        other_tokenizer: the vocabulary fingerprints differ: the file was locked on another
            tokenizer (said before any field).

    >>> check = GoldenCheck(2, [FieldDifference("a", "ids", [1], [2])], {"a": "ids"})
    >>> check.passed, check.to_json()["differing_samples"]
    (False, 1)
    """

    samples: int
    differences: list[FieldDifference] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=dict)
    locked: Fingerprint = field(default_factory=Fingerprint)
    now: Fingerprint = field(default_factory=Fingerprint)

    @property
    def other_tokenizer(self) -> bool:
        return self.locked.vocabulary is not None and self.locked.vocabulary != self.now.vocabulary

    @property
    def passed(self) -> bool:
        return not self.differences and not self.other_tokenizer

    def kind_counts(self) -> dict[str, int]:
        """How many differing samples there are of each kind (:func:`difference_kind`), by kind
        in alphabetical order: what a front says after the count (it words the kinds).

        >>> GoldenCheck(3, kinds={"a": "ids", "b": "spans only", "c": "ids"}).kind_counts()
        {'ids': 2, 'spans only': 1}
        """
        counts: dict[str, int] = {}
        for kind in self.kinds.values():
            counts[kind] = counts.get(kind, 0) + 1
        return dict(sorted(counts.items()))

    def to_json(self) -> dict:
        """The ``tokbench golden verify --json`` object (and the diff's ``golden_verify``)."""
        return {"passed": self.passed, "samples": self.samples,
                "differing_samples": len(self.kinds), "other_tokenizer": self.other_tokenizer,
                "fingerprint": {"locked": self.locked.to_json(), "now": self.now.to_json()},
                "kinds": self.kinds, "differences": [d.to_json() for d in self.differences]}


def verify(runtime, golden: dict, *, progress=None) -> GoldenCheck:
    """Re-run every locked sample on ``runtime`` and compare field by field (the one check both
    ``tokbench golden verify`` and the Diff pane run)."""
    golden = check_golden_format(golden)
    records = golden["samples"]
    result = GoldenCheck(len(records), locked=Fingerprint.from_json(golden.get("fingerprint")),
                         now=Fingerprint.from_json(fingerprint(runtime)))
    batch = encode_each(runtime, [str(r.get("text", "")) for r in records])
    for k, (record, enc) in enumerate(zip(records, batch)):
        now = _field_values({"error": enc} if isinstance(enc, str) else
                            sample_record(runtime, record.get("name", ""), enc.text, enc))
        then = _field_values(record)
        differing = set()
        for name in FIELDS:
            if then[name] != now[name]:
                differing.add(name)
                result.differences.append(FieldDifference(record.get("name", f"#{k}"), name,
                                                          then[name], now[name]))
        if differing:
            result.kinds[record.get("name", f"#{k}")] = difference_kind(differing)
        if progress is not None:
            progress(k + 1, len(records))
    return result
