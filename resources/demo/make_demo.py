"""Train the two embedded demo tokenizers on ``corpus.txt`` (beside this file).

Makes, in this directory:

* ``demo-bpe/tokenizer.json`` — a Hugging Face ``tokenizers`` byte-level BPE (vocabulary 2000,
  special tokens ``<|endoftext|>`` and ``<|pad|>``), with ``demo-bpe/tokenizer_config.json``
  naming its eos/pad tokens;
* ``demo-unigram/tokenizer.model`` — a SentencePiece unigram model (vocabulary 1500, byte
  fallback).

Training is deterministic: rerunning gives byte-identical files (single-threaded, fixed seed, no
sampling or shuffling of the input). Rerun with::

    python resources/demo/make_demo.py            # writes next to this file
    python resources/demo/make_demo.py OUT_DIR    # writes into OUT_DIR instead

(``make demo`` does the first.) To change the corpus itself, edit and run ``make_corpus.py``.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.txt"

BPE_DIR = "demo-bpe"
UNIGRAM_DIR = "demo-unigram"
BPE_VOCAB_SIZE = 2000
UNIGRAM_VOCAB_SIZE = 1500
SPECIAL_TOKENS = ["<|endoftext|>", "<|pad|>"]
SEED = 7


def corpus_lines(corpus: Path = CORPUS) -> list[str]:
    """The corpus documents, one per line, blank lines dropped."""
    text = corpus.read_bytes().decode("utf-8")
    return [line for line in text.split("\n") if line.strip()]


def _write_if_changed(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
    return path


def train_bpe(out_dir: Path = HERE, corpus: Path = CORPUS) -> Path:
    """Train the byte-level BPE; write ``out_dir/demo-bpe/{tokenizer,tokenizer_config}.json``.

    Returns the path of ``tokenizer.json``.
    """
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    # as GPT-2 does: offsets keep the leading space (Ġ) inside the token's span
    tokenizer.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(
        vocab_size=BPE_VOCAB_SIZE,
        min_frequency=2,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=SPECIAL_TOKENS,
        show_progress=False,
    )
    lines = corpus_lines(corpus)
    tokenizer.train_from_iterator(lines, trainer=trainer, length=len(lines))

    target = Path(out_dir) / BPE_DIR
    data = (tokenizer.to_str(pretty=True) + "\n").encode("utf-8")
    path = _write_if_changed(target / "tokenizer.json", data)
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "eos_token": SPECIAL_TOKENS[0],
        "pad_token": SPECIAL_TOKENS[1],
        "add_prefix_space": False,
        "clean_up_tokenization_spaces": False,
        "model_max_length": 1024,
    }
    _write_if_changed(target / "tokenizer_config.json",
                      (json.dumps(config, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return path


def train_unigram(out_dir: Path = HERE, corpus: Path = CORPUS) -> Path:
    """Train the SentencePiece unigram model; write ``out_dir/demo-unigram/tokenizer.model``.

    Trains from an in-memory iterator into an in-memory writer, so no temporary files are made.
    Returns the path of ``tokenizer.model``.
    """
    import sentencepiece as spm

    lines = corpus_lines(corpus)
    spm.set_random_generator_seed(SEED)
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=model,
        model_type="unigram",
        vocab_size=UNIGRAM_VOCAB_SIZE,
        character_coverage=0.9995,
        byte_fallback=True,
        input_sentence_size=0,           # use every sentence ...
        shuffle_input_sentence=False,    # ... in corpus order
        max_sentence_length=max(len(line.encode("utf-8")) for line in lines) + 1,
        num_threads=1,
        minloglevel=2,                   # quiet
    )
    return _write_if_changed(Path(out_dir) / UNIGRAM_DIR / "tokenizer.model", model.getvalue())


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0]) if argv else HERE
    for path in (train_bpe(out_dir), train_unigram(out_dir)):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
