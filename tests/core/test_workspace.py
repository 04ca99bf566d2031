"""The workspace file: round trips, relative paths, versions, atomic writes, missing files."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import workspace as wsmod
from core.corpus import KINDS, CorpusSource
from core.workspace import (KEY, PANES, UNITS, VERSION, AlignSetup, ChatSetup, DiagnosticsSetup,
                            DiffSetup, InspectSetup, TokenizerRef, TrainSetup, WindowSetup,
                            Workspace, WorkspaceError, previous_path, read_workspace,
                            read_workspace_or_previous, without_missing, workspace_bytes,
                            workspace_from_json, write_workspace)

# -- strategies ---------------------------------------------------------------------------------

names = st.text(st.characters(codec="utf-8", exclude_characters="/\\\x00"), min_size=1,
                max_size=8).filter(lambda s: s not in (".", ".."))
texts = st.text(max_size=40)  # any code point, lone surrogates included
json_scalars = st.none() | st.booleans() | st.integers(-2**53, 2**53) | texts | st.floats(
    allow_nan=False, allow_infinity=False)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    texts, inner, max_size=3), max_leaves=8)


def paths(base: Path):
    """Paths inside the workspace's folder (written relative) and outside it (absolute)."""
    inside = st.lists(names, min_size=1, max_size=3).map(lambda parts: base.joinpath(*parts))
    outside = st.lists(names, min_size=1, max_size=3).map(
        lambda parts: Path("/elsewhere").joinpath(*parts))
    return inside | outside


def workspaces(base: Path):
    p = paths(base)
    optional = st.none() | p
    return st.builds(
        Workspace,
        tokenizers=st.lists(st.builds(TokenizerRef, p, st.dictionaries(texts, json_values,
                                                                        max_size=3)), max_size=3),
        current=optional,
        corpus=st.lists(st.builds(CorpusSource, p, kind=st.sampled_from(KINDS), field=texts,
                                  column=st.integers(0, 50) | texts, lang=texts, domain=texts,
                                  weight=st.floats(0, 1e6, allow_nan=False)), max_size=3),
        corpus_policy=st.sampled_from(wsmod.POLICIES), corpus_dedup=st.booleans(),
        inspect=st.builds(InspectSetup, text=texts, unit=st.sampled_from(UNITS),
                          add_special_tokens=st.booleans(), parse_special=st.booleans(),
                          tab=st.integers(0, 9), token_view=st.sampled_from(("text", "pieces")),
                          outline_split=st.booleans()),
        chat=st.builds(ChatSetup, tokenizer=optional,
                       messages=st.none() | st.lists(st.dictionaries(texts, json_values), max_size=3),
                       tools=st.none() | st.lists(json_values, max_size=2),
                       documents=st.none() | st.lists(json_values, max_size=2),
                       variables=st.dictionaries(texts, json_values, max_size=3),
                       template=st.sampled_from(("own", "builtin", "file")),
                       template_name=st.none() | texts, template_file=optional,
                       template_text=st.none() | texts, add_generation_prompt=st.booleans(),
                       continue_final_message=st.booleans(), context=st.integers(0, 10**6)),
        diff=st.builds(DiffSetup, a=optional, b=optional, hidden=st.integers(1, 10**6),
                       dtype=texts, tied=st.booleans()),
        align=st.builds(AlignSetup, dataset=optional, tokenizers=st.lists(p, max_size=2),
                        settings=st.dictionaries(texts, json_values, max_size=3)),
        diagnostics=st.builds(DiagnosticsSetup, tokenizers=st.lists(p, max_size=2),
                              settings=st.dictionaries(texts, json_values, max_size=3),
                              parallel=optional, template_file=optional),
        train=st.builds(TrainSetup, config=st.just({}) | st.fixed_dictionaries(
            {"vocab_size": st.integers(300, 10**6), "seed": st.integers(0, 99)}), name=texts),
        window=st.builds(WindowSetup, pane=st.sampled_from(PANES), geometry=texts,
                         splitters=st.dictionaries(texts, st.lists(st.integers(0, 5000), max_size=3),
                                                   max_size=3),
                         last_folders=st.dictionaries(texts, p, max_size=3)))


