"""A GGUF file's tokenizer on the ``tokenizers`` runtime (:mod:`core.gguf_tokenizer` converts
it), with the model facts the file's header gives."""

from __future__ import annotations

from pathlib import Path

from ..gguf_tokenizer import describe_facts, gguf_tokenizer_json, model_facts, read_gguf
from .hf import HFRuntime


class GGUFRuntime(HFRuntime):
    """The tokenizer of a ``.gguf`` file (vocab-only or a whole model: only its header is read).

    ``spec`` is the ``tokenizer.json`` it runs as (what an export writes); ``model_facts`` the
    architecture, embedding rows and context length (see :func:`core.gguf_tokenizer.model_facts`).
    """

    def __init__(self, path: Path, *, configs: dict[str, dict] | None = None) -> None:
        header = read_gguf(path)
        spec, vocab = gguf_tokenizer_json(header)
        super().__init__(spec, name=Path(path).stem, path=path, configs=configs,
                         source_format="gguf")
        self.gguf_model = vocab.model
        self.gguf_pre = vocab.pre
        self.model_facts = model_facts(header, len(vocab.tokens))
        self.notes.extend(vocab.notes)

    def describe(self) -> dict[str, str]:
        info = super().describe()
        info["tokenizer.ggml.model"] = self.gguf_model
        info["tokenizer.ggml.pre"] = self.gguf_pre or "none"
        info.update(describe_facts(self.model_facts))
        return info
