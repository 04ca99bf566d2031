"""Bundles: import every format to a folder and a zip, verify, load back, tamper, save atomically."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from core.bundles.bundle import (BUNDLE_FORMAT, FORMAT_VERSION, MANIFEST, export_native, import_tokenizer,
                         load_bundle, verify_bundle)
from core.errors import BundleError
from core.formats.detect import load_tokenizer
from core.loading import detect_source, open_tokenizer
from tests.core.builders import (ENDOFTEXT, FORMAT_NAMES, built, encode_ids,  # noqa: F401
                                 options_for, write_tokenizer_json)

MANIFEST_FIELDS = ("format", "format_version", "name", "version", "created", "runtime_versions",
                   "source_format", "special_tokens", "model_binding", "files")


def _bundle(kind, built, dest: Path) -> Path:
    return import_tokenizer(built[kind], dest, **options_for(kind))


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".tmp-" in p.name or ".old-" in p.name]


def _rewrite_zip(path: Path, member: str, change) -> None:
    with zipfile.ZipFile(path) as archive:
        members = {i.filename: archive.read(i) for i in archive.infolist()}
    members[member] = change(members[member])
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


@pytest.fixture(scope="module")
def folder_bundles(built, tmp_path_factory):
    root = tmp_path_factory.mktemp("bundles")
    return {kind: _bundle(kind, built, root / f"{kind.replace('.', '_')}-bundle")
            for kind in FORMAT_NAMES}


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", FORMAT_NAMES)
@pytest.mark.parametrize("suffix", ["", ".zip"])
def test_import_and_load_gives_the_same_ids(kind, suffix, built, tmp_path):
    direct = load_tokenizer(built[kind], **options_for(kind))
    dest = tmp_path / f"tok{suffix}"
    result = _bundle(kind, built, dest)
    assert result == dest
    assert dest.is_dir() if not suffix else zipfile.is_zipfile(dest)
    assert detect_source(dest).format == "bundle"
    bundle = load_bundle(dest)
    assert bundle.runtime.source_format == kind
    assert encode_ids(bundle.runtime) == encode_ids(direct)
    assert bundle.runtime.vocab_size == direct.vocab_size
    # the one loader reaches the same runtime, and keeps the manifest
    loaded = open_tokenizer(dest)
    assert encode_ids(loaded.runtime) == encode_ids(direct)
    assert loaded.is_bundle and loaded.manifest == bundle.manifest
    assert loaded.source.format == "bundle" and loaded.format == kind
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_manifest_fields(kind, folder_bundles):
    path = folder_bundles[kind]
    manifest = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    for key in MANIFEST_FIELDS:
        assert key in manifest, key
    assert manifest["format"] == BUNDLE_FORMAT
    assert manifest["format_version"] == FORMAT_VERSION
    assert manifest["source_format"] == kind
    assert manifest["version"] == "1"
    assert manifest["created"][:2] == "20" and "T" in manifest["created"]
    assert {"python", "tokenizers", "sentencepiece", "tiktoken"} <= manifest["runtime_versions"].keys()
    assert manifest["model_binding"]["vocab_size"] == load_bundle(path).runtime.vocab_size
    assert MANIFEST not in manifest["files"]
    assert manifest["files"], "no files listed"
    for name, entry in manifest["files"].items():
        data = (path / name).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["bytes"] == len(data)
    on_disk = sorted(p.name for p in path.iterdir())
    assert on_disk == sorted([*manifest["files"], MANIFEST])
    assert isinstance(manifest["special_tokens"], list)


def test_manifest_special_tokens_and_tiktoken_options(folder_bundles):
    manifest = verify_bundle(folder_bundles["tiktoken"])
    assert manifest["special_tokens"] == [{"content": ENDOFTEXT, "id": 271, "kind": "special",
                                           "role": "eos", "parsable": True,
                                           "source": "user-given special tokens",
                                           "role_source": "guessed from the string",
                                           "roles": []}]
    options = manifest["tokenizer"]["options"]
    assert options["special"] == {ENDOFTEXT: 271}
    assert options["pattern"] == options_for("tiktoken")["pattern"]
    wordpiece = verify_bundle(folder_bundles["wordpiece"])
    assert {t["content"] for t in wordpiece["special_tokens"]} == {
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}


def test_name_and_version_are_recorded(built, tmp_path):
    dest = import_tokenizer(built["tokenizer.json"], tmp_path / "b.zip", name="mine", version="2.1")
    bundle = load_bundle(dest)
    assert bundle.manifest["name"] == "mine" and bundle.manifest["version"] == "2.1"
    assert bundle.runtime.name == "mine"


def test_renamed_source_file_is_stored_under_its_canonical_name(tmp_path):
    src = write_tokenizer_json(tmp_path / "src", "x.bin")
    dest = import_tokenizer(src, tmp_path / "b")
    assert (dest / "tokenizer.json").is_file()
    manifest = verify_bundle(dest)
    assert list(manifest["files"]) == ["tokenizer.json"]
    assert manifest["source_file"] == "x.bin"


def test_sibling_configs_go_into_the_bundle(tmp_path):
    src = write_tokenizer_json(tmp_path / "src")
    (src.parent / "config.json").write_text('{"vocab_size": 512, "hidden_size": 64}',
                                            encoding="utf-8")
    dest = import_tokenizer(src, tmp_path / "b")
    manifest = verify_bundle(dest)
    assert set(manifest["files"]) == {"tokenizer.json", "config.json"}
    assert manifest["model_binding"]["embedding_rows"] == 512
    assert manifest["model_binding"]["hidden_size"] == 64


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_export_native_round_trip(kind, built, folder_bundles, tmp_path):
    written = export_native(folder_bundles[kind], tmp_path / "out")
    manifest = verify_bundle(folder_bundles[kind])
    assert sorted(p.name for p in written) == sorted(manifest["files"])
    for path in written:
        assert path.read_bytes() == (folder_bundles[kind] / path.name).read_bytes()
    # the native files alone load again, with the same ids (tiktoken needs its options again)
    again = load_tokenizer(tmp_path / "out", **options_for(kind))
    assert again.source_format == kind
    assert encode_ids(again) == encode_ids(load_tokenizer(built[kind], **options_for(kind)))


def test_export_native_from_zip(built, tmp_path):
    zipped = _bundle("sentencepiece", built, tmp_path / "b.zip")
    written = export_native(zipped, tmp_path / "out")
    assert [p.name for p in written] == ["tokenizer.model"]
    assert written[0].read_bytes() == built["sentencepiece"].read_bytes()


@pytest.mark.parametrize("suffix", ["", ".zip"])
def test_reimporting_a_bundle(suffix, built, folder_bundles, tmp_path):
    dest2 = import_tokenizer(folder_bundles["tiktoken"], tmp_path / f"again{suffix}")
    manifest = verify_bundle(dest2)
    original = verify_bundle(folder_bundles["tiktoken"])
    assert manifest["files"] == original["files"]
    assert manifest["tokenizer"] == original["tokenizer"]
    assert encode_ids(load_bundle(dest2).runtime) == encode_ids(
        load_tokenizer(built["tiktoken"], **options_for("tiktoken")))
    # and from the zip back to a folder
    dest3 = import_tokenizer(dest2, tmp_path / "third")
    assert verify_bundle(dest3)["files"] == original["files"]


# --- tampering --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_edited_file_in_folder_bundle_is_named(kind, folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles[kind], dest)
    name = sorted(verify_bundle(dest)["files"])[0]
    with open(dest / name, "ab") as handle:
        handle.write(b"\n")
    with pytest.raises(BundleError) as info:
        load_bundle(dest)
    assert name in info.value.message and "checksum" in info.value.message
    assert info.value.path == str(dest)
    with pytest.raises(BundleError):
        open_tokenizer(dest)


def test_same_size_edit_is_caught(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["tiktoken"], dest)
    target = dest / "tokenizer.tiktoken"
    data = bytearray(target.read_bytes())
    data[-3] = ord("8") if data[-3] != ord("8") else ord("9")
    target.write_bytes(bytes(data))
    with pytest.raises(BundleError, match="tokenizer.tiktoken"):
        verify_bundle(dest)


def test_edited_member_in_zip_bundle_is_named(built, tmp_path):
    dest = _bundle("tokenizer.json", built, tmp_path / "b.zip")
    _rewrite_zip(dest, "tokenizer.json", lambda b: b.replace(b'"version"', b'"version" ', 1))
    with pytest.raises(BundleError) as info:
        load_bundle(dest)
    assert "tokenizer.json" in info.value.message and "checksum" in info.value.message
    assert str(dest) in str(info.value)


def test_missing_manifest_in_folder(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["wordpiece"], dest)
    (dest / MANIFEST).unlink()
    with pytest.raises(BundleError) as info:
        load_bundle(dest)
    assert "manifest.json is missing" in str(info.value) and str(dest) in str(info.value)


def test_missing_manifest_in_zip(built, tmp_path):
    dest = _bundle("wordpiece", built, tmp_path / "b.zip")
    with zipfile.ZipFile(dest) as archive:
        members = {n: archive.read(n) for n in archive.namelist() if n != MANIFEST}
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with pytest.raises(BundleError, match="no manifest.json"):
        load_bundle(dest)


def test_manifest_with_bad_json(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["wordpiece"], dest)
    text = (dest / MANIFEST).read_text(encoding="utf-8")
    (dest / MANIFEST).write_text(text.replace('"format":', '"format"', 1), encoding="utf-8")
    with pytest.raises(BundleError) as info:
        load_bundle(dest)
    assert "manifest.json" in info.value.message and "not valid JSON" in info.value.message
    assert info.value.path == str(dest)


def test_manifest_with_bad_json_in_zip(built, tmp_path):
    dest = _bundle("wordpiece", built, tmp_path / "b.zip")
    _rewrite_zip(dest, MANIFEST, lambda b: b[:-10])
    with pytest.raises(BundleError, match="not valid JSON"):
        load_bundle(dest)


def test_manifest_of_another_format(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["wordpiece"], dest)
    manifest = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    manifest["format"] = "something-else"
    (dest / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(BundleError, match="does not declare format"):
        load_bundle(dest)


def test_newer_format_version_is_refused(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["wordpiece"], dest)
    manifest = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    manifest["format_version"] = FORMAT_VERSION + 1
    (dest / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(BundleError, match="newer"):
        load_bundle(dest)


def test_manifest_listing_a_missing_file(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["gpt2-bpe"], dest)
    (dest / "merges.txt").unlink()
    with pytest.raises(BundleError) as info:
        load_bundle(dest)
    assert "merges.txt" in info.value.message and "missing" in info.value.message


def test_manifest_listing_a_file_missing_from_zip(built, tmp_path):
    dest = _bundle("gpt2-bpe", built, tmp_path / "b.zip")
    with zipfile.ZipFile(dest) as archive:
        members = {n: archive.read(n) for n in archive.namelist() if n != "vocab.json"}
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with pytest.raises(BundleError, match="vocab.json is listed in the manifest but missing"):
        load_bundle(dest)


def test_manifest_with_unsafe_path(folder_bundles, tmp_path):
    dest = tmp_path / "b"
    shutil.copytree(folder_bundles["wordpiece"], dest)
    manifest = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    manifest["files"]["../evil.txt"] = {"sha256": "0" * 64, "bytes": 0}
    (dest / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(BundleError, match="unsafe"):
        load_bundle(dest)


def test_not_a_zip(tmp_path):
    path = tmp_path / "b.zip"
    path.write_bytes(b"PK\x03\x04" + b"\x00" * 20)
    with pytest.raises(BundleError, match="not a readable zip"):
        load_bundle(path)


# --- atomic saving ----------------------------------------------------------------------------


def test_saving_over_an_existing_folder_bundle_replaces_it(built, tmp_path):
    dest = tmp_path / "b"
    _bundle("wordpiece", built, dest)
    (dest / "stray.txt").write_text("old", encoding="utf-8")
    _bundle("tiktoken", built, dest)
    assert verify_bundle(dest)["source_format"] == "tiktoken"
    assert sorted(p.name for p in dest.iterdir()) == [MANIFEST, "tokenizer.tiktoken"]
    assert _leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b"]


def test_saving_over_an_existing_zip_bundle_replaces_it(built, tmp_path):
    dest = tmp_path / "b.zip"
    _bundle("wordpiece", built, dest)
    _bundle("sentencepiece", built, dest)
    assert load_bundle(dest).runtime.source_format == "sentencepiece"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.zip"]


def test_saving_into_a_non_bundle_folder_is_refused(built, tmp_path):
    dest = tmp_path / "precious"
    dest.mkdir()
    (dest / "thesis.txt").write_text("do not delete", encoding="utf-8")
    (dest / "sub").mkdir()
    with pytest.raises(BundleError) as info:
        _bundle("wordpiece", built, dest)
    assert "not a bundle" in info.value.message and info.value.path == str(dest)
    assert sorted(p.name for p in dest.iterdir()) == ["sub", "thesis.txt"]
    assert (dest / "thesis.txt").read_text(encoding="utf-8") == "do not delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious"]


def test_saving_creates_missing_parent_folders(built, tmp_path):
    dest = tmp_path / "a" / "b" / "bundle.zip"
    _bundle("tiktoken", built, dest)
    assert load_bundle(dest).runtime.vocab_size == 272


def test_bundle_does_not_depend_on_the_source_afterwards(tmp_path):
    src = write_tokenizer_json(tmp_path / "src")
    dest = import_tokenizer(src, tmp_path / "b.zip")
    expected = encode_ids(load_tokenizer(src))
    shutil.rmtree(tmp_path / "src")
    assert encode_ids(load_bundle(dest).runtime) == expected


def test_opening_the_manifest_opens_the_bundle(built, folder_bundles):
    path = folder_bundles["gpt2-bpe"] / MANIFEST
    assert detect_source(path).format == "bundle" and detect_source(path).path == path.parent
    runtime = open_tokenizer(path).runtime
    assert encode_ids(runtime) == encode_ids(load_tokenizer(built["gpt2-bpe"]))


def test_o200k_binding_names_endoftext_as_its_eos():
    """o200k's <|endofprompt|> (200018) is not its end of sequence: <|endoftext|> (199999) is."""
    from core.bundles.bundle import model_binding
    from core.formats.configs import Configs
    from core.formats.tiktoken.runtime import TiktokenRuntime

    runtime = TiktokenRuntime({bytes([i]): i for i in range(256)}, preset="o200k")
    roles = {t.content: t.role for t in runtime.special_tokens()}
    assert roles["<|endoftext|>"] == "eos" and roles["<|endofprompt|>"] != "eos"
    assert model_binding(runtime, Configs())["eos_id"] == 199999


def test_binding_and_manifest_take_roles_from_the_tokenizer_config(tmp_path):
    """Qwen's <|endoftext|> reads as an EOS, but its chat tokenizer_config says <|im_end|>."""
    from tests.core import families as fam

    fam._write_json(tmp_path / "qwen", fam.qwen2_spec())
    (tmp_path / "qwen" / "tokenizer_config.json").write_text(
        json.dumps({"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"}), encoding="utf-8")
    ids = {t["content"]: t["id"] for t in fam.qwen2_spec()["added_tokens"]}
    manifest = verify_bundle(import_tokenizer(tmp_path / "qwen" / "tokenizer.json",
                                              tmp_path / "b"))
    assert manifest["model_binding"]["eos_id"] == ids["<|im_end|>"]
    assert manifest["model_binding"]["pad_id"] == ids["<|endoftext|>"]
    [eos] = [t for t in manifest["special_tokens"] if t["content"] == "<|im_end|>"]
    assert (eos["role"], eos["role_source"]) == ("eos", "tokenizer_config.json eos_token")
