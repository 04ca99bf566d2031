"""tiktoken rank files on ``tiktoken``, with the named presets."""
