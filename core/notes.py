"""Notes the core hands a front end: values (a code, a severity, arguments, a span), not sentences.

The core says *what* happened; each front end says it in its own language. The one English
rendering lives here (:data:`ENGLISH`, used by ``tokbench`` and the JSON output); the GUI renders
the same codes through Qt's translation layer (``app/messages.py``), and a test keeps the two
tables holding the same codes and placeholders.

>>> n = note("round_trip.differs", span=(3, 5), start=3, end=5)
>>> n.severity, english(n)
('warning', 'decode(encode(text)) differs from the text in code points 3–5')
>>> n.to_json()["span"]
[3, 5]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["info", "warning", "error"]

# code -> (severity, English template). Templates take the note's args by name (str.format).
CODES: dict[str, tuple[Severity, str]] = {
    # special-token literals found in the text (span: the literal, in code points)
    "special.kept_as_text": (
        "warning", "special-token literal {literal!r} at code point {start} kept as plain text "
                   "(possible injection)"),
    "special.parsed": (
        "info", "special-token literal {literal!r} at code point {start} parsed as a special token"),
    "special.more": (
        "warning", "special-token literals further on: {count:,}"),
    "special.control_not_parsed": (
        "info", "SentencePiece never parses control symbols from text; they stay plain text"),
    # special-token facts the files beside a tokenizer disagree on (core.special.special_registry)
    "special.ids_differ": (
        "warning", "{role} is {first_ids} in {first} but {second_ids} in {second}"),
    "special.role_token_missing": (
        "warning", "{source} names {token!r} as {role}, which the tokenizer does not have"),
    "special.id_outside_tokenizer": (
        "warning", "{source} gives {role} ID {id}, which the tokenizer does not have (its IDs "
                   "are 0–{last:,})"),
    "special.id_beyond_embeddings": (
        "error", "special token {token!r} has ID {id}, beyond the model's {rows:,} embedding rows "
                 "(config.json vocab_size)"),
    "special.id_content_differs": (
        "warning", "tokenizer_config.json added_tokens_decoder gives ID {id} as {token!r}; the "
                   "tokenizer has {piece!r} there"),
    # one inspection
    "round_trip.differs": (
        "warning", "decode(encode(text)) differs from the text in code points {start}–{end}"),
    "postprocess.max_below_added": (
        "warning", "max length {max_length} is below the {added} special tokens the template "
                   "adds: tokenizers then truncates nothing"),
    "stages.limited": (
        "info", "pipeline stages show the first {limit:,} characters"),
    "offload.fallback": (
        "warning", "the helper process could not encode this large text ({reason}); it was "
                   "encoded in this process instead, which may pause the window"),
    # a child process of core.supervisor
    "child.ended": (
        "error", "the job's process ended unexpectedly (exit code {exit_code})"),
    "child.failed": (
        "error", "unexpected {kind} in the job: {error}"),
    # how a tokenizer is run (Runtime.notes)
    "config.ignored": (
        "warning", "{error} — ignored"),
    "hf.padding_off": (
        "info", "the file pads every encoding ({length}); padding is off here so you see the "
                "text's own tokens"),
    "hf.truncation_off": (
        "warning", "the file truncates at {max_length:,} tokens; truncation is off here"),
    "reference.end_of_word": (
        "info", "the paper's separate </w> end-of-word symbol, which tokenizer.json cannot "
                "express: run by the workbench's reference BPE encoder"),
    "sentencepiece.default_bos": (
        "info", "special tokens add the model's BOS {bos} at the start, as Llama and "
                "Mistral are run (no tokenizer_config.json beside it says add_bos_token)"),
    "tiktoken.no_preset": (
        "warning", "{ranks:,} ranks match no known preset; the cl100k regex is used (choose a "
                   "preset or give a pattern)"),
    "tiktoken.token_repeated": (
        "info", "line {line}: token {token} is listed again (rank {before} before); its later "
                "rank {rank} is used, as tiktoken's loader does"),
    "tiktoken.preset": (
        "info", "preset {preset}: its regex and special tokens"),
    "tiktoken.preset_normalization": (
        "info", "preset {preset}: {normalization} normalization first"),
    "tiktoken.preset_bos": (
        "info", "preset {preset}: {bos} added at the start"),
    "wordpiece.lowercased_config": (
        "info", "vocab.txt run as BERT WordPiece (lowercased, from tokenizer_config.json)"),
    "wordpiece.lowercased_guessed": (
        "info", "vocab.txt run as BERT WordPiece (lowercased, guessed from the vocabulary)"),
    "wordpiece.cased_config": (
        "info", "vocab.txt run as BERT WordPiece (cased, from tokenizer_config.json)"),
    "wordpiece.cased_guessed": (
        "info", "vocab.txt run as BERT WordPiece (cased, guessed from the vocabulary)"),
    # training: what the config cannot do, whatever the corpus (core/engines/checks.py)
    "training.wordpiece_needs_unknown": (
        "error", "WordPiece needs an unknown token for words it cannot split: add {token} to the "
                 "special tokens"),
    "training.unigram_needs_unknown": (
        "error", "Unigram needs an unknown token for characters outside its vocabulary: add "
                 "{token} to the special tokens"),
    "training.sentencepiece_algorithm": (
        "error", "the sentencepiece engine trains unigram or bpe, not {algorithm!r}"),
    "training.sentencepiece_normalizer": (
        "error", "the sentencepiece engine normalizes with NFKC or not at all, not {normalizer!r}"),
    "training.sentencepiece_needs_unknown": (
        "error", "SentencePiece always keeps an unknown piece: add <unk> to the special tokens "
                 "(first, for ID 0 as SentencePiece's own default)"),
    "training.no_words": (
        "error", "the corpus has no words to train on (empty or only whitespace)"),
    "training.disk_space": (
        "error", "not enough free disk space in {folder} for the trainer's copy of the corpus: "
                 "it needs {needed_mb:,.0f} MB more and {reserve_mb:,.0f} MB kept free, and "
                 "{free_mb:,.0f} MB are free; free some space or point TMPDIR at a folder on a "
                 "larger disk"),
    "training.special_tokens_repeated": (
        "error", "config: special_tokens repeats {tokens}"),
    "training.no_unknown_token": (
        "warning", "no unknown token: characters not seen in training are dropped when encoding; "
                   "add <unk> to the special tokens to keep a token for them"),
    # SentencePieceTrainer's refusals in plain words (core/engines/sentencepiece_checks.py)
    "sentencepiece.vocab_below_characters": (
        "error", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                 "character coverage {coverage:g} (+ {reserved:,} special pieces): raise the "
                 "vocabulary to at least {needed:,} or lower the coverage"),
    "sentencepiece.vocab_below_characters_unk": (
        "error", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                 "character coverage {coverage:g} (+ the unknown piece): raise the vocabulary to "
                 "at least {needed:,} or lower the coverage"),
    "sentencepiece.vocab_below_characters_bytes": (
        "error", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                 "character coverage {coverage:g} (+ {reserved:,} special and byte pieces): raise "
                 "the vocabulary to at least {needed:,} or lower the coverage"),
    "sentencepiece.vocab_too_high": (
        "error", "vocabulary {vocab:,} is more than this corpus can fill (SentencePiece found "
                 "{found:,} pieces): lower the vocabulary to {found:,} or less, or add text"),
    "sentencepiece.reserved_as_user_symbol": (
        "error", "{piece} is one of SentencePiece's own pieces and cannot also be a user-defined "
                 "symbol: list it once in the special tokens"),
    "sentencepiece.needs_unknown": (
        "error", "SentencePiece needs an unknown piece: add <unk> to the special tokens"),
    "sentencepiece.same_id": (
        "error", "two special pieces were given the ID of the {role} piece: list each special "
                 "token once"),
    "sentencepiece.failed": (
        "error", "SentencePiece training failed"),
    # explaining a split (core.explain): on the explanation
    "explain.first_chars": (
        "info", "explaining the first {shown:,} of {total:,} characters"),
    "explain.bpe_dropout": (
        "info", "BPE dropout {dropout}: the runtime skips merges at random; the explainer shows "
                "the deterministic merges"),
    "explain.normalization_first": (
        "info", "{normalizer} normalization first"),
    "explain.spm_segments": (
        "info", "SentencePiece runs its model over the whole normalized text; it is shown in "
                "segments that no vocabulary piece crosses (each explained on its own, with the "
                "same result)"),
    "explain.end_of_word": (
        "info", "each word ends with the separate symbol </w>, as in Sennrich et al."),
    # ... on one word (Word.note)
    "explain.special_first": (
        "info", "special token, matched before the model"),
    "explain.added_first": (
        "info", "added token, matched before the model"),
    "explain.user_defined_first": (
        "info", "user-defined symbol, matched before the model"),
    "explain.ignore_merges": (
        "info", "the whole pre-token is in the vocabulary (ignore_merges): no merges"),
    "explain.whole_token": (
        "info", "the whole pre-token is a token: taken as it is, no merges"),
    "explain.unknown_to_bytes": (
        "info", "characters not in the vocabulary fall back to their UTF-8 bytes"),
    "explain.unknown_dropped": (
        "warning", "characters not in the vocabulary are dropped (the model has no unknown "
                   "token)"),
    "explain.unknown_to_unk": (
        "info", "characters not in the vocabulary become the unknown token"),
    "explain.unknown_symbols": (
        "info", "symbols not in the vocabulary become {unk}"),
    "explain.word_too_long": (
        "info", "longer than max_input_chars_per_word ({max_chars}): the word is unknown"),
    "explain.no_match": (
        "info", "no vocabulary piece matches the rest of the word: the whole word is unknown"),
    "explain.user_defined_wins": (
        "info", "user-defined pieces always win (score bonus)"),
    # ... why a tokenizer (or a text under it) cannot be explained (Explanation.reason)
    "explain.no_subword_model": (
        "info", "a {algorithm} model has no subword algorithm to explain (BPE, WordPiece, "
                "Unigram and SentencePiece unigram / bpe can be explained)"),
    "explain.bpe_affixes": (
        "info", "BPE with continuing_subword_prefix {prefix!r} / end_of_word_suffix {suffix!r} "
                "is not explained (only '</w>' suffixes are)"),
    "explain.byte_without_rank": (
        "info", "byte {byte:02X} has no rank: these ranks are not a byte-level BPE, so this text "
                "cannot be explained (nor encoded by tiktoken)"),
    # chat checks (tokbench chat, the Chat pane); span: code points of the rendered text
    "chat.special_in_content": (
        "warning", "special-token literal {literal!r} typed in message {message} ({role}): "
                   "the sanitized reading keeps it as text; an unsanitized one reads it as ID(s) "
                   "{ids}"),
    "chat.no_generation_prompt": (
        "warning", "the last message is the {role}'s and add_generation_prompt is off: the model "
                   "would continue that message instead of answering it"),
    "chat.double_bos": (
        "warning", "the template writes {token!r} (ID {id}) at the start and the tokenizer's "
                   "post-processor adds it again when the rendered text is encoded with special "
                   "tokens: encode the render with add_special_tokens=False"),
    "chat.double_eos": (
        "warning", "the template writes {token!r} (ID {id}) at the end and the tokenizer's "
                   "post-processor adds it again when the rendered text is encoded with special "
                   "tokens: encode the render with add_special_tokens=False"),
    "chat.no_end_of_turn": (
        "warning", "the turn of message {message} (assistant) ends with no end-of-turn or EOS "
                   "token (none of {tokens}): a model trained on it does not learn to stop"),
    "chat.end_not_a_stop": (
        "warning", "the template ends assistant turns with {token!r} (ID {id}), which is not "
                   "among the generation stop IDs {stops} ({source}): generation would run "
                   "past the end of the turn"),
    "chat.system_dropped": (
        "warning", "the template drops the system message: its text {text!r} does not appear in "
                   "the render"),
    "chat.system_moved": (
        "info", "the template moves the system message: its text appears at character {at}, "
                "after the content of message {message} ({role})"),
    "chat.system_refused": (
        "warning", "the template refuses a system message ({error})"),
    "chat.tools_dropped": (
        "warning", "the template ignores the tool definitions: the render does not hold "
                   "{names}"),
    "chat.tool_calls_dropped": (
        "warning", "the template drops the tool calls of message {message} ({role}): the "
                   "render does not hold {names}"),
    "chat.mask_unlocated": (
        "info", "the assistant mask leaves message(s) {messages} at 0: the renders of the "
                "conversation's prefixes do not line up there (the template rewrites earlier "
                "turns, e.g. drops past reasoning), so the turn could not be located"),
    "chat.id_beyond_embeddings": (
        "error", "token {piece!r} (ID {id}, first at token {index}, {count:,} in all) is beyond "
                 "the model's {rows:,} embedding rows (config.json vocab_size)"),
    # GGUF files (core.gguf_tokenizer)
    "gguf.pre_default": (
        "warning", "the file names no pre-tokenizer (tokenizer.ggml.pre): llama.cpp then splits "
                   "with its 'default' regexes, as here, and warns that generation quality will "
                   "be degraded"),
    "gguf.marked_control": (
        "info", "llama.cpp treats {tokens} as control tokens (end of turn, FIM, end of "
                "generation) whatever tokenizer.ggml.token_type says: they are parsed only as "
                "special tokens"),
    "gguf.embedding_short": (
        "warning", "the model's embedding has {rows:,} rows for {vocabulary:,} token IDs: IDs "
                   "{rows:,} and above have no embedding"),
}

ENGLISH: dict[str, str] = {code: template for code, (_, template) in CODES.items()}


@dataclass(frozen=True)
class Note:
    """Something a user should know about a tokenizer, a text or an inspection.

    Attributes:
        code: a stable identifier (a key of :data:`CODES`); front ends render it.
        severity: ``info``, ``warning`` or ``error``.
        args: the values its template names (str, int, bool: JSON-ready).
        span: the code point range of the text it concerns, if any (end-exclusive).
    """

    code: str
    severity: Severity
    args: dict = field(default_factory=dict, hash=False)
    span: tuple[int, int] | None = None

    def to_json(self) -> dict:
        """The stable JSON form (``tokbench inspect --json``, see README)."""
        return {"code": self.code, "severity": self.severity, "message": english(self),
                "args": dict(self.args), "span": list(self.span) if self.span else None}


def note(code: str, *, span: tuple[int, int] | None = None, **args) -> Note:
    """A :class:`Note` of a known code, with the severity :data:`CODES` gives it.

    >>> note("stages.limited", limit=20000).severity
    'info'
    """
    severity, _ = CODES[code]  # an unknown code is a bug: fail where it is made
    return Note(code, severity, args, None if span is None else (int(span[0]), int(span[1])))


def english(n: Note) -> str:
    """The note in English, as ``tokbench`` prints it.

    >>> english(note("hf.truncation_off", max_length=512))
    'the file truncates at 512 tokens; truncation is off here'
    """
    return ENGLISH[n.code].format(**n.args)


def round_trip_notes(trip) -> list[Note]:
    """A ``round_trip.differs`` note when a :class:`~core.runtimes.base.RoundTrip` failed."""
    if trip.ok:
        return []
    start, end = trip.original_range
    return [note("round_trip.differs", span=(start, end), start=start, end=end)]
