"""One message system (issue #22 item 2): the core hands front ends notes (a code, a severity,
typed arguments), each front end words them from its one table — so the GUI never recognises a
message by its English text, and the diff and diagnostics code builds no English sentence.

Read from the sources' syntax trees, not by grep, so a comment or a docstring does not count:

* in ``app/``, a string match (``startswith``/``endswith``, ``in``, ``==``/``!=``, ``re.*``)
  whose literal is a phrase the core writes (a template of :data:`core.notes.ENGLISH` or
  :data:`core.notes.ONE`, or a string literal in ``core/``) recognises a message by its words;
* in ``core/diff`` and ``core/diagnostics``, an error raised with words instead of a note
  (``WorkbenchError.of(note(...))``), or a sentence (three words or more) in a string literal,
  outside the renderers of the exported HTML page (which, like ``tokbench``, speak English from
  the notes' ``message``) and the programming errors a user never sees (``ValueError``...).
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from core.notes import ENGLISH, ONE

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-z]{2,}")
# three words or more in a row, joined by single spaces: a sentence (not markup, CSS or a key)
SENTENCE = re.compile(r"\b[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){2,}\b")
MATCHING_CALLS = {"startswith", "endswith"}
REGEX_CALLS = {"match", "search", "fullmatch", "findall", "finditer", "sub", "split"}
# matches in app/ on labels the core gives special-token facts (core.pipeline.special's sources), which
# are not notes yet: outside the diff and diagnostics features; each must still be found here
KNOWN_APP_MATCHES = {
    ("app/messages.py", "SentencePiece piece type"),
    ("app/messages.py", "user-given special tokens"),
    ("app/messages.py", "GGUF token type"),
    ("app/messages.py", "Tekken special tokens"),
}
NOTED_PACKAGES = ("core/diff", "core/diagnostics")
# the exported page is rendered in English from the notes' messages, as tokbench prints them
RENDERERS = {"core/diff/html.py", "core/diagnostics/html.py", "core/diagnostics/figures.py"}
PROGRAMMING_ERRORS = {"ValueError", "TypeError", "KeyError", "AssertionError", "RuntimeError",
                      "NotImplementedError"}
USER_ERRORS = {"WorkbenchError", "FormatError", "BundleError", "TextError", "GoldenError"}


def is_phrase(text: str) -> bool:
    """Words joined by spaces, as a sentence has (not a token, a key or a path).

    >>> is_phrase("aligned by the shortest"), is_phrase("<SPECIAL_"), is_phrase("a.b")
    (True, False, False)
    """
    return " " in text.strip() and len(WORD.findall(text)) >= 2


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def literal_parts(node: ast.AST) -> list[str]:
    """The literal text of a string constant or f-string (its pieces between placeholders)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return []


def template_parts(template: str) -> list[str]:
    return [literal for literal, *_ in string.Formatter().parse(template) if literal]


