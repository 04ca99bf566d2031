"""``tokbench diff``, ``golden lock|verify`` and ``fingerprint``: the JSON contract, --fail-on
and the exit codes (0, 1, 2) docs/cli.md documents."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.loading import open_tokenizer, save_loaded
from core.notes import english, from_json
from tests.core.diff.conftest import small_bpe_spec  # noqa: F401 (fixture)
from tests.core.diff.variants import (with_block_inserted, with_one_more_merge, without_merge,
                                      write)

VOCAB_KEYS = {"old_size", "new_size", "kept_same_id", "kept_new_id", "id_new_piece", "added",
              "removed"}
BEHAVIOUR_KEYS = {"texts", "ids_differ", "tokens_differ", "token_ratio", "per_bucket"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def pair(small_bpe_spec, tmp_path):  # noqa: F811
    """Paths of: the tokenizer, one re-trained a merge further, one with a block inserted."""
    return (write(small_bpe_spec, tmp_path / "old"),
            write(with_one_more_merge(small_bpe_spec)[0], tmp_path / "more"),
            write(with_block_inserted(small_bpe_spec, 5), tmp_path / "shifted"))


def test_diff_json_holds_the_documented_keys(capsys, pair, tmp_path):
    old, more, _ = pair
    (tmp_path / "en.txt").write_text("the quick brown fox\nhello world\n")
    (tmp_path / "zh.txt").write_text("你好 世界\n")
    code, out, err = run(capsys, "diff", old, more, "--json", "--corpus", tmp_path / "en.txt",
                         tmp_path / "zh.txt", "--hidden", "4096", "--dtype", "bf16")
    assert code == 0, err
    data = json.loads(out)
    assert data["verdict"] == "append-only compatible"
    assert isinstance(data["reasons"], list) and data["reasons"]
    for said in data["reasons"] + data["notes"]:  # notes: {code, severity, args, message}
        assert {"code", "severity", "args", "message"} <= set(said)
        assert said["message"] == english(from_json(said))
    assert VOCAB_KEYS <= set(data["vocab"]) and data["vocab"]["added"] == 1
    assert {"added", "removed", "moved"} <= set(data["specials"])
    assert data["offset"] is None and data["rows_added"] == data["rows_to_initialize"] == 1
    assert "rows_to_add" not in data and "rows_to_add" not in data["migration"]
    assert data["mib_tied"] == pytest.approx(4096 * 2 / 2 ** 20)
    assert data["mib_untied"] == pytest.approx(2 * data["mib_tied"])
    assert BEHAVIOUR_KEYS <= set(data["behaviour"])
    assert data["behaviour"]["texts"] == 3
    assert set(data["behaviour"]["per_bucket"]) == {"en", "zh"}


def test_fail_on_and_exit_codes(capsys, pair, tmp_path):
    old, more, shifted = pair
    assert run(capsys, "diff", old, old, "--fail-on", "any")[0] == 0
    assert run(capsys, "diff", old, more, "--fail-on", "breaking")[0] == 0
    assert run(capsys, "diff", old, more, "--fail-on", "any")[0] == 1
    code, out, _ = run(capsys, "diff", old, shifted, "--fail-on", "breaking", "--json")
    assert code == 1 and json.loads(out)["offset"] == 5
    assert run(capsys, "diff", old, shifted)[0] == 0  # no --fail-on: reporting only
    code, _, err = run(capsys, "diff", old, tmp_path / "missing.json")
    assert code == 2 and "missing.json" in err and "Traceback" not in err
    (tmp_path / "empty.txt").write_text("\n\n")
    code, _, err = run(capsys, "diff", old, more, "--corpus", tmp_path / "empty.txt")
    assert code == 2 and "holds no text" in err
    assert run(capsys, "diff", old)[0] == 2  # usage


def test_text_output_says_verdict_offset_and_cost(capsys, pair):
    old, _, shifted = pair
    code, out, _ = run(capsys, "diff", old, shifted, "--hidden", "4096")
    assert code == 0
    assert "verdict: breaking" in out
    assert "constant offset +5 from ID 0" in out and "rows added 5" in out
    assert "rows to initialize 5 " in out


def test_html_page_is_written_beside_the_report_and_needs_no_network(capsys, pair, tmp_path):
    old, _, shifted = pair
    page = tmp_path / "diff.html"
    code, out, _ = run(capsys, "diff", old, shifted, "--html", page, "--json")
    assert code == 0 and json.loads(out)["verdict"] == "breaking"
    html = page.read_text(encoding="utf-8")
    assert "breaking" in html and "+5" in html
    assert "http://" not in html and "https://" not in html  # self-contained
    code, _, err = run(capsys, "diff", old, shifted, "--html", tmp_path / "no" / "such" / "x.html")
    assert code == 2 and "x.html" in err and "Traceback" not in err


def test_a_bundle_with_a_bad_checksum_is_an_integrity_failure(capsys, pair, tmp_path):
    old, more, _ = pair
    bundle = save_loaded(open_tokenizer(old), tmp_path / "b.bundle")
    (bundle / "tokenizer.json").write_text((bundle / "tokenizer.json").read_text() + " ")
    code, _, err = run(capsys, "diff", bundle, more)
    assert code == 3 and "checksum mismatch in tokenizer.json" in err


def test_golden_lock_verify_round_trip_and_failure(capsys, pair, small_bpe_spec,  # noqa: F811
                                                   tmp_path):
    old, _, _ = pair
    golden = tmp_path / "golden.json"
    code, out, _ = run(capsys, "golden", "lock", old, "-o", golden)
    assert code == 0 and "locked" in out
    assert run(capsys, "golden", "verify", old, golden)[0] == 0
    broken = write(without_merge(small_bpe_spec, 0), tmp_path / "broken")
    code, out, _ = run(capsys, "golden", "verify", broken, golden)
    assert code == 1
    assert " · ids: " in out and "samples differ" in out
    code, out, _ = run(capsys, "golden", "verify", broken, golden, "--json")
    data = json.loads(out)
    assert code == 1 and not data["passed"] and data["differences"][0]["field"]
    assert run(capsys, "golden", "verify", old, tmp_path / "nope.json")[0] == 2
    assert run(capsys, "golden", "lock", old)[0] == 2  # a plain file needs -o


def test_golden_into_a_bundle_and_verify_it_alone(capsys, pair, tmp_path):
    old, _, _ = pair
    bundle = save_loaded(open_tokenizer(old), tmp_path / "b.bundle")
    assert run(capsys, "golden", "lock", bundle)[0] == 0
    manifest = json.loads((bundle / "manifest.json").read_text())
    assert "golden.json" in manifest["files"]
    assert run(capsys, "verify", bundle)[0] == 0
    code, out, _ = run(capsys, "golden", "verify", bundle)
    assert code == 0 and out.startswith("ok: ")


def test_fingerprint_is_the_same_for_a_tokenizer_and_its_bundle(capsys, pair, tmp_path):
    old, more, _ = pair
    bundle = save_loaded(open_tokenizer(old), tmp_path / "b.bundle")
    prints = [json.loads(run(capsys, "fingerprint", path, "--json")[1])
              for path in (old, bundle, more)]
    assert prints[0] == prints[1]
    assert prints[2]["vocabulary"] != prints[0]["vocabulary"]
    assert len(prints[0]["behaviour"]) == 16


def test_row_map_lists_every_kept_piece(capsys, pair, tmp_path):
    old, _, shifted = pair
    out = tmp_path / "rows.json"
    assert run(capsys, "diff", old, shifted, "--row-map", out)[0] == 0
    rows = json.loads(out.read_text())
    size = open_tokenizer(old).runtime.vocab_size
    assert rows == [[i, i + 5] for i in range(size)]
