"""Generic code asks a runtime through the :class:`core.formats.runtime.Runtime` protocol, never by
probing its internals; one SentencePiece piece-type enum serves both the SentencePiece runtime
and the GGUF reader."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.formats.runtime import Runtime
from core.formats.sentencepiece.piece_types import PieceType

ROOT = Path(__file__).resolve().parents[3]
# what the protocol offers: its public methods and properties, and the attributes every runtime sets
PROTOCOL = {n for n in dir(Runtime) if not n.startswith("_")} | {
    "notes", "lock", "name", "source_format", "library"}
# per-runtime code outside the formats' own packages, registered for the one runtime kind it reads:
# explain's reference-BPE explainer walks that runtime's own merge model (file -> attributes)
KIND_BOUND = {"core/explain/runtimes.py": {"model", "vocab", "unk_id", "unk_token"}}


def _runtime_like(node: ast.expr) -> bool:
    """``runtime``, ``rt``, ``self.runtime``, ``loaded.runtime``..."""
    text = ast.unparse(node)
    return text in ("runtime", "rt") or text.endswith(".runtime")


def _generic_modules():
    for folder in ("core", "app"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not _runtime_own(relative):
                yield relative, ast.parse(path.read_text(encoding="utf-8"), relative)


def _runtime_own(relative: str) -> bool:
    """A runtime's own code: a format's package (core/formats/<format>/) or the protocol itself;
    detection and the sibling configs (core/formats/detect.py, configs.py) are generic code."""
    parts = relative.split("/")
    return parts[:2] == ["core", "formats"] and (len(parts) > 3 or parts[2] == "runtime.py")


def probes_and_reads() -> tuple[list[str], list[str]]:
    """``getattr``/``hasattr``/``setattr`` on a runtime, and reads of a runtime attribute the
    protocol does not have, as ``file:line: code``."""
    probes, reads = [], []
    for relative, tree in _generic_modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr", "setattr") and node.args
                    and _runtime_like(node.args[0])):
                probes.append(f"{relative}:{node.lineno}: {ast.unparse(node)}")
            elif (isinstance(node, ast.Attribute) and _runtime_like(node.value)
                  and node.attr not in PROTOCOL
                  and node.attr not in KIND_BOUND.get(relative, ())):
                reads.append(f"{relative}:{node.lineno}: {ast.unparse(node)}")
    return probes, reads


def test_the_scan_finds_a_probe():
    tree = ast.parse("getattr(runtime, 'spec', None)\nself.runtime.sp.bos_id()")
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    attrs = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and _runtime_like(n.value)]
    assert _runtime_like(calls[0].args[0]) and [a.attr for a in attrs] == ["sp"]


def test_generic_code_never_probes_a_runtime():
    probes, _ = probes_and_reads()
    assert probes == [], "ask the Runtime protocol (core/formats/runtime.py) instead:\n" + "\n".join(probes)


def test_generic_code_reads_only_the_protocol():
    _, reads = probes_and_reads()
    assert reads == [], "add a Runtime protocol method instead:\n" + "\n".join(reads)


def test_every_runtime_answers_the_protocol_questions():
    """A subclass overrides a protocol question with the same kind of member (a property stays
    a property), so generic code can ask any runtime the same way."""
    import core.formats.gguf.runtime  # noqa: F401  (each format's runtime class, loaded)
    import core.formats.hf.runtime  # noqa: F401
    import core.formats.reference.runtime  # noqa: F401
    import core.formats.sentencepiece.runtime  # noqa: F401
    import core.formats.tekken.runtime  # noqa: F401
    import core.formats.tiktoken.runtime  # noqa: F401

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    questions = ("post_template", "own_post_settings", "own_pad", "pipeline_json", "stream_traits",
                 "model_facts", "role_claims", "declared_roles", "special_token_source",
                 "bundle_options", "plain_encoder")
    runtimes = list(subclasses(Runtime))
    assert {"HFRuntime", "SentencePieceRuntime", "TiktokenRuntime", "TekkenRuntime",
            "GGUFRuntime", "ReferenceBPERuntime"} <= {c.__name__ for c in runtimes}
    for cls in runtimes:
        for name in questions:
            assert isinstance(getattr(cls, name), property) == isinstance(
                getattr(Runtime, name), property), (cls.__name__, name)


def test_one_piece_type_enum_with_the_native_numbers():
    """SentencePiece's ``ModelProto.SentencePiece.Type`` and gguf's ``TokenType`` (llama.cpp's
    ``llama_token_type``) number the types alike; both readers use the one enum."""
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    from core.formats.gguf import tokenizer as gguf_tokenizer
    from core.formats.sentencepiece import runtime as spm

    assert dict(model_pb2.ModelProto.SentencePiece.Type.items()) == {
        t.name: int(t) for t in PieceType}
    gguf = pytest.importorskip("gguf")
    assert {t.name: int(t) for t in gguf.TokenType if t.name in PieceType.__members__} == {
        t.name: int(t) for t in PieceType}
    for module in (spm, gguf_tokenizer):
        for t in PieceType:
            assert getattr(module, t.name) is t
