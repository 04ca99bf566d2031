"""Multilingual diagnostics: what a tokenizer costs per language, script, domain, length and
content class, and the premium a language pays on parallel text.

The modules, one job each:

* :mod:`.histogram` — exact, mergeable integer histograms (percentiles without sampling);
* :mod:`.classify` — each document's script, length band, content classes and words;
* :mod:`.stats` — per-bucket counters of one tokenizer, filled from a batch, mergeable;
* :mod:`.parallel` — parallel corpora (aligned lines), the premium and its seeded bootstrap;
* :mod:`.shards` — the corpus cut into shards (byte ranges of big files);
* :mod:`.backends` — map-reduce of the shards: in this process, local processes, or Dask;
* :mod:`.report` — the JSON and CSV report; :mod:`.figures` the charts; :mod:`.html` the page;
* :mod:`.run` — one call from tokenizers and a corpus to the report (the CLI and the pane).
"""