BASE = Path("/work-ws/project")


# -- round trips ----------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(workspaces(BASE))
def test_json_round_trip_gives_the_same_workspace(ws):
    data = json.loads(workspace_bytes(ws, BASE).decode("utf-8"))
    assert next(iter(data)) == KEY and data[KEY] == VERSION
    assert workspace_from_json(data, BASE) == ws


@settings(max_examples=60, deadline=None)
@given(workspaces(BASE))
def test_moving_the_folder_moves_the_paths_inside_it(ws):
    moved = Path("/other/place")
    data = json.loads(workspace_bytes(ws, BASE))
    again = workspace_from_json(data, moved)
    for before, after in zip(ws.tokenizers, again.tokenizers):
        if BASE in before.path.parents:
            assert after.path == moved / before.path.relative_to(BASE)
        else:
            assert after.path == before.path


FILE_FOLDER = Path(tempfile.mkdtemp(prefix="ws-test-"))


@settings(max_examples=40, deadline=None)
@given(workspaces(FILE_FOLDER))
def test_file_round_trip_then_moving_the_folder(ws):
    path = write_workspace(ws, FILE_FOLDER / "w.json")
    assert read_workspace(path) == ws
    # the folder copied elsewhere (a colleague's machine): the relative paths follow it
    moved = Path(tempfile.mkdtemp(prefix="ws-moved-"))
    try:
        (moved / "w.json").write_bytes(path.read_bytes())
        again = read_workspace(moved / "w.json")
        rebase = lambda p: p if FILE_FOLDER not in p.parents else moved / p.relative_to(FILE_FOLDER)  # noqa: E731
        assert [t.path for t in again.tokenizers] == [rebase(t.path) for t in ws.tokenizers]
        assert [s.path for s in again.corpus] == [rebase(s.path) for s in ws.corpus]
        assert again.align.tokenizers == [rebase(p) for p in ws.align.tokenizers]
    finally:
        shutil.rmtree(moved)


def test_paths_inside_are_relative_with_slashes_and_outside_absolute(tmp_path):
    ws = Workspace(tokenizers=[TokenizerRef(tmp_path / "m" / "tokenizer.json", {"preset": "qwen"}),
                               TokenizerRef(Path("/abs/where/t.model"))],
                   corpus=[CorpusSource(tmp_path / "c" / "mono.txt", lang="en", weight=2.5)])
    data = json.loads(write_workspace(ws, tmp_path / "ws.json").read_text("utf-8"))
    assert [t["path"] for t in data["tokenizers"]] == ["m/tokenizer.json", "/abs/where/t.model"]
    assert data["tokenizers"][0]["options"] == {"preset": "qwen"}
    assert data["corpus"]["sources"][0] == {"path": "c/mono.txt", "kind": "lines", "field": "text",
                                            "column": 0, "lang": "en", "domain": "", "weight": 2.5}


def test_non_ascii_text_is_written_as_itself_and_a_lone_surrogate_survives(tmp_path):
    ws = Workspace(inspect=InspectSetup(text="你好 👋"))
    raw = write_workspace(ws, tmp_path / "a.json").read_bytes()
    assert "你好 👋".encode("utf-8") in raw
    ws.inspect.text = "x\ud800y"
    assert read_workspace(write_workspace(ws, tmp_path / "b.json")).inspect.text == "x\ud800y"


# -- versions and bad files -------------------------------------------------------------------------

def test_a_newer_version_is_refused_naming_it(tmp_path):
    path = tmp_path / "new.json"
    path.write_text(json.dumps({KEY: VERSION + 1, "tokenizers": []}))
    with pytest.raises(WorkspaceError) as caught:
        read_workspace(path)
    assert caught.value.note.code == "workspace.newer"
    assert caught.value.note.args == {"version": VERSION + 1, "supported": VERSION}
    assert str(caught.value).startswith(str(path)) and f"version {VERSION + 1}" in str(caught.value)


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None])
def test_a_version_that_is_not_a_positive_integer_is_refused(version):
    with pytest.raises(WorkspaceError) as caught:
        workspace_from_json({KEY: version})
    assert caught.value.note.code == "workspace.bad_version"


