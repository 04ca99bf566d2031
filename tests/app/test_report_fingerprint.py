"""One word, one meaning (issue #21 item 9): the report's ``fingerprint`` is the behaviour
fingerprint of ``tokbench fingerprint``, the same for one rank file opened as the GUI opens it
(its rank-file dialog's preset) and as the CLI does (the preset guessed), and for a copy of the
file elsewhere; the hash of files and options is called ``files_sha256``."""

from __future__ import annotations

import json
import shutil

import pytest

from app.cli import main
from core.corpus import CorpusSource
from core.diagnostics.run import diagnose
from core.bundles.fingerprints import fingerprint
from core.loading import detect_source, open_source
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.realdata


def opened_as_the_gui_does(path):
    """MainWindow.open_path → _ask_how_to_run with the dialog accepted as it opens."""
    from app.widgets.rank_file_dialog import RankFileDialog
    from core.formats.tiktoken.runtime import RankFile

    source = detect_source(path)
    rank_file = RankFile.read(source.path)
    dialog = RankFileDialog(source.path.name, rank_file)
    source.options["preset"] = dialog.preset_name()
    special = dialog.special_tokens()
    if special:
        source.options["special"] = special
    return open_source(source, rank_file=rank_file)


def test_gui_cli_and_a_copy_elsewhere_give_the_same_fingerprint(qapp, capsys, tmp_path):
    original = require_data(TOKENIZERS / "gpt2.tiktoken")
    copy = tmp_path / "elsewhere" / "my-gpt2.tiktoken"
    copy.parent.mkdir()
    shutil.copy(original, copy)
    corpus = tmp_path / "en.txt"
    corpus.write_text("Hello world\nThe cat sleeps on the mat.\n", encoding="utf-8")

    gui = opened_as_the_gui_does(original)
    assert gui.source.options == {"preset": "r50k"}  # the dialog's choice, given explicitly
    gui_entry = diagnose([gui], sources=[CorpusSource(corpus, lang="en")]
                         ).to_json()["tokenizers"][0]
    entries = [gui_entry]
    for path in (original, copy):
        assert main(["report", str(path), "--corpus", f"en={corpus}", "--json"]) == 0
        entries.append(json.loads(capsys.readouterr().out)["tokenizers"][0])
    assert main(["fingerprint", str(original), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    for envelope_key in ("tokbench", "version"):  # the CLI's envelope around every --json output
        printed.pop(envelope_key)

    assert [e["fingerprint"] for e in entries] == [printed] * 3
    assert printed == fingerprint(gui.runtime)
    # the hash of files and options is what it says: the GUI gave the preset, the CLI guessed it
    assert entries[0]["files_sha256"] != entries[1]["files_sha256"]
    assert all(len(e["files_sha256"]) == 64 for e in entries)
