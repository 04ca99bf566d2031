"""The tokenizers users already have, found by name where their tools keep them, offline.

One module per store, each reading that tool's own layout (nothing is downloaded):

- :mod:`.hf_cache`: the Hugging Face hub cache (``org/name[@revision]``);
- :mod:`.ollama`: Ollama's manifests and blobs (``model:tag``);
- :mod:`.lmstudio`: LM Studio's models folder (``publisher/model[:quantization]``);
- :mod:`.llamacpp_cache`: llama.cpp's download cache (``org/repo[:quantization]``);
- :mod:`.folder`: a model folder (tokenizer files and sibling configs, or GGUF files);

and one resolver, :func:`resolve_model`, which :func:`core.loading.open_tokenizer` calls for a
name that is not a path — so every command and pane takes a name. :func:`find_models` lists
what is found where (``tokbench models``, the GUI's *Open local model*).

>>> # resolve_model("Qwen/Qwen2.5-7B-Instruct").model.path
>>> # PosixPath('~/.cache/huggingface/hub/models--Qwen--Qwen2.5-7B-Instruct/snapshots/a09a3...')
"""

from .entry import (SOURCE_NAMES, SOURCES, BrokenModel, Located, LocalModel, ModelError,
                    disk_size)
from .resolve import find_models, looks_like_model_name, places, resolve_model, split_source

__all__ = ["SOURCES", "SOURCE_NAMES", "BrokenModel", "Located", "LocalModel", "ModelError",
           "disk_size", "find_models", "looks_like_model_name", "places", "resolve_model",
           "split_source"]
