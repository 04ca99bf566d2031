"""The whole audit: sensitive pieces of a tokenizer trained here on a corpus seeded with fake
e-mail addresses and phone numbers, corpus use, near duplicates, the JSON and CSV forms."""

from __future__ import annotations

import csv
import json
import io
import random

import numpy as np
import pytest

from core.audit import audit_vocabulary
from core.audit.duplicates import near_duplicate_groups
from core.audit.sensitive import match_rule
from core.audit.usage import coverage_shares
from core.corpus import CorpusSource
from core.loading import open_tokenizer
from tests.core.builders import WORDS, tiktoken_runtime

EMAILS = ["alice.smith@acme-corp.com", "bob.jones@example.org", "ops-team@internal.acme.io"]
PHONES = ["555-867-5309", "+14155550134", "(212) 555-0199"]
PROJECT = "Nightingale"


def seeded_corpus(path, lines=600, seed=7):
    """Filler words with the e-mail addresses, phone numbers and a project name in many
    different lines (so de-duplication keeps them)."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for k in range(lines):
            words = [rng.choice(WORDS) for _ in range(6)]
            words.insert(rng.randrange(7), rng.choice(EMAILS + PHONES[:2] + [PROJECT]))
            out.write(" ".join(words) + f" {k}\n")
    return path


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from core.engines.config import TrainingConfig
    from core.engines.train import train_bundle

    folder = tmp_path_factory.mktemp("trained")
    corpus = seeded_corpus(folder / "corpus.txt")
    config = TrainingConfig(engine="hf", algorithm="bpe", vocab_size=700,
                            pre_tokenizer="metaspace", special_tokens=["<unk>"])
    files = train_bundle(config, [CorpusSource(corpus, lang="en")], folder / "bundle")
    return open_tokenizer(files.path).runtime, corpus


def test_trained_tokenizer_shows_the_seeded_addresses_and_numbers(trained):
    runtime, corpus = trained
    audit = audit_vocabulary(runtime, names=[PROJECT],  # as typed: any case
                             sources=[CorpusSource(corpus, lang="en")])
    by_text = {runtime.token_bytes(p.id).decode().strip(): p.rule for p in audit.sensitive}
    for email in EMAILS:
        assert by_text.get(email) == "email", (email, by_text)
    assert by_text.get(PHONES[0]) == "phone"
    assert by_text.get(PHONES[1]) in ("phone", "digits")
    assert by_text.get(PROJECT) == "name"
    data = audit.to_json()
    flagged = {e["id"] for e in data["sensitive"]}
    assert flagged <= set(range(data["tokens"]))
    assert all(runtime.piece(e["id"]) == e["piece"] for e in data["sensitive"])
    # the corpus it was trained on uses it; the special token is reported apart
    assert data["unused_on_corpus"] is not None and data["corpus"]["by_language"]["en"]
    assert [s["piece"] for s in data["special"]] == ["<unk>"]


def test_sensitive_rules():
    cases = {"john.doe@example.com": "email", "@gmail.com": "email",
             "https://": "url", "www.example": "url", "utm_source": "tracking",
             "fbclid": "tracking", "gclid": "tracking",
             "555-867-5309": "phone", "+4930123456": "phone", "123456789": "digits",
             "example.com": "domain", "/usr/local/": "path", "C:\\Users": "path",
             "deadbeefcafe01234567": "hex", "QmFzZTY0IGVuY29kZWQgdGV4dA": "base64",
             "</div>": "markup", "&nbsp;": "markup"}
    for text, rule in cases.items():
        assert match_rule(text) == rule, text
    for ordinary in ("the", "hello", "2024", "e.g", "ing", "Hello world", "1.5"):
        assert match_rule(ordinary) is None, ordinary
    assert match_rule("nighting", ["nightingale"]) == "name"


def test_near_duplicates_case_space_width():
    vocab = [b"the", b" The", "ｔｈｅ".encode(), b"THE", b"them", b"\xe4", b"ing", b"ing"]
    assert near_duplicate_groups(vocab, range(len(vocab))) == [[0, 1, 2, 3], [6, 7]]
    # a continuation piece is grouped apart from the word-initial one
    assert near_duplicate_groups(vocab, range(len(vocab)), continuations={7}) == [[0, 1, 2, 3]]


def test_coverage_and_unused_on_a_corpus(tmp_path):
    runtime = tiktoken_runtime()
    text = tmp_path / "c.txt"
    text.write_text("the the the the\nthe world\n", encoding="utf-8")
    audit = audit_vocabulary(runtime, sources=[CorpusSource(text, lang="en")])
    usage = audit.usage
    direct = np.zeros(runtime.vocab_size, np.int64)
    for line in ("the the the the", "the world"):
        for i in runtime.enc.encode_ordinary(line):
            direct[i] += 1
    assert usage.counts.tolist() == direct.tolist()
    assert usage.documents == 2 and usage.tokens == int(direct.sum())
    assert usage.unused() == [i for i in range(runtime.vocab_size)
                              if audit.reach.ordinary[i] and direct[i] == 0]
    assert usage.rarest(1)[0][1] == 1
    assert coverage_shares(np.array([6, 3, 1, 0]), np.ones(4, bool)) == {
        "50": 0.25, "90": 0.5, "99": 0.75}


def test_json_contract_and_csv(tmp_path):
    runtime = tiktoken_runtime()
    audit = audit_vocabulary(runtime)
    data = audit.to_json()
    assert data["tokens"] == runtime.vocab_size
    assert isinstance(data["partial"], int) and data["partial"] > 0
    # the tiny rank file's "caf" has no split into two tokens ("ca", "af" are none), and
    # "café" = "caf" + "é" needs it
    caf = [runtime.ranks[b"caf"], runtime.ranks["café".encode()]]
    assert data["merge_unreachable"] == caf and data["unused_on_corpus"] is None
    assert audit.merges.unreachable == {caf[0]: "no-merge", caf[1]: "shadowed"}
    assert all(isinstance(g, list) and len(g) > 1 for g in data["near_duplicates"])
    rows = list(csv.DictReader(io.StringIO(audit.csv_text())))
    assert len(rows) == runtime.vocab_size
    assert rows[runtime.special["<|endoftext|>"]]["status"] == "special"
    assert sum(r["status"] == "partial" for r in rows) == data["partial"]
    manifest = audit.manifest()
    assert manifest["partial"] == data["partial"] and manifest["version"] == 1


def test_cancel_stops_the_audit():
    from core.progress import Cancelled

    with pytest.raises(Cancelled):
        audit_vocabulary(tiktoken_runtime(), cancel=lambda: True)


@pytest.mark.parametrize("as_bundle", [False, True])
def test_saved_bundle_keeps_the_audit_in_its_manifest(tmp_path, as_bundle):
    from core.bundles.bundle import import_tokenizer, verify_bundle
    from core.loading import save_loaded
    from tests.core.builders import write_tokenizer_json

    path = write_tokenizer_json(tmp_path / "src")
    if as_bundle:
        path = import_tokenizer(path, tmp_path / "first")
    loaded = open_tokenizer(path)
    audit = audit_vocabulary(loaded.runtime).manifest()
    saved = save_loaded(loaded, tmp_path / "out.zip", audit=audit)
    manifest = verify_bundle(saved)  # checksums still hold
    assert manifest["audit"] == json.loads(json.dumps(audit))
    assert manifest["audit"]["tokens"] == loaded.runtime.vocab_size


def test_masks_match_the_json_lists():
    from core.audit.report import FILTERS

    runtime = tiktoken_runtime()
    audit = audit_vocabulary(runtime)
    data = audit.to_json()
    assert audit.mask("partial").sum() == data["partial"]
    assert np.flatnonzero(audit.mask("merge-unreachable")).tolist() == data["merge_unreachable"]
    assert np.flatnonzero(audit.mask("special")).tolist() == [s["id"] for s in data["special"]]
    assert audit.mask("unused") is None  # no corpus given
    for name in FILTERS:
        mask = audit.mask(name)
        assert mask is None or mask.shape == (runtime.vocab_size,)


@pytest.mark.realdata
def test_the_letters_only_shortcut_changes_no_rule():
    """Letters-only pieces skip all rules but PLAIN_RULES: on every GPT-2 and BERT piece the
    answer equals trying every rule in order."""
    from core.audit.sensitive import RULES, piece_text
    from tests.conftest import TOKENIZERS, require_data

    def every_rule(text):
        return next((rule for rule, pattern in RULES.items() if pattern.search(text)), None)

    for name in ("gpt2.tiktoken", "bert-minilm/tokenizer.json"):
        view = open_tokenizer(require_data(TOKENIZERS / name)).runtime.model_view()
        for data in view.vocab:
            text = piece_text(data)
            assert match_rule(text) == every_rule(text), text


def test_group_keys_keep_near_duplicates_together():
    runtime = tiktoken_runtime()
    audit = audit_vocabulary(runtime)
    keys = audit.group_keys()
    assert audit.near_duplicates  # the tiny vocabulary has " t" / "t", "the" / " the"...
    for group in audit.near_duplicates:
        assert set(keys[group].tolist()) == {group[0]}
    order = np.argsort(keys, kind="stable")
    placed = order.tolist()
    for group in audit.near_duplicates:
        first = placed.index(group[0])
        assert placed[first:first + len(group)] == group
