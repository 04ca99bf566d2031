"""The workspace: everything a user set up, as plain data, in one versioned JSON file.

What was opened (tokenizer paths and the options they were opened with, never their bytes), the
corpus sources with their tags and weights, each pane's inputs (Inspect's text, the chat, the Diff
pair, the Align dataset, the Diagnostics setup) and the window (current pane, geometry, splitters,
the last folder per kind of file). The GUI saves it on quit and restores it at start; *File → Save
workspace as…* writes the same file for a colleague: paths inside the file's folder are written
relative to it, so the folder can move.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> ws = Workspace(tokenizers=[TokenizerRef(folder / "tok" / "tokenizer.json")])
>>> ws.inspect.text = "héllo"
>>> path = write_workspace(ws, folder / "setup.json")
>>> json.loads(path.read_text(encoding="utf-8"))["tokenizers"][0]["path"]
'tok/tokenizer.json'
>>> read_workspace(path) == ws
True

A file from a newer workbench is refused with its version; an older one is migrated
(:data:`MIGRATIONS`). Writing is atomic and keeps the previous good file beside it
(``<name>.previous``), which :func:`read_workspace_or_previous` falls back to when the file is
corrupt.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import uuid
from dataclasses import dataclass, field, fields
from pathlib import Path, PurePosixPath
from typing import Callable

from .corpus import KINDS, CorpusSource
from .errors import WorkbenchError
from .notes import Note, as_raised, note
from .text.json_errors import json_problem

KEY = "workbench_workspace"  # the first key of every workspace file: its format version
VERSION = 1
PANES = ("corpus", "train", "inspect", "chat", "align", "diff", "diagnostics")
UNITS = ("bytes", "cp", "utf16", "grapheme")
POLICIES = ("strict", "skip")
# a version -> the function that turns a file of that version into the next version's layout
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


class WorkspaceError(WorkbenchError):
    """A workspace file that cannot be read: not JSON, not a workspace, too new, a bad value."""

    code = "workspace"


# -- the data ---------------------------------------------------------------------------------

@dataclass
class TokenizerRef:
    """An opened tokenizer: its path and the options it was opened with (a rank file's preset,
    pattern and special tokens; a SentencePiece model's add_bos/add_eos; a display name)."""

    path: Path
    options: dict = field(default_factory=dict)


@dataclass
class InspectSetup:
    """The Inspect pane: its text, offset unit, special-token options and the tab shown; the
    tokens shown as ``text`` (bands behind the shaped text) or ``pieces`` (chips), graphemes
    split across tokens outlined or not."""

    text: str = ""
    unit: str = "cp"
    add_special_tokens: bool = True
    parse_special: bool = False
    tab: int = 0
    token_view: str = "text"
    outline_split: bool = False


@dataclass
class ChatSetup:
    """The Chat pane's inputs. ``tokenizer`` is its own choice (not Inspect's); ``template``
    names the picked entry (``builtin``/``own``/``file``, with ``template_name`` and
    ``template_file``); ``template_text`` is the edited source, None when unedited; ``messages``
    None means the pane's sample conversation."""

    tokenizer: Path | None = None
    messages: list | None = None
    tools: list | None = None
    documents: list | None = None
    variables: dict = field(default_factory=dict)
    template: str = "own"
    template_name: str | None = None
    template_file: Path | None = None
    template_text: str | None = None
    add_generation_prompt: bool = True
    continue_final_message: bool = False
    context: int = 0


@dataclass
class DiffSetup:
    """The Diff pane: A (old) and B (new); the corpus is the workspace's."""

    a: Path | None = None
    b: Path | None = None
    hidden: int = 4096
    dtype: str = ""
    tied: bool = False


@dataclass
class AlignSetup:
    """The Align pane: the dataset and the tokenizers it aligns."""

    dataset: Path | None = None
    tokenizers: list[Path] = field(default_factory=list)
    settings: dict = field(default_factory=dict)


@dataclass
class DiagnosticsSetup:
    """The Diagnostics pane: the tokenizers measured, the parallel folder (or TSV) when it
    measures one, a template file when one was chosen, and its other settings (JSON values
    by name: ``source``, ``pivot``, ``languages``, ``context``, ``template``...)."""

    tokenizers: list[Path] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    parallel: Path | None = None
    template_file: Path | None = None


@dataclass
class TrainSetup:
    """The Train pane: the training configuration (``TrainingConfig.to_json``'s fields; empty:
    the defaults) and the bundle name typed."""

    config: dict = field(default_factory=dict)
    name: str = ""


@dataclass
class WindowSetup:
    """The window: the pane shown, its geometry (Qt's saveGeometry, base64), splitter sizes by
    name, and the last folder used per kind of file (``tokenizer``, ``text``, ``corpus``…)."""

    pane: str = "inspect"
    geometry: str = ""
    splitters: dict[str, list[int]] = field(default_factory=dict)
    last_folders: dict[str, Path] = field(default_factory=dict)


@dataclass
class Workspace:
    """Everything a user set up. ``current`` is the path of the tokenizer Inspect shows."""

    tokenizers: list[TokenizerRef] = field(default_factory=list)
    current: Path | None = None
    corpus: list[CorpusSource] = field(default_factory=list)
    corpus_policy: str = "strict"
    corpus_dedup: bool = True
    inspect: InspectSetup = field(default_factory=InspectSetup)
    chat: ChatSetup = field(default_factory=ChatSetup)
    diff: DiffSetup = field(default_factory=DiffSetup)
    align: AlignSetup = field(default_factory=AlignSetup)
    diagnostics: DiagnosticsSetup = field(default_factory=DiagnosticsSetup)
    train: TrainSetup = field(default_factory=TrainSetup)
    window: WindowSetup = field(default_factory=WindowSetup)


# -- paths ------------------------------------------------------------------------------------

def path_to_json(path: Path, base: Path | None) -> str:
    """``path`` as written in a file kept in ``base``: relative (with ``/``) when it lies
    inside ``base``, else absolute.

    >>> path_to_json(Path("/data/a/b.txt"), Path("/data")), path_to_json(Path("/x"), Path("/data"))
    ('a/b.txt', '/x')
    """
    path = Path(os.path.abspath(path))
    if base is not None:
        base = Path(os.path.abspath(base))
        if path == base or base in path.parents:
            return PurePosixPath(*path.relative_to(base).parts).as_posix() if path != base else "."
    return str(path)


def path_from_json(text: str, base: Path | None) -> Path:
    """A path read from a file kept in ``base`` (a relative one is taken from there).

    >>> path_from_json("a/b.txt", Path("/data")).as_posix(), path_from_json("/x", Path("/d")).as_posix()
    ('/data/a/b.txt', '/x')
    """
    path = Path(text)
    if not path.is_absolute() and base is not None:
        path = Path(base) / path
    return Path(os.path.normpath(path))


# -- to JSON ----------------------------------------------------------------------------------

def workspace_to_json(ws: Workspace, base: Path | None = None) -> dict:
    """The file's content (``base``: the folder it is written in, for relative paths)."""
    def p(path):
        return None if path is None else path_to_json(path, base)

    chat = ws.chat
    return {
        KEY: VERSION,
        "tokenizers": [{"path": p(t.path), "options": t.options} for t in ws.tokenizers],
        "current": p(ws.current),
        "corpus": {"sources": [{"path": p(s.path), "kind": s.kind, "field": s.field,
                                "column": s.column, "lang": s.lang, "domain": s.domain,
                                "weight": s.weight} for s in ws.corpus],
                   "policy": ws.corpus_policy, "dedup": ws.corpus_dedup},
        "inspect": {f.name: getattr(ws.inspect, f.name) for f in fields(InspectSetup)},
        "chat": {"tokenizer": p(chat.tokenizer), "messages": chat.messages, "tools": chat.tools,
                 "documents": chat.documents, "variables": chat.variables,
                 "template": chat.template, "template_name": chat.template_name,
                 "template_file": p(chat.template_file), "template_text": chat.template_text,
                 "add_generation_prompt": chat.add_generation_prompt,
                 "continue_final_message": chat.continue_final_message,
                 "context": chat.context},
        "diff": {"a": p(ws.diff.a), "b": p(ws.diff.b), "hidden": ws.diff.hidden,
                 "dtype": ws.diff.dtype, "tied": ws.diff.tied},
        "align": {"dataset": p(ws.align.dataset),
                  "tokenizers": [p(t) for t in ws.align.tokenizers],
                  "settings": ws.align.settings},
        "diagnostics": {"tokenizers": [p(t) for t in ws.diagnostics.tokenizers],
                        "settings": ws.diagnostics.settings,
                        "parallel": p(ws.diagnostics.parallel),
                        "template_file": p(ws.diagnostics.template_file)},
        "train": {"config": ws.train.config, "name": ws.train.name},
        "window": {"pane": ws.window.pane, "geometry": ws.window.geometry,
                   "splitters": ws.window.splitters,
                   "last_folders": {k: p(v) for k, v in ws.window.last_folders.items()}},
    }


def workspace_bytes(ws: Workspace, base: Path | None = None) -> bytes:
    """The file's bytes: indented UTF-8 JSON (a lone surrogate in a text is kept, escaped)."""
    data = workspace_to_json(ws, base)
    try:
        return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON's \\udXXX escape keeps it exactly
        return (json.dumps(data, ensure_ascii=True, indent=1) + "\n").encode("ascii")


# -- from JSON --------------------------------------------------------------------------------

_TYPE_NAMES = {str: "a string", bool: "true or false", int: "a whole number",
               float: "a number", list: "a list", dict: "an object"}


class _Reader:
    """Typed reads from one JSON object, naming the field of a bad value."""

    def __init__(self, data: object, where: str, base: Path | None) -> None:
        if not isinstance(data, dict):
            raise _bad(where or "the file", data, dict)
        self.data, self.where, self.base = data, where, base

    def _name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str, kind: type, default, *, optional: bool = False):
        value = self.data.get(key, default)
        if value is None and optional:
            return None
        ok = (isinstance(value, kind) and not (kind is int and isinstance(value, bool))) or (
            kind is float and isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            raise _bad(self._name(key), value, kind)
        return float(value) if kind is float else value

    def choice(self, key: str, allowed: tuple, default: str) -> str:
        value = self.get(key, str, default)
        if value not in allowed:
            raise WorkspaceError.of(note("workspace.bad_choice", field=self._name(key),
                                         value=value, allowed=list(allowed)))
        return value

    def path(self, key: str, *, optional: bool = True) -> Path | None:
        value = self.get(key, str, None, optional=optional)
        return None if value is None else path_from_json(value, self.base)

    def paths(self, key: str) -> list[Path]:
        items = self.get(key, list, [])
        for index, item in enumerate(items):
            if not isinstance(item, str):
                raise _bad(f"{self._name(key)}[{index}]", item, str)
        return [path_from_json(item, self.base) for item in items]

    def sub(self, key: str) -> "_Reader":
        return _Reader(self.data.get(key, {}), self._name(key), self.base)


def _bad(where: str, value: object, kind: type) -> WorkspaceError:
    found = {bool: "true or false", type(None): "null"}.get(type(value)) or _TYPE_NAMES.get(
        type(value), type(value).__name__)
    return WorkspaceError.of(note("workspace.bad_field", field=where, expected=_TYPE_NAMES[kind],
                                  found=found))


def workspace_from_json(data: object, base: Path | None = None) -> Workspace:
    """The workspace a file's content holds, migrated to :data:`VERSION`.

    Raises :class:`WorkspaceError` (its note says what and where) for anything else.

    >>> workspace_from_json({KEY: 1}) == Workspace()
    True
    >>> workspace_from_json({KEY: 9})
    Traceback (most recent call last):
    ...
    core.workspace.WorkspaceError: this workspace is version 9; this workbench reads versions up to 1
    """
    data = migrate(data)
    r = _Reader(data, "", base)
    ws = Workspace()
    for index, item in enumerate(r.get("tokenizers", list, [])):
        t = _Reader(item, f"tokenizers[{index}]", base)
        ws.tokenizers.append(TokenizerRef(t.path("path", optional=False),
                                          t.get("options", dict, {})))
    ws.current = r.path("current")
    corpus = r.sub("corpus")
    for index, item in enumerate(corpus.get("sources", list, [])):
        s = _Reader(item, f"corpus.sources[{index}]", base)
        column = s.data.get("column", 0)
        if isinstance(column, bool) or not isinstance(column, (str, int)):
            raise _bad(s._name("column"), column, int)
        weight = s.get("weight", float, 1.0)
        if not math.isfinite(weight) or weight < 0:
            raise WorkspaceError.of(note("workspace.bad_weight", field=s._name("weight"),
                                         value=weight))
        ws.corpus.append(CorpusSource(
            s.path("path", optional=False), kind=s.choice("kind", KINDS, "lines"),
            field=s.get("field", str, "text"), column=column, lang=s.get("lang", str, ""),
            domain=s.get("domain", str, ""), weight=weight))
    ws.corpus_policy = corpus.choice("policy", POLICIES, "strict")
    ws.corpus_dedup = corpus.get("dedup", bool, True)
    i = r.sub("inspect")
    ws.inspect = InspectSetup(text=i.get("text", str, ""), unit=i.choice("unit", UNITS, "cp"),
                              add_special_tokens=i.get("add_special_tokens", bool, True),
                              parse_special=i.get("parse_special", bool, False),
                              tab=i.get("tab", int, 0),
                              token_view=i.choice("token_view", ("text", "pieces"), "text"),
                              outline_split=i.get("outline_split", bool, False))
    c = r.sub("chat")
    ws.chat = ChatSetup(
        tokenizer=c.path("tokenizer"), messages=c.get("messages", list, None, optional=True),
        tools=c.get("tools", list, None, optional=True),
        documents=c.get("documents", list, None, optional=True),
        variables=c.get("variables", dict, {}),
        template=c.choice("template", ("own", "builtin", "file"), "own"),
        template_name=c.get("template_name", str, None, optional=True),
        template_file=c.path("template_file"),
        template_text=c.get("template_text", str, None, optional=True),
        add_generation_prompt=c.get("add_generation_prompt", bool, True),
        continue_final_message=c.get("continue_final_message", bool, False),
        context=c.get("context", int, 0))
    d = r.sub("diff")
    ws.diff = DiffSetup(a=d.path("a"), b=d.path("b"), hidden=d.get("hidden", int, 4096),
                        dtype=d.get("dtype", str, ""), tied=d.get("tied", bool, False))
    a = r.sub("align")
    ws.align = AlignSetup(dataset=a.path("dataset"), tokenizers=a.paths("tokenizers"),
                          settings=a.get("settings", dict, {}))
    g = r.sub("diagnostics")
    ws.diagnostics = DiagnosticsSetup(tokenizers=g.paths("tokenizers"),
                                      settings=g.get("settings", dict, {}),
                                      parallel=g.path("parallel"),
                                      template_file=g.path("template_file"))
    t = r.sub("train")
    ws.train = TrainSetup(config=t.get("config", dict, {}), name=t.get("name", str, ""))
    w = r.sub("window")
    splitters = w.get("splitters", dict, {})
    for name, sizes in splitters.items():
        if not isinstance(sizes, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in sizes):
            raise _bad(f"window.splitters.{name}", sizes, list)
    folders = w.sub("last_folders")
    ws.window = WindowSetup(pane=w.choice("pane", PANES, "inspect"),
                            geometry=w.get("geometry", str, ""), splitters=splitters,
                            last_folders={k: folders.path(k, optional=False)
                                          for k in folders.data})
    return ws


def migrate(data: object) -> dict:
    """``data`` in the current layout: older versions pass through :data:`MIGRATIONS` in turn;
    a newer version, or a file without a version, is refused."""
    if not isinstance(data, dict) or KEY not in data:
        raise WorkspaceError.of(note("workspace.not_workspace", key=KEY))
    version = data[KEY]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise WorkspaceError.of(note("workspace.bad_version", version=repr(version)))
    if version > VERSION:
        raise WorkspaceError.of(note("workspace.newer", version=version, supported=VERSION))
    while version < VERSION:
        data = MIGRATIONS[version](dict(data))
        version += 1
        data[KEY] = version
    return data


# -- files ------------------------------------------------------------------------------------

def previous_path(path: Path) -> Path:
    """Where the previous good file is kept: ``workspace.json`` -> ``workspace.json.previous``."""
    return path.with_name(path.name + ".previous")


def write_workspace(ws: Workspace, path: str | Path) -> Path:
    """Write ``ws`` to ``path`` atomically (written aside, flushed, renamed into place); the
    file it replaces, if it reads as a workspace, is kept as :func:`previous_path`."""
    path = Path(path)
    data = workspace_bytes(ws, path.parent)
    path.parent.mkdir(parents=True, exist_ok=True)
    tag = uuid.uuid4().hex[:8]
    tmp = path.with_name(f".{path.name}.tmp-{tag}")
    keep = path.with_name(f".{previous_path(path).name}.tmp-{tag}")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.is_file() and _readable(path):  # a corrupt file never replaces a good previous
            shutil.copyfile(path, keep)
            os.replace(keep, previous_path(path))
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
        keep.unlink(missing_ok=True)
    return path


def _readable(path: Path) -> bool:
    try:
        read_workspace(path)
        return True
    except WorkspaceError:
        return False


def read_workspace(path: str | Path) -> Workspace:
    """The workspace in ``path`` (relative paths taken from its folder).

    Raises :class:`WorkspaceError` naming the file (and the line of a JSON error).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise WorkspaceError.of(note("workspace.unreadable", said=err.strerror or str(err)),
                                path=path) from None
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        raise WorkspaceError.of(note("workspace.not_json",
                                     problem=note("json.invalid_utf8", byte=err.start)),
                                path=path) from None
    except json.JSONDecodeError as err:
        raise WorkspaceError.of(note("workspace.not_json", problem=json_problem(err)), path=path,
                                line=err.lineno, column=err.colno) from None
    try:
        return workspace_from_json(data, path.parent)
    except WorkbenchError as err:  # its own, and CorpusSource's checks
        raise WorkspaceError(err.message, note=err.note, path=path) from None
    except (ValueError, TypeError) as err:
        raise WorkspaceError.of(note("workspace.bad_value", said=str(err)), path=path) from None


def read_workspace_or_previous(path: str | Path) -> tuple[Workspace | None, list[Note]]:
    """The workspace at ``path``; if it is corrupt, the previous good one (and a note saying
    so); neither there: None. A missing file is no problem (a first start).

    >>> read_workspace_or_previous("/nonexistent/workspace.json")
    (None, [])
    """
    path = Path(path)
    if not path.exists():
        return None, []
    try:
        return read_workspace(path), []
    except WorkspaceError as err:
        problem = note("workspace.unusable", path=str(path), problem=err.note or as_raised(err))
        previous = previous_path(path)
        if previous.is_file():
            try:
                return read_workspace(previous), [problem, note("workspace.used_previous",
                                                                 path=str(previous))]
            except WorkspaceError:
                pass
        return None, [problem]


# -- restoring --------------------------------------------------------------------------------

def without_missing(ws: Workspace) -> tuple[Workspace, list[Note]]:
    """``ws`` without the files that are gone, and a note for each (the rest restores).

    >>> ws, notes = without_missing(Workspace(tokenizers=[TokenizerRef(Path("/gone.json"))]))
    >>> ws.tokenizers, [n.code for n in notes]
    ([], ['workspace.tokenizer_missing'])
    """
    notes: list[Note] = []
    said: set[Path] = set()

    def keep(path: Path | None, code: str) -> bool:
        if path is None or path.exists():
            return True
        if path not in said:  # a file two panes use is said once
            said.add(path)
            notes.append(note(code, path=str(path)))
        return False

    tokenizers = [t for t in ws.tokenizers if keep(t.path, "workspace.tokenizer_missing")]
    opened = {t.path for t in tokenizers}
    corpus = [s for s in ws.corpus if keep(s.path, "workspace.corpus_source_missing")]
    chat = ChatSetup(**{f.name: getattr(ws.chat, f.name) for f in fields(ChatSetup)})
    if not keep(chat.template_file, "workspace.template_file_missing"):
        chat.template_file = None
        if chat.template == "file":
            chat.template, chat.template_name = "own", None
    align = AlignSetup(ws.align.dataset, list(ws.align.tokenizers), dict(ws.align.settings))
    if not keep(align.dataset, "workspace.dataset_missing"):
        align.dataset = None
    old = ws.diagnostics
    diagnostics = DiagnosticsSetup([t for t in old.tokenizers if t in opened],
                                   dict(old.settings), old.parallel, old.template_file)
    if not keep(old.parallel, "workspace.parallel_missing"):
        diagnostics.parallel = None
    if not keep(old.template_file, "workspace.diagnostics_template_missing"):
        diagnostics.template_file = None

    def opened_only(path):  # a pane's tokenizer that was not restored is not chosen
        return path if path is None or path in opened else None

    chat.tokenizer = opened_only(chat.tokenizer)
    align.tokenizers = [t for t in align.tokenizers if t in opened]
    restored = Workspace(
        tokenizers=tokenizers, current=opened_only(ws.current), corpus=corpus,
        corpus_policy=ws.corpus_policy, corpus_dedup=ws.corpus_dedup, inspect=ws.inspect,
        chat=chat, diff=DiffSetup(*(p if keep(p, "workspace.tokenizer_missing") else None
                                    for p in (ws.diff.a, ws.diff.b)),  # a slot opens any path
                                  ws.diff.hidden, ws.diff.dtype, ws.diff.tied),
        align=align, diagnostics=diagnostics,
        train=TrainSetup(dict(ws.train.config), ws.train.name),
        window=WindowSetup(ws.window.pane, ws.window.geometry, dict(ws.window.splitters),
                           {k: v for k, v in ws.window.last_folders.items() if v.is_dir()}))
    return restored, notes
