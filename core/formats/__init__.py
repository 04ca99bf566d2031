"""Every tokenizer format: ``detect`` by content, the sibling ``configs``, the ``runtime``
protocol, and one package per format with its reader and its runtime."""
