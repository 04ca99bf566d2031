"""The workbench's own BPE (``workbench-bpe.json``), on its readable reference algorithm."""