def test_older_versions_pass_through_each_migration_in_turn(monkeypatch):
    seen = []

    def step(version):
        def migrate(data):
            seen.append(version)
            data.setdefault("inspect", {})["text"] = data.get("inspect", {}).get("text", "") + str(version)
            return data
        return migrate

    monkeypatch.setattr(wsmod, "VERSION", 3)
    monkeypatch.setattr(wsmod, "MIGRATIONS", {1: step(1), 2: step(2)})
    ws = wsmod.workspace_from_json({KEY: 1, "inspect": {"text": "v"}})
    assert seen == [1, 2] and ws.inspect.text == "v12"
    assert wsmod.workspace_from_json({KEY: 2}).inspect.text == "2"


def test_every_version_below_the_current_one_has_a_migration():
    assert sorted(wsmod.MIGRATIONS) == list(range(1, VERSION))


@pytest.mark.parametrize("content, code", [
    (b"{not json", "workspace.not_json"),
    (b"\xff\xfe", "workspace.not_json"),
    (b"[]", "workspace.not_workspace"),
    (b'{"tokenizers": []}', "workspace.not_workspace"),
])
def test_a_file_that_is_not_a_workspace_is_named(tmp_path, content, code):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(WorkspaceError) as caught:
        read_workspace(path)
    assert caught.value.note.code == code and caught.value.path == str(path)


def test_a_json_error_gives_its_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n "workbench_workspace": 1,\n "x": \n}')
    with pytest.raises(WorkspaceError) as caught:
        read_workspace(path)
    assert caught.value.line == 4


@pytest.mark.parametrize("data, field", [
    ({"tokenizers": {}}, "tokenizers"),
    ({"tokenizers": [{"path": 3}]}, "tokenizers[0].path"),
    ({"tokenizers": [{}]}, "tokenizers[0].path"),
    ({"inspect": {"text": 5}}, "inspect.text"),
    ({"inspect": {"tab": True}}, "inspect.tab"),
    ({"inspect": {"token_view": "chips"}}, "inspect.token_view"),
    ({"inspect": {"unit": "words"}}, "inspect.unit"),
    ({"corpus": {"sources": [{"path": "a", "kind": "xml"}]}}, "corpus.sources[0].kind"),
    ({"corpus": {"sources": [{"path": "a", "weight": -1}]}}, "corpus.sources[0].weight"),
    ({"corpus": {"sources": [{"path": "a", "column": [1]}]}}, "corpus.sources[0].column"),
    ({"window": {"splitters": {"inspect": [1, "2"]}}}, "window.splitters.inspect"),
    ({"window": {"pane": "nowhere"}}, "window.pane"),
    ({"chat": {"messages": "hi"}}, "chat.messages"),
    ({"align": {"tokenizers": [1]}}, "align.tokenizers[0]"),
    ({"diagnostics": {"parallel": 3}}, "diagnostics.parallel"),
    ({"train": {"config": []}}, "train.config"),
    ({"train": {"name": None}}, "train.name"),
])
def test_a_bad_value_is_refused_naming_its_field(data, field):
    with pytest.raises(WorkspaceError) as caught:
        workspace_from_json({KEY: VERSION, **data})
    assert caught.value.note.args["field"] == field


def test_absent_sections_take_their_defaults():
    assert workspace_from_json({KEY: VERSION}) == Workspace()


# -- atomic writes and the previous good file --------------------------------------------------------