def core_phrases() -> list[str]:
    """Every phrase the core can write: note templates and its string literals."""
    phrases = [p for t in [*ENGLISH.values(), *(one for _, one in ONE.values())]
               for p in template_parts(t)]
    for path in sorted((ROOT / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if id(node) not in skip:
                phrases += [p for p in literal_parts(node) if is_phrase(p)]
    return phrases


def local_constants(tree: ast.AST) -> dict[str, str]:
    """Names bound once to a string constant (``fallback = " + byte fallback"``)."""
    bound: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            bound.setdefault(node.targets[0].id, []).extend(literal_parts(node.value) or [None])
    return {name: values[0] for name, values in bound.items()
            if len(values) == 1 and values[0] is not None}


def matched_literals(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, literal) of every string match in a module."""
    names = local_constants(tree)

    def literals(node) -> list[str]:
        if isinstance(node, ast.Tuple):
            return [text for element in node.elts for text in literals(element)]
        if isinstance(node, ast.Name) and node.id in names:
            return [names[node.id]]
        return literal_parts(node)

    out = []
    for node in ast.walk(tree):
        found = []
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr in MATCHING_CALLS or (
                    node.func.attr in REGEX_CALLS and isinstance(node.func.value, ast.Name)
                    and node.func.value.id in ("re", "regex")):
                found = literals(node.args[0])
        elif isinstance(node, ast.Compare):
            for left, op, right in zip([node.left, *node.comparators], node.ops,
                                       node.comparators):
                if isinstance(op, (ast.In, ast.NotIn)):
                    found += literals(left)
                elif isinstance(op, (ast.Eq, ast.NotEq)):
                    found += literals(left) + literals(right)
        out += [(node.lineno, text) for text in found if SENTENCE.search(text)]
    return out


def message_matches_in_app() -> set[tuple[str, str, int]]:
    phrases = core_phrases()
    found = set()
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in matched_literals(tree):
            if any(text.strip() in phrase for phrase in phrases):
                found.add((path.relative_to(ROOT).as_posix(), text, line))
    return found


def test_the_gui_recognises_no_message_by_its_words():
    found = message_matches_in_app()
    unknown = sorted(f"{path}:{line}: matches {text!r}" for path, text, line in found
                     if (path, text) not in KNOWN_APP_MATCHES)
    assert not unknown, "match a note's code and arguments instead:\n" + "\n".join(unknown)
    stale = KNOWN_APP_MATCHES - {(path, text) for path, text, _ in found}
    assert not stale, f"no longer matched: remove from KNOWN_APP_MATCHES: {sorted(stale)}"


def test_the_check_sees_the_match_the_diagnostics_pane_had(tmp_path):
    """The pane once recognised the alignment warning by its first words: that is found."""
    source = ("ok = any(w.startswith('aligned by the shortest') for w in report['warnings'])\n"
              "hit = 'different line counts' in message\n"
              "fine = key.startswith('script:') or name == 'all'\n")
    literals = [text for _, text in matched_literals(ast.parse(source))]
    assert sorted(literals) == ["aligned by the shortest", "different line counts"]
    assert any("aligned by the shortest" in phrase for phrase in core_phrases())


def english_built_in(path: Path) -> list[str]:
    """Sentences and worded errors of one core module (see the module docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    internal = set()
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = node.exc.func.id if isinstance(node.exc.func, ast.Name) else None
            if name in PROGRAMMING_ERRORS:
                internal.update(id(n) for n in ast.walk(node.exc))
            elif name in USER_ERRORS and node.exc.args and literal_parts(node.exc.args[0]):
                problems.append(f"{node.lineno}: {name} raised with words, not a note")
                internal.update(id(n) for n in ast.walk(node.exc))
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # its pieces are read with it, not again alone
            internal.update(id(value) for value in node.values)
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in internal:
            continue
        text = "".join(literal_parts(node))
        if SENTENCE.search(text):
            problems.append(f"{node.lineno}: {text!r}")
    return problems


def test_diff_and_diagnostics_build_no_english_sentence_for_a_user():
    problems = []
    for package in NOTED_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in RENDERERS:
                problems += [f"{rel}:{p}" for p in english_built_in(path)]
    assert not problems, "make these notes (core/notes.py):\n" + "\n".join(problems)


def test_the_sentence_check_sees_a_worded_warning_and_error(tmp_path):
    path = tmp_path / "sample.py"
    path.write_text('"""A docstring with many words is fine."""\n'
                    "def f(n):\n"
                    '    """So is this one."""\n'
                    '    warnings = [f"{n} failed on some documents"]\n'
                    '    raise WorkbenchError("the corpus has no source")\n'
                    "def g():\n"
                    '    raise ValueError("align must be one of these")\n', encoding="utf-8")
    assert english_built_in(path) == ["5: WorkbenchError raised with words, not a note",
                                      "4: ' failed on some documents'"]


# -- the typed results and progress reports word no sentence (issue #22 item 2) ---------------
# each feature's result (tests/test_one_result_per_feature.py): the fronts word what it holds
RESULTS = ("core.diff.report:TokenizerDiff", "core.bundles.golden:GoldenCheck",
           "core.diagnostics.result:DiagnosticsReport", "core.align.audit:AlignReport",
           "core.audit.report:AuditReport", "core.chat.result:ChatReport",
           "core.stream.run:StreamRun", "core.inspect:InspectResult")


def worded_in_class(source: str) -> list[str]:
    """Sentences (three words or more) in string literals of a class's code, docstrings and
    programming errors aside: what a method would hand a front already worded in English."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                and getattr(node.exc.func, "id", None) in PROGRAMMING_ERRORS:
            skip.update(id(n) for n in ast.walk(node.exc))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(value) for value in node.values)
    found = [(node.lineno, shown(node)) for node in ast.walk(tree)
             if id(node) not in skip and SENTENCE.search(shown(node))]
    return [f"{line}: {text!r}" for line, text in sorted(found)]


def shown(node: ast.AST) -> str:
    """A string constant's text, or an f-string's with each placeholder read as a word ``N``
    (``f"{n} of {total} samples differ"`` reads ``N of N samples differ``)."""
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "N" for v in node.values)
    return "".join(literal_parts(node))


def test_no_typed_result_words_a_sentence_for_a_user():
    import importlib
    import inspect
    import textwrap

    problems = []
    for spec in RESULTS:
        module, name = spec.split(":")
        cls = getattr(importlib.import_module(module), name)
        problems += [f"{spec}:{p}" for p in
                     worded_in_class(textwrap.dedent(inspect.getsource(cls)))]
    assert not problems, ("give the fronts data or notes to word (core/notes.py):\n"
                          + "\n".join(problems))


def worded_progress(source: str) -> list[str]:
    """``Progress(...)`` reports that carry text the core wrote: any string literal or f-string
    among their arguments but the phase (its first), which is a key the fronts name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Progress":
            values = node.args[1:] + [k.value for k in node.keywords if k.arg != "phase"]
            for value in values:
                for inner in ast.walk(value):
                    if isinstance(inner, ast.JoinedStr) or (
                            isinstance(inner, ast.Constant) and isinstance(inner.value, str)
                            and not _is_note_code(inner, value)):
                        found.append(f"{node.lineno}: {ast.unparse(value)}")
                        break
    return found


def _is_note_code(constant: ast.Constant, value: ast.AST) -> bool:
    """Whether ``constant`` is the code of a ``note("...", ...)`` call inside ``value``."""
    return any(isinstance(call, ast.Call) and getattr(call.func, "id", None) == "note"
               and call.args and call.args[0] is constant for call in ast.walk(value))


def test_progress_reports_carry_notes_not_sentences():
    from core.progress import Progress

    assert "message" not in Progress.__dataclass_fields__  # a note, a detail, seconds left
    problems = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        problems += [f"{rel}:{p}" for p in worded_progress(path.read_text(encoding="utf-8"))]
    assert not problems, "say it with a note (core/notes.py):\n" + "\n".join(problems)


def test_the_checks_see_what_progress_and_golden_once_worded():
    progress = '''
report(Progress("unigram", done, total, f"EM: {len(pieces)} pieces"))
report(Progress("checking", 0, 0, "characters to keep"), force=True)
report(Progress("counting words", 0))
report(Progress("unigram", 1, 4, note("progress.em_pieces", count=len(pieces))))
report(Progress("corpus", 1, 2, detail=source.path.name))
'''
    assert worded_progress(progress) == [
        "2: f'EM: {len(pieces)} pieces'", "3: 'characters to keep'"]
    golden = '''
class GoldenCheck:
    def summary(self) -> str:
        """One English line (the CLI's)."""
        if self.passed:
            return f"ok: {self.samples} golden samples unchanged"
        return f"{len(self.kinds)} of {self.samples} samples differ"

    def fails(self, fail_on):
        if fail_on not in ("breaking", "any"):
            raise ValueError(f"fail_on is one of these words: {fail_on}")
        return "append rows"
'''
    assert worded_in_class(golden) == ["6: 'ok: N golden samples unchanged'",
                                       "7: 'N of N samples differ'"]


# -- errors: a WorkbenchError carries a note, not an English sentence (issue #22 item 2) -----
# every error core/ raises for a user is ``WorkbenchError.of(note(...))`` (a code in
# core/notes.py, its Chinese in app/messages.py); the part of a sentence that says where (a GGUF
# key, a SentencePiece field) is a sub-note, a list a list, a library's own words ``said``


def user_error_classes() -> set[str]:
    """``WorkbenchError`` and every class of ``core/`` derived from it (read from the syntax
    trees, so a new subclass is counted without being listed here)."""
    names = {"WorkbenchError"}
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "core").rglob("*.py"))]
    grown = True
    while grown:
        grown = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        getattr(base, "id", getattr(base, "attr", None)) in names
                        for base in node.bases):
                    names.add(node.name)
                    grown = True
    return names


