"""One typed result per feature (issue #22 item 1): each feature's result is a dataclass in
``core/`` made by one core function that both its command and its GUI call, with one
``to_json()`` — and no ``app/`` module formats a core result's JSON itself.

Read from the sources' syntax trees (not by grep), in every module of ``app/``:

* what a command prints or a pane exports as JSON (the payload of ``json.dump``/``json.dumps``,
  ``print_json``, ``envelope``) is never a dict, list or comprehension built in ``app/`` — only a
  core value (``result.to_json()``, ``diff.row_map()``...), or a dict of the CLI contract's own
  keys (docs/cli.md: the envelope, ``action``, ``fail_on``, ``failed``, ``error``) around
  ``**result.to_json()``;
* a ``to_json()`` value is neither read (``data["verdict"]``, ``data.get(...)``) nor written
  (``summary["mode"] = ...``, ``.update(...)``) in ``app/``: views read the typed fields.

The features whose output is not a typed result yet are :data:`NOT_TYPED_YET`, by module.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# feature -> (its result class, the one core function, the modules of both fronts that call it)
FEATURES = {
    "diff": ("core.diff.report:TokenizerDiff", "core.diff.report:compare",
             ("app/commands/diff.py", "app/panes/diff.py")),
    # the Diff pane verifies old's golden samples on new through core.diff.report.compare
    "golden": ("core.bundles.golden:GoldenCheck", "core.bundles.golden:verify",
               ("app/commands/golden.py", "core/diff/report.py")),
    "diagnostics": ("core.diagnostics.result:DiagnosticsReport", "core.diagnostics.run:diagnose",
                    ("app/commands/report.py", "app/panes/diagnostics.py")),
    "align": ("core.align.audit:AlignReport", "core.align.audit:audit_dataset",
              ("app/commands/align.py", "app/jobs/align.py")),
    "audit": ("core.audit.report:AuditReport", "core.audit.report:audit_vocabulary",
              ("app/commands/audit.py", "app/jobs/vocab.py")),
    "chat": ("core.chat.result:ChatReport", "core.chat.report:chat_report",
             ("app/commands/chat.py", "app/jobs/chat.py")),
    # the Inspect pane inspects its one text through app/jobs/inspect.py (inspect_one)
    "inspect": ("core.inspect:InspectResult", "core.inspect:inspect_texts",
                ("app/commands/inspect.py", "app/jobs/inspect.py")),
    # the Streaming tab replays through app/jobs/stream.py (the IDs typed, encoded or given)
    "stream": ("core.stream.run:StreamRun", "core.stream.run:replay",
               ("app/commands/stream.py", "app/jobs/stream.py")),
}
# a field a view reads is typed: a dict only maps names to plain values or to typed values
UNTYPED = re.compile(r"\bdict\b(?!\[str, (?:str|int|float|bool|[A-Z]\w*)\b)|\[dict\b")
# keys a command adds of its own run around a result (docs/cli.md), never a result's
CONTRACT_KEYS = {"tokbench", "version", "action", "fail_on", "failed", "error"}
PAYLOAD_CALLS = {("json", "dumps"): 0, ("json", "dump"): 0, (None, "print_json"): 2,
                 (None, "envelope"): 2}
DICT_READS = {"get", "items", "keys", "values", "update", "pop", "setdefault", "copy"}
FILLS = {"update", "setdefault", "pop", "append", "extend", "insert"}
# commands whose output is no typed result of issue #22.1 (yet): a few keys of their own run;
# each must still be found (one that prints a result's to_json() leaves this list)
NOT_TYPED_YET = {"app/commands/export.py:run", "app/commands/golden.py:_lock",
                 "app/commands/import_.py:run", "app/commands/models.py:run",
                 "app/commands/train.py:run",
                 "app/commands/verify.py:run"}


def _object(spec: str):
    module, name = spec.split(":")
    return getattr(importlib.import_module(module), name)


def _tree(rel: str) -> ast.Module:
    return ast.parse((ROOT / rel).read_text(encoding="utf-8"))


def _names_used(tree: ast.AST) -> set[str]:
    """Every name a module calls, reads or imports (``compare``, ``report.compare``)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            found.update(alias.name for alias in node.names)
    return found


# -- each feature: one result, one function, one to_json ------------------------------------
@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_a_feature_has_one_typed_result_made_by_one_function_both_fronts_call(feature):
    result_spec, function_spec, callers = FEATURES[feature]
    result, function = _object(result_spec), _object(function_spec)
    assert dataclasses.is_dataclass(result), f"{result_spec} is no dataclass"
    assert callable(getattr(result, "to_json", None)), f"{result_spec} has no to_json()"
    # one JSON form: no second public builder of JSON parts beside to_json
    builders = [name for name in dir(result) if name.endswith("_json") and name != "to_json"
                and not name.startswith("_")]
    assert not builders, f"{result_spec}: JSON built outside to_json: {builders}"
    returns = function.__annotations__.get("return")  # the result, or an iterator of them
    assert str(getattr(returns, "__name__", returns)).removeprefix("Iterator[").rstrip(
        "]").endswith(result.__name__), (
        f"{function_spec} returns {returns}, not {result.__name__}")
    name = function.__name__
    for caller in callers:
        assert name in _names_used(_tree(caller)), f"{caller} does not call {function_spec}"


