"""llama.cpp GGUF files: the header, the tokenizer as a ``tokenizers`` pipeline, its runtime."""