def test_a_failed_write_leaves_the_good_file_and_no_temporary(tmp_path, monkeypatch):
    path = write_workspace(Workspace(inspect=InspectSetup(text="good")), tmp_path / "w.json")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(wsmod.os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_workspace(Workspace(inspect=InspectSetup(text="new")), path)
    assert read_workspace(path).inspect.text == "good"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.json"]


def test_each_write_keeps_the_previous_good_file(tmp_path):
    path = tmp_path / "w.json"
    write_workspace(Workspace(inspect=InspectSetup(text="one")), path)
    write_workspace(Workspace(inspect=InspectSetup(text="two")), path)
    assert read_workspace(previous_path(path)).inspect.text == "one"
    path.write_bytes(b'{"workbench_workspace": 1, "inspect": {"te')  # half-written by hand
    write_workspace(Workspace(inspect=InspectSetup(text="three")), path)
    # the corrupt file did not replace the good previous one
    assert read_workspace(previous_path(path)).inspect.text == "one"


def test_a_corrupt_file_falls_back_to_the_previous_good_one(tmp_path):
    path = tmp_path / "w.json"
    write_workspace(Workspace(inspect=InspectSetup(text="one")), path)
    write_workspace(Workspace(inspect=InspectSetup(text="two")), path)
    path.write_bytes(path.read_bytes()[:40])
    ws, notes = read_workspace_or_previous(path)
    assert ws.inspect.text == "one"
    assert [n.code for n in notes] == ["workspace.unusable", "workspace.used_previous"]
    path.write_text(json.dumps({KEY: VERSION, "inspect": {"text": "fine"}}))
    assert read_workspace_or_previous(path) == (read_workspace(path), [])


def test_corrupt_without_a_previous_file_gives_nothing_and_says_why(tmp_path):
    path = tmp_path / "w.json"
    path.write_text("{")
    ws, notes = read_workspace_or_previous(path)
    assert ws is None and [n.code for n in notes] == ["workspace.unusable"]
    assert notes[0].args["path"] == str(path)
    assert notes[0].args["problem"].code == "workspace.not_json"


# -- missing files ------------------------------------------------------------------------------

def test_missing_files_are_said_per_item_and_the_rest_restored(tmp_path):
    here = tmp_path / "here.json"
    here.write_text("{}")
    corpus_file = tmp_path / "mono.txt"
    corpus_file.write_text("a\n")
    gone = tmp_path / "gone.json"
    gone_corpus = tmp_path / "gone.txt"
    ws = Workspace(
        tokenizers=[TokenizerRef(here), TokenizerRef(gone)], current=gone,
        corpus=[CorpusSource(corpus_file, lang="en", weight=2), CorpusSource(gone_corpus)],
        inspect=InspectSetup(text="kept"),
        chat=ChatSetup(tokenizer=gone, template="file", template_file=tmp_path / "t.jinja",
                       template_text="{{ x }}"),
        diff=DiffSetup(a=here, b=gone), align=AlignSetup(dataset=tmp_path / "d.jsonl",
                                                         tokenizers=[here, gone]),
        diagnostics=DiagnosticsSetup([gone, here], {"pivot": "eng_Latn"},
                                     parallel=tmp_path / "flores", template_file=gone_corpus),
        train=TrainSetup({"vocab_size": 500}, "run"),
        window=WindowSetup(last_folders={"corpus": tmp_path, "text": tmp_path / "nope"}))
    restored, notes = without_missing(ws)
    assert [(n.code, n.args["path"]) for n in notes] == [
        ("workspace.tokenizer_missing", str(gone)),
        ("workspace.corpus_source_missing", str(gone_corpus)),
        ("workspace.template_file_missing", str(tmp_path / "t.jinja")),
        ("workspace.dataset_missing", str(tmp_path / "d.jsonl")),
        ("workspace.parallel_missing", str(tmp_path / "flores"))]  # gone.txt: said once
    assert [t.path for t in restored.tokenizers] == [here] and restored.current is None
    assert [(s.path, s.lang, s.weight) for s in restored.corpus] == [(corpus_file, "en", 2)]
    assert restored.inspect.text == "kept"
    assert restored.chat.tokenizer is None and restored.chat.template == "own"
    assert restored.chat.template_text == "{{ x }}"  # the edited text is the user's: kept
    assert (restored.diff.a, restored.diff.b) == (here, None)
    assert restored.align.dataset is None and restored.align.tokenizers == [here]
    assert restored.diagnostics.tokenizers == [here]
    assert restored.diagnostics.parallel is None and restored.diagnostics.template_file is None
    assert restored.diagnostics.settings == {"pivot": "eng_Latn"}
    assert restored.train == TrainSetup({"vocab_size": 500}, "run")
    assert restored.window.last_folders == {"corpus": tmp_path}
    assert ws.chat.tokenizer == gone  # the input is not changed