def untyped_fields(module_name: str) -> list[str]:
    """``Class.field: annotation`` of the public dataclass fields of a module whose values a
    view would have to read as dicts (``list[dict]``, ``dict[str, dict]``, ``dict``)."""
    module = importlib.import_module(module_name)
    found = []
    for name, cls in vars(module).items():
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)
                and cls.__module__ == module_name):
            continue
        for f in dataclasses.fields(cls):
            if not f.name.startswith("_") and UNTYPED.search(str(f.type)):
                found.append(f"{name}.{f.name}: {f.type}")
    return found


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_a_results_fields_are_typed_not_dicts(feature):
    """The result and the values it is made of (the dataclasses of its module) hold typed
    values, not dicts a view would read by key."""
    module = FEATURES[feature][0].split(":")[0]
    assert not untyped_fields(module), untyped_fields(module)


# -- no module of app/ formats a core result's JSON -----------------------------------------
def _functions(tree: ast.Module):
    """The module and each function in it: the scopes names are bound in."""
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _own_nodes(scope):
    """The nodes of ``scope`` outside its nested functions."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def _is_to_json(node) -> bool:
    """A ``x.to_json()`` call (or a conditional one of them: ``a.to_json() if a else None``)."""
    if isinstance(node, ast.IfExp):
        return _is_to_json(node.body) or _is_to_json(node.orelse)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "to_json")


def _bindings(scope) -> dict[str, list[ast.AST]]:
    """Name -> the values assigned to it in ``scope``."""
    bound: dict[str, list[ast.AST]] = {}
    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None \
                and isinstance(node.target, ast.Name):
            bound.setdefault(node.target.id, []).append(node.value)
    return bound


def _filled(scope) -> set[str]:
    """Names whose value ``scope`` fills in: ``x[k] = ...``, ``del x[k]``, ``x.update(...)``."""
    names = set()
    for node in _own_nodes(scope):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            names.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in FILLS and isinstance(node.func.value, ast.Name):
            names.add(node.func.value.id)
    return names


def _built(node, bound: dict[str, list[ast.AST]], filled: frozenset[str] = frozenset()
           ) -> str | None:
    """Why ``node``, a JSON payload, is built in app/ (None: a core value)."""
    if isinstance(node, (ast.List, ast.ListComp, ast.DictComp, ast.Set, ast.SetComp,
                         ast.Tuple, ast.GeneratorExp)):
        return "a list or comprehension built here"
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if key is None:  # **value
                if not (_is_to_json(value) or (isinstance(value, ast.Name) and all(
                        _is_to_json(v) for v in bound.get(value.id, [None])))):
                    return "a dict merging what is not a to_json()"
            elif not (isinstance(key, ast.Constant) and key.value in CONTRACT_KEYS):
                return f"a dict with the key {ast.unparse(key)} built here"
        return None
    if isinstance(node, ast.Name):
        if node.id in filled:
            return f"{node.id}, filled in here"
        for value in bound.get(node.id, []):
            why = _built(value, {})
            if why:
                return f"{node.id}: {why}"
    return None


def _payload(call: ast.Call):
    """The JSON payload argument of a call that prints or writes one, else None."""
    func = call.func
    owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(
        func.value, ast.Name) else None
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    index = PAYLOAD_CALLS.get((owner, name), PAYLOAD_CALLS.get((None, name)))
    if index is None or (owner is None and isinstance(func, ast.Attribute)):
        return None
    return call.args[index] if len(call.args) > index else None


def _to_json_names(scope) -> set[str]:
    bound = _bindings(scope)
    return {name for name, values in bound.items() if any(_is_to_json(v) for v in values)}


def formatted_json(tree: ast.Module) -> list[tuple[int, str, str]]:
    """``(line, function, what)`` of every result JSON a module builds, reads or writes."""
    problems = []
    for scope in _functions(tree):
        where = getattr(scope, "name", "<module>")
        bound, filled = _bindings(scope), frozenset(_filled(scope))
        from_json = _to_json_names(scope)
        for node in _own_nodes(scope):
            if isinstance(node, ast.Call):
                payload = _payload(node)
                why = _built(payload, bound, filled) if payload is not None else None
                if why:
                    problems.append((node.lineno, where, f"prints or writes {why}"))
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr in DICT_READS and (
                        _is_to_json(func.value) or (isinstance(func.value, ast.Name)
                                                    and func.value.id in from_json)):
                    problems.append((node.lineno, where, f"uses a to_json() as a dict "
                                                         f"(.{func.attr})"))
            elif isinstance(node, ast.Return) and _is_to_json(node.value):
                problems.append((node.lineno, where, "returns a to_json() to be read on: "
                                                     "return the typed result"))
            elif isinstance(node, ast.Subscript) and (
                    _is_to_json(node.value) or (isinstance(node.value, ast.Name)
                                                and node.value.id in from_json)):
                problems.append((node.lineno, where,
                                 f"{'writes' if isinstance(node.ctx, ast.Store) else 'reads'} "
                                 f"{ast.unparse(node)} of a to_json()"))
    return sorted(problems)


def _app_modules():
    for path in sorted((ROOT / "app").rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def test_no_app_module_formats_a_core_results_json():
    problems, seen = [], set()
    for rel, tree in _app_modules():
        for line, where, what in formatted_json(tree):
            if f"{rel}:{where}" in NOT_TYPED_YET:
                seen.add(f"{rel}:{where}")
            else:
                problems.append(f"{rel}:{line} ({where}): {what}")
    assert not problems, ("print or export the core result's to_json(), read its typed "
                          "fields:\n" + "\n".join(problems))
    assert not NOT_TYPED_YET - seen, f"typed now: remove from NOT_TYPED_YET: {NOT_TYPED_YET - seen}"


def test_the_check_sees_a_command_that_assembles_or_reads_a_results_json():
    """What ``tokbench align`` and the audit summary once did is found; what the commands do
    now (a result's to_json() in the envelope, with the contract's keys) is not."""
    source = '''
def run(args, audit, runtime):
    summary = audit.summary(misaligned=False)
    for entry, t in zip(summary["tokenizers"], audit.tokenizers):
        entry["misaligned"] = audit.misaligned_json(t)
    summary["mode"] = args.mode
    print_json(NAME, JSON_VERSION, summary)
    print(json.dumps({"verdict": diff.verdict, "reasons": reasons}))

def summary_html(audit):
    data = audit.to_json()
    return len(data["word_internal"]), data.get("corpus")

def compute(diff):
    b = diff.behaviour.to_json() if diff.behaviour is not None else None
    return b["texts"]

def handed_on(diff):
    return diff.to_json()

def fine(args, diff, result):
    print_json(NAME, JSON_VERSION, {**diff.to_json(), "fail_on": args.fail_on, "failed": True})
    print_json(NAME, JSON_VERSION, {"action": "verify", **result.to_json()})
    data = result.to_json()
    print(json.dumps(data, ensure_ascii=False))
    path.write_text(json.dumps(diff.row_map()))
    return json.dumps(value.old, ensure_ascii=False)
'''
    found = [(where, what) for _, where, what in formatted_json(ast.parse(source))]
    assert found == [("run", "prints or writes summary, filled in here"),
                     ("run", "prints or writes a dict with the key 'verdict' built here"),
                     ("summary_html", "reads data['word_internal'] of a to_json()"),
                     ("summary_html", "uses a to_json() as a dict (.get)"),
                     ("compute", "reads b['texts'] of a to_json()"),
                     ("handed_on", "returns a to_json() to be read on: return the typed "
                                   "result")], found


def test_the_check_sees_a_to_json_written_to():
    source = '''
def run(result):
    data = result.to_json()
    data["mode"] = "strict"
    data.update(bad_records=3)
    print_json(NAME, 1, data)
'''
    whats = [what for _, _, what in formatted_json(ast.parse(source))]
    assert whats == ["writes data['mode'] of a to_json()", "uses a to_json() as a dict (.update)",
                     "prints or writes data, filled in here"], whats


# -- the HTML pages are drawn from the typed results, their JSON is only the serialisation ---
PAGES = {"core/diff/html.py": ("diff_html", "TokenizerDiff"),
         "core/diagnostics/html.py": ("report_html", "DiagnosticsReport")}


def json_reads(tree: ast.AST) -> list[str]:
    """What a renderer reads of a JSON: ``x.to_json()`` calls, ``data["key"]`` subscripts and
    ``data.get("key")`` by a string key."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "to_json":
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, str):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get" and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("page", sorted(PAGES))
def test_an_html_page_is_drawn_from_the_typed_result(page):
    function, result = PAGES[page]
    tree = _tree(page)
    drawn = next(node for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef) and node.name == function)
    assert ast.unparse(drawn.args.args[0].annotation) == result, f"{function} takes no {result}"
    assert not json_reads(tree), f"{page} reads a JSON: {json_reads(tree)}"


def test_the_page_check_sees_a_page_drawn_from_json():
    source = '''
def diff_html(data: dict) -> str:
    m = data.get("migration") or {}
    return data["verdict"] + str(diff.to_json()) + BADGE.get(verdict, "#555")
'''
    assert json_reads(ast.parse(source)) == ["data.get('migration')", "data['verdict']",
                                             "diff.to_json"], json_reads(ast.parse(source))
