"""A GGUF file's tokenizer on the ``tokenizers`` runtime (:mod:`core.formats.gguf.tokenizer` converts
it), with the model facts the file's header gives."""

from __future__ import annotations

from pathlib import Path

from .tokenizer import (SPECIAL_ID_KEYS, describe_facts, gguf_tokenizer_json, model_facts,
                              read_gguf)
from ..hf.runtime import HFRuntime

# the metadata IDs transformers 5 names special tokens by (integrations/gguf: _SPECIAL_TOKENS)
DECLARING_KEYS = frozenset({
    "tokenizer.ggml.bos_token_id", "tokenizer.ggml.eos_token_id",
    "tokenizer.ggml.unknown_token_id", "tokenizer.ggml.padding_token_id"})


class GGUFRuntime(HFRuntime):
    """The tokenizer of a ``.gguf`` file (vocab-only or a whole model: only its header is read).

    ``spec`` is the ``tokenizer.json`` it runs as (what an export writes); ``model_facts`` the
    architecture, embedding rows and context length (see :func:`core.formats.gguf.tokenizer.model_facts`).
    """

    def __init__(self, path: Path, *, configs: dict[str, dict] | None = None) -> None:
        header = read_gguf(path)
        spec, vocab = gguf_tokenizer_json(header)
        super().__init__(spec, name=Path(path).stem, path=path, configs=configs,
                         source_format="gguf")
        self.gguf_model = vocab.model
        self.gguf_pre = vocab.pre
        self._model_facts = model_facts(header, len(vocab.tokens))
        self.notes.extend(vocab.notes)
        # llama.cpp's BOS of a bert vocabulary is its [CLS]
        self._role_ids = [("cls" if key == "bos" and vocab.model == "bert" else SPECIAL_ID_KEYS[key],
                           vocab.id_sources[key], token_id)
                          for key, token_id in vocab.special_ids.items()]

    def decode(self, ids) -> str:
        """Decode as llama.cpp's ``token_to_piece`` does: in a byte-level vocabulary a normal
        token's text is byte-level characters to map back to bytes, but a user-defined or control
        token's text is copied as it is (``tokenizers`` would map deepseek-coder's user-defined
        ``õ``, ID 32000, to the lone byte 0xF5, a U+FFFD).

        >>> # GGUFRuntime("ggml-vocab-deepseek-coder.gguf").decode([32000]) -> 'õ'
        """
        if not self.byte_level:
            return super().decode(ids)
        # token_bytes: an added token's own UTF-8, a normal one's mapped-back bytes
        return b"".join(self.token_bytes(int(i)) for i in ids).decode("utf-8", "replace")

    @property
    def model_facts(self) -> dict:
        return self._model_facts

    def declared_roles(self) -> dict[str, str]:
        """The roles of the four IDs transformers reads from the metadata (first claim wins)."""
        out: dict[str, str] = {}
        for role, source, ids, content in self.role_claims():
            if source in DECLARING_KEYS and content and ids:
                out.setdefault(role, content)
        return out

    def special_token_source(self) -> str:
        return "GGUF token type"  # tokenizer.ggml.token_type: control, unknown, user-defined

    def role_claims(self) -> list[tuple[str, str, list[int], str]]:
        """``(role, source, ids, content)`` of the special-token IDs the metadata names
        (``tokenizer.ggml.eot_token_id``...) or llama.cpp's defaults give: what the special-token
        registry shows before any config's claim."""
        return [(role, source, [token_id], self.piece(token_id))
                for role, source, token_id in self._role_ids]

    def describe(self) -> dict[str, str]:
        info = super().describe()
        info["tokenizer.ggml.model"] = self.gguf_model
        info["tokenizer.ggml.pre"] = self.gguf_pre or "none"
        info.update(describe_facts(self._model_facts))
        return info