def worded_errors(source: str, classes: set[str]) -> list[int]:
    """Lines where one of ``classes`` is made with words: its message (first argument or
    ``message=``) is a string literal, an f-string, or a sum or ``%`` of them."""

    def worded(node: ast.AST) -> bool:
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant)
                                               and isinstance(node.value, str)):
            return True
        return isinstance(node, ast.BinOp) and (worded(node.left) or worded(node.right))

    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            message = node.args[0] if node.args else next(
                (k.value for k in node.keywords if k.arg == "message"), None)
            if name in classes and message is not None and worded(message):
                lines.append(node.lineno)
    return lines


def worded_errors_in_core() -> list[str]:
    classes = user_error_classes()
    return [f"{path.relative_to(ROOT).as_posix()}:{line}"
            for path in sorted((ROOT / "core").rglob("*.py"))
            for line in worded_errors(path.read_text(encoding="utf-8"), classes)]


def test_no_error_in_core_is_made_with_words():
    found = worded_errors_in_core()
    assert not found, ("English error sentence(s) in core/: raise WorkbenchError.of(note(...)) "
                       "with a code of core/notes.py instead:\n" + "\n".join(found))


def test_the_error_count_sees_each_way_of_wording_an_error():
    source = '''
class ShardError(BundleError):
    pass
raise FormatError("no such file", path=p)
raise ShardError(f"shard {n} is missing")
err = WorkbenchError("config: " + name)
raise TrainingError(message="vocabulary too small")
raise FormatError.of(note("file.no_such"), path=p)
raise WorkbenchError(err.message, path=p, note=err.note)
raise ValueError("not for a user")
'''
    assert worded_errors(source, {"WorkbenchError", "FormatError", "TrainingError",
                                  "ShardError"}) == [4, 5, 6, 7]
    assert {"FormatError", "GoldenError", "DatasetError", "TrainingError"} <= user_error_classes()
