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

from .units import Unit

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
    # special-token facts the files beside a tokenizer disagree on (core.pipeline.special.special_registry)
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
        "warning", "the helper process could not encode this large text; it was encoded in "
                   "this process instead, which may pause the window"),
    # a child process of core.supervisor
    "child.ended": (
        "error", "the job's process ended unexpectedly (exit code {exit_code})"),
    "child.failed": (
        "error", "unexpected {kind} in the job"),
    # what a long job says besides its numbers (core.progress.Progress.note)
    "progress.records": ("info", "{count:,} records"),
    "progress.characters_to_keep": ("info", "characters to keep"),
    "progress.corpus_fed": ("info", "{lines:,} lines, {bytes:,} bytes"),
    "progress.seed_pieces": ("info", "{count} seed pieces"),
    "progress.em_pieces": ("info", "EM: {count} pieces"),
    "progress.pruned": ("info", "pruned to {count} pieces"),
    "progress.pieces": ("info", "{count} pieces"),
    # a stream of IDs the stream decoder cannot take (core.stream)
    "stream.id_out_of_range": (
        "error", "token ID {id} at stream position {position} is out of range: the vocabulary "
                 "has IDs 0..{last}"),
    "stream.prompt_id_out_of_range": (
        "error", "token ID {id} at prompt position {position} is out of range: the vocabulary "
                 "has IDs 0..{last}"),
    "stream.id_not_decodable": (
        "error", "token ID {id} at stream position {position} cannot be decoded"),
    "stream.prompt_id_not_decodable": (
        "error", "token ID {id} at prompt position {position} cannot be decoded"),
    # how a tokenizer is run (Runtime.notes)
    "config.ignored": (
        "warning", "{location}: {problem} — ignored"),
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
    # a preset's special IDs against a rank file's ranks (core.formats.tiktoken.presets.specials_fit)
    "tiktoken.specials_collide": (
        "warning", "{count} special token(s) of preset {preset} have IDs that are ranks of this "
                   "file ({first:,}–{last:,}; its ranks run 0–{last_rank:,})"),
    "tiktoken.specials_moved": (
        "warning", "they are placed after the last rank instead, on IDs {first:,}–{last:,} "
                   "(choose a preset or give special tokens to change this)"),
    "tiktoken.presets_fit": (
        "info", "presets whose special tokens fit these ranks: {presets}"),
    "tiktoken.specials_refused": (
        "error", "preset {preset} does not fit this file: {count} of its special tokens have IDs "
                 "that are ranks ({first:,}–{last:,}; its ranks run 0–{last_rank:,}). Give special "
                 "tokens after the last rank, from ID {start:,}, or choose a preset that fits: "
                 "{presets}"),
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
    # annotation datasets (core/align): a file that cannot be read, a bad line or span (each
    # listed with its line), a declared unit the span texts do not fit; {unit} and {other_unit}
    # are unit keys (bytes, cp, ...), worded by each front end
    "dataset.no_file": ("error", "no such file"),
    "dataset.empty_file": ("error", "the file is empty: no records"),
    "dataset.unknown_format": ("error", "unknown format {format!r}; use {formats}"),
    "dataset.no_record": ("error", "the dataset has no usable record"),
    "dataset.all_bad": (
        "error", "the dataset has no usable record: {count:,} bad (the first on line {line})"),
    "dataset.no_spans": (
        "error", "no span in the dataset (records read: {records:,}; their keys: {keys}): name "
                 "the key that holds the spans"),
    "dataset.no_spans_tagged": (
        "error", "no span in the dataset (records read: {records:,}): every tag is O"),
    "dataset.spans_key_missing": (
        "error", "no record has the key {key!r} (their keys: {keys})"),
    "dataset.invalid_utf8": (
        "error", "invalid UTF-8 at byte {column} of the line (byte {offset:,} of the file: "
                 "{byte:#04x})"),
    "dataset.not_json": ("error", "not JSON: {problem} at column {column}"),
    "dataset.needs_text": ("error", 'a record needs a "text" string'),
    "dataset.spans_not_list": ("error", '"{key}" must be a list'),
    "dataset.span_shape": (
        "error", "span {nth}: a span is an object with start and end (label, text), or a list "
                 "[start, end] or [start, end, label]"),
    "dataset.span_not_int": ("error", "span {nth}: start and end must be integers"),
    "dataset.span_not_str": ("error", "span {nth}: label and text must be strings"),
    "dataset.token_not_in_text": (
        "error", "token {token!r} does not continue the text (the tokens do not rebuild the "
                 "text of the '# text' line)"),
    "dataset.needs_tag": ("error", "a token line needs a token and a tag"),
    "dataset.unknown_tag": ("error", "unknown tag {tag!r} (use O, B-, I-, E-, L-, S- or U-)"),
    "dataset.not_one_char": (
        "error", "{column!r} is not one character (a character-BIO file has one character per "
                 "line)"),
    "dataset.not_char_position": (
        "error", "{column!r} is not one character followed by its position in the word, as the "
                 "other lines of this file are"),
    "dataset.span_after_end": (
        "error", "span {nth} [{start}, {end}) {label!r}: start is after end"),
    "dataset.span_empty": ("error", "span {nth} [{start}, {end}) {label!r} is empty"),
    "dataset.span_beyond": (
        "error", "span {nth} [{start}, {end}) {label!r} is beyond the text ({limit} {unit})"),
    "dataset.span_inside_char": (
        "error", "span {nth} [{start}, {end}) {label!r}: offset {offset} falls inside a "
                 "character in {unit}"),
    "dataset.span_text_differs": (
        "error", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text's "
                 "{found!r} in {unit}"),
    "dataset.span_text_differs_fits": (
        "error", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text's "
                 "{found!r} in {unit}; it matches in {other_unit}"),
    "dataset.span_text_off": (
        "error", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the "
                 "span does not fall on the text's characters in {unit}"),
    "dataset.span_text_off_fits": (
        "error", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the "
                 "span does not fall on the text's characters in {unit}; it matches in "
                 "{other_unit}"),
    "dataset.wrong_unit": (
        "error", "declared {unit}, but {count} of {total} span texts match in {other_unit}"),
    "dataset.texts_differ": (
        "warning", "{count} of {total} span texts do not match the text in {unit} (nor in any "
                   "other unit)"),
    "align.no_tokenizer": ("error", "no tokenizer to align to"),
    "align.unknown_mode": ("error", "unknown mode {mode!r}; use {modes}"),
    "align.unknown_scheme": ("error", "unknown scheme {scheme!r}; use {schemes}"),
    "align.unknown_export_format": ("error", "unknown export format {format!r}; use {formats}"),
    "align.unknown_fix": ("error", "unknown fix {fix!r}; use {fixes}"),
    "align.export_overwrites_dataset": (
        "error", "the export would overwrite the dataset; choose another file"),
    "align.copy_overwrites_dataset": (
        "error", "a corrected copy never replaces the original: choose another file"),
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
    # diffing two tokenizers (core.diff): the verdict's reasons — severity error for a breaking
    # one, warning for an append-only compatible one — and facts that change no ID (info)
    "diff.piece_new_id": (
        "error", "{n:,} pieces have a new ID (same piece, new ID: a model would read another row "
                 "for it)"),
    "diff.id_new_piece": (
        "error", "{n:,} IDs now hold another piece (same ID, new piece: its row was learned for "
                 "the old one)"),
    "diff.removed": (
        "error", "{n:,} pieces were removed"),
    "diff.added_appended": (
        "warning", "{n:,} pieces added (IDs {first:,}–{last:,}, appended past the old ones)"),
    "diff.added_inside": (
        "warning", "{n:,} pieces added (IDs {first:,}–{last:,}, some inside the old ID range)"),
    "diff.kind_changed": (
        "warning", "{n:,} kept pieces changed kind (normal / control / user-defined / byte)"),
    "diff.specials_moved": (
        "error", "{n:,} special tokens moved: {shown}"),
    "diff.specials_removed": (
        "error", "{n:,} special tokens removed: {shown}"),
    "diff.specials_added": (
        "warning", "{n:,} special tokens added: {shown}"),
    "diff.specials_changed": (
        "warning", "{n:,} special tokens changed kind: {shown}"),
    "diff.part_changed": (
        "warning", "the {part} changed"),
    "diff.merges": (
        "warning", "merges: {added:,} added, {removed:,} removed, {reranked:,} re-ranked"),
    "diff.unreachable": (
        "warning", "{n:,} kept pieces are no longer produced by any merge sequence"),
    "diff.scores": (
        "warning", "{n:,} piece scores changed"),
    "diff.golden": (
        "warning", "{n:,} of {samples:,} golden samples get other IDs"),
    "diff.part_changed_no_ids": (
        "info", "the {part} changed (IDs of a text do not depend on it)"),
    "diff.across_families": (
        "info", "the tokenizers are of different families ({old_family} and {new_family}): "
                "pieces were compared by the bytes they stand for"),
    "diff.runtimes_differ": (
        "info", "the pipelines are described by different runtimes ({old_runtime} and "
                "{new_runtime}): their parts are shown, not judged; the vocabulary and the "
                "golden set decide the verdict"),
    "diff.duplicate_pieces": (
        "info", "{n:,} IDs of the {side} vocabulary repeat a piece another ID has: a mapping "
                "could not be made for them (the lowest ID is used)"),
    "diff.nothing_mapped": (
        "info", "no piece could be mapped from one vocabulary to the other"),
    "diff.roles_changed": (
        "info", "{n:,} special tokens with another role: {shown}"),
    "diff.merges_not_stored": (
        "info", "neither model stores merges (tiktoken ranks, SentencePiece scores, WordPiece "
                "and Unigram have none)"),
    "diff.merges_one_side": (
        "info", "only one model stores merges (tiktoken ranks, SentencePiece scores, WordPiece "
                "and Unigram have none)"),
    "diff.scores_not_stored": (
        "info", "only models with scores have them (SentencePiece, Unigram)"),
    "diff.corpus_empty": (
        "error", "the corpus holds no text (every file is empty or blank)"),
    # multilingual diagnostics (core.diagnostics): warnings in the report, refusals of its input
    "diagnostics.aligned_by_shortest": (
        "warning", "aligned by the shortest: {lines:,} lines kept of each ({counts})"),
    "diagnostics.unknown_tokens": (
        "warning", "{tokenizer} maps many tokens to the unknown token in {languages}: few tokens "
                   "there mean lost text, not a low cost"),
    "diagnostics.no_own_template": (
        "warning", "{tokenizer} has no chat template of its own: its window carries only the "
                   "post-processor's tokens"),
    "diagnostics.failed_documents": (
        "warning", "{tokenizer} failed on {count:,} documents, listed under its failures; the "
                   "rest was measured"),
    "diagnostics.line_counts_differ": (
        "error", "the languages have different line counts ({counts}); line n must be a "
                 "translation of line n in every file (choose to align by the shortest to keep "
                 "the first lines only)"),
    "diagnostics.no_parallel_corpus": (
        "error", "no such parallel folder or TSV file"),
    "diagnostics.no_language_files": (
        "error", "no language files in this folder (a file is one when its name before the "
                 "first dot is a language code: eng_Latn.dev, zho_Hans.txt, pt_BR.txt)"),
    "diagnostics.language_twice": (
        "error", "two files for language {language}: {first} and {second} (keep one split per "
                 "folder)"),
    "diagnostics.language_file_empty": (
        "error", "the file of language {language} is empty"),
    "diagnostics.unknown_languages": (
        "error", "the parallel corpus has no language {languages}; it has {available}"),
    "diagnostics.tsv_too_short": (
        "error", "a parallel TSV needs a header row of language codes and at least one row of "
                 "sentences"),
    "diagnostics.tsv_header": (
        "error", "the header must name each language once"),
    "diagnostics.tsv_columns": (
        "error", "{columns:,} columns where the header has {header:,}"),
    "diagnostics.unknown_pivot": (
        "error", "unknown pivot language {pivot!r}; the corpus has {languages}"),
    "diagnostics.pivot_no_tokens": (
        "error", "the pivot language {pivot} has no tokens"),
    "diagnostics.template_failed": (
        "error", "the chat template cannot be rendered"),
    "diagnostics.no_tokenizer": (
        "error", "choose at least one tokenizer"),
    "diagnostics.too_many_tokenizers": (
        "error", "at most {limit} tokenizers at once ({count} given)"),
    "diagnostics.corpus_choice": (
        "error", "give either corpus sources or a parallel corpus"),
    "diagnostics.align_choice": (
        "error", "align must be one of {choices}"),
    "diagnostics.context_too_small": (
        "error", "the context window must be at least 1 token"),
    "diagnostics.no_source": (
        "error", "the corpus has no source"),
    "diagnostics.dask_missing": (
        "error", "the Dask backend needs the optional extra: pip install "
                 "'tokenizer-workbench[cluster]' (dask and distributed)"),
    "diagnostics.scheduler_missing": (
        "error", "the Dask backend needs a scheduler address (tcp://host:port)"),
    "diagnostics.no_such_file": (
        "error", "no such file"),
    "diagnostics.scheduler_unreachable": (
        "error", "cannot reach the Dask scheduler at {address} within {seconds:.0f} s"),
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
        "warning", "the template refuses a system message"),
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
    # does the template fit the tokenizer (core.chat.fit)
    "chat.control_split": (
        "error", "the template writes {literal!r} ({count}× from character {at}), which is no "
                 "token of this tokenizer: it is encoded as {n} ordinary tokens {pieces} — the "
                 "template does not fit this tokenizer"),
    "chat.control_not_special": (
        "warning", "the template writes {literal!r} ({count}× from character {at}) as a control "
                   "token, but this tokenizer has it only as the ordinary token {id}, not a "
                   "special token: a user who types it writes the same token"),
    "chat.special_variable_undefined": (
        "warning", "the template reads {name}, which this tokenizer does not define: it "
                   "renders as nothing (transformers passes only the tokenizer's own special "
                   "tokens)"),
    "chat.bos_missing": (
        "warning", "the tokenizer's post-processor starts a text with {token!r} (ID {id}) but "
                   "the template writes none: apply_chat_template(tokenize=True) encodes the "
                   "render without special tokens, so the model gets no {token!r}"),
    "chat.bos_differs": (
        "warning", "the template starts with {token!r} (ID {id}) but the tokenizer's "
                   "post-processor starts a text with {added!r} (ID {added_id})"),
    # GGUF files (core.formats.gguf.tokenizer)
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
    # a model named, not a path (core.models): where it was looked for and what is missing
    "models.not_found": (
        "error", "no file, folder or local model named {name} (local models looked for in: {places})"),
    "models.not_found_similar": (
        "error", "no local model named {name}; local models of a like name: {similar}"),
    "models.ambiguous": (
        "error", "{name} names {count} local models with different tokenizers (behaviour · "
                 "vocabulary fingerprints in brackets): {choices}; name one of them"),
    "models.same_tokenizer": (
        "info", "{name} names {count} local models with one tokenizer (behaviour fingerprint "
                "{behaviour}): opened {chosen}; the same in {others}"),
    "models.no_snapshot": (
        "error", "{name} is in the Hugging Face cache without any snapshot: download it again"),
    "models.ref_without_snapshot": (
        "error", "{name}: {ref} names commit {commit}, whose snapshot is not in the cache: "
                 "download it again"),
    "models.revision_not_cached": (
        "error", "{name}: revision {revision} is not in the cache (cached: {cached})"),
    "models.hub_has_no_tokenizer": (
        "error", "{name} at {revision} has no tokenizer file: the Hub said {files} do not "
                 "exist there (.no_exist markers)"),
    "models.snapshot_without_tokenizer": (
        "error", "{name} at {revision}: no tokenizer file was downloaded (the snapshot holds "
                 "{present}): download tokenizer.json or tokenizer.model"),
    "models.blob_missing": (
        "error", "{file} points to {target}, which is missing (an interrupted download or a "
                 "cleaned cache): download it again"),
    "models.no_such_tag": (
        "error", "{name} has no GGUF tagged {tag} (its tags: {tags})"),
    "models.bad_manifest": (
        "error", "the Ollama manifest of {name} cannot be read ({problem})"),
    "models.no_model_layer": (
        "error", "the Ollama manifest of {name} has no GGUF model layer (media type "
                 "application/vnd.ollama.image.model); its layers: {kinds}"),
    "models.not_gguf": (
        "error", "the model layer of {name} is not a GGUF file; only GGUF models are read"),
    "models.go_template_only": (
        "info", "{name} has no Jinja chat template, only Ollama's Go template, which Ollama "
                "renders itself: choose a template to render here"),
    # GGUF tokenizers the workbench refuses, each with why (core.formats.gguf.tokenizer.read_vocab)
    "gguf.model_unknown": (
        "error", "tokenizer.ggml.model is {model!r}, a tokenizer llama.cpp does not know either; "
                 "the workbench runs {supported}"),
    "gguf.model_no_vocab": (
        "error", "tokenizer.ggml.model is {model!r}: the file has no vocabulary (llama.cpp loads "
                 "no tokenizer from it either); the workbench runs {supported}"),
    "gguf.model_rwkv": (
        "error", "tokenizer.ggml.model is {model!r}: llama.cpp runs RWKV's greedy longest match "
                 "over escaped byte tokens, which no tokenizers pipeline reproduces; the "
                 "workbench runs {supported}"),
    "gguf.model_plamo2": (
        "error", "tokenizer.ggml.model is {model!r}: llama.cpp runs PLaMo-2's own table-driven "
                 "best-path search with byte fallback, which no tokenizers pipeline reproduces; "
                 "the workbench runs {supported}"),
    "gguf.model_hybriddna": (
        "error", "tokenizer.ggml.model is {model!r}: llama.cpp cuts the text inside <dna>…</dna> "
                 "into 6-letter k-mers padded with A, which no tokenizers pipeline reproduces; "
                 "the workbench runs {supported}"),
    "gguf.whitespace_lowercase": (
        "error", "tokenizer.ggml.model is {model!r} with lowercasing on: llama.cpp lowercases "
                 "with its own one-code-point table, which no tokenizers normalizer reproduces; "
                 "not run"),
    "gguf.pre_unknown": (
        "error", "tokenizer.ggml.pre is {pre!r}, a pre-tokenizer llama.cpp does not know (it "
                 "refuses the file too); the workbench will not guess one"),
    "gguf.newline_merges": (
        "error", "the merges join newlines without building all {runs} newline tokens: "
                 "llama.cpp's Gemma 4 rule (a run of newlines that is a token is taken whole) "
                 "then has no exact tokenizers pipeline; not run"),
    "gguf.add_without_id": (
        "error", "{flag} is true but the file sets no {key}: llama.cpp refuses to load it"),
    # a workspace file (core.workspace): why it cannot be read, and files gone since it was saved
    "workspace.not_workspace": (
        "error", 'not a workbench workspace: it has no "{key}" version'),
    "workspace.bad_version": (
        "error", 'the workspace version {version} is not a whole number from 1'),
    "workspace.newer": (
        "error", 'this workspace is version {version}; this workbench reads versions up to {supported}'),
    "workspace.not_json": (
        "error", 'the workspace is not valid JSON: {problem}'),
    "workspace.unreadable": (
        "error", 'the workspace cannot be read'),
    "workspace.bad_field": (
        "error", '{field} is {found}; it should be {expected}'),
    "workspace.bad_choice": (
        "error", '{field} is {value!r}; it should be one of {allowed}'),
    "workspace.bad_weight": (
        "error", '{field} is {value}; a sampling weight is a finite number, 0 or more'),
    "workspace.bad_value": (
        "error", 'a value in the workspace is not valid'),
    "workspace.unusable": (
        "warning", 'the saved workspace {path} could not be used: {problem}'),
    "workspace.used_previous": (
        "info", 'restored the previous good workspace, {path}'),
    "workspace.tokenizer_missing": (
        "warning", 'tokenizer {path} is gone: not reopened'),
    "workspace.corpus_source_missing": (
        "warning", 'corpus source {path} is gone: left out of the corpus'),
    "workspace.template_file_missing": (
        "warning", "chat template file {path} is gone: the tokenizer's own template is used"),
    "workspace.tokenizer_unusable": (
        "warning", 'tokenizer {path} could not be reopened: {problem}'),
    "workspace.dataset_missing": (
        "warning", 'Align dataset {path} is gone: not reopened'),
    "workspace.parallel_missing": (
        "warning", "Diagnostics parallel corpus {path} is gone: the Corpus pane's sources are "
                   "used"),
    "workspace.diagnostics_template_missing": (
        "warning", 'Diagnostics chat template file {path} is gone: no template is used'),
    # -- errors the core raises (WorkbenchError.of): the file the user gave, named by the error's
    # path, and what is wrong with it; {problem} a sub-note (json.*: what is wrong with a JSON
    # text), SAID the library's own words where it has no code of ours (zipfile, tokenizers)
    "file.no_such": ("error", "no such file"),
    "file.no_such_path": ("error", "no such file or folder"),
    "file.no_match": ("error", "no file matches"),
    "text.invalid_utf8": (
        "error", "invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the "
                 "line: {byte:#04x})"),
    "text.invalid_utf8_strict": (
        "error", "invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the "
                 "line: {byte:#04x}); use the 'replace' policy to keep going"),
    "json.invalid": ("error", "invalid JSON: {problem}"),
    # what is wrong with a JSON text (core.text.json_errors): sub-notes of json.invalid and the
    # like; the line and column are the error's own
    "json.expecting_value": ("info", "a value is expected here"),
    "json.expecting_name": ("info", "a key in double quotes is expected here"),
    "json.expecting_colon": ("info", "a ':' is expected after the key"),
    "json.expecting_comma": ("info", "a ',' or a closing bracket is expected here"),
    "json.unterminated_string": ("info", "a string is not closed"),
    "json.control_character": (
        "info", "a control character (a tab, a line break) inside a string must be escaped"),
    "json.bad_escape": ("info", "a backslash escape in a string is not valid"),
    "json.extra_data": ("info", "more text follows the JSON value"),
    "json.trailing_comma": ("info", "a comma before the closing bracket"),
    "json.syntax": ("info", "a syntax error"),
    "json.invalid_utf8": ("info", "invalid UTF-8 at byte {byte:,}"),
    # an error that carries no note of its own, as a sub-note: its type; its words are SAID
    "error.as_raised": ("error", "{kind}"),
    "json.not_object": ("error", "expected a JSON object at the top level"),
    "json.not_text_line": (
        "error", 'expected a JSON string or an object with a "text" string'),
    "format.empty_file": (
        "error", "the file is empty; expected a HF tokenizer.json, a SentencePiece .model, a "
                 "tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt "
                 "beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle"),
    "format.not_tokenizer": (
        "error", "not a tokenizer file; expected a HF tokenizer.json, a SentencePiece .model, a "
                 "tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt "
                 "beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle"),
    "format.json_not_tokenizer": (
        "error", "a JSON file, but not a tokenizer ({name} has no 'model'); expected a HF "
                 "tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece "
                 "vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a Mistral "
                 "tekken.json, or a workbench bundle"),
    "format.folder_without_tokenizer": (
        "error", "the folder holds no tokenizer; expected a HF tokenizer.json, a SentencePiece "
                 ".model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with "
                 "merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle"),
    "format.merges_without_vocab": (
        "error", "this looks like a BPE merges.txt; the vocab.json it needs is not beside it"),
    "format.vocab_without_merges": (
        "error", "this looks like a GPT-2 vocab.json; the merges.txt it needs is not beside it"),
    "format.not_native": (
        "error", "{format!r} is not a native tokenizer format here; open it with "
                 "core.loading.open_tokenizer"),
    "format.wordpiece_without_unk": ("error", "a WordPiece vocab.txt needs an [UNK] token"),
    "format.merge_not_a_pair": ("error", "expected two space-separated pieces per merge"),
    "format.not_byte_level": (
        "error", "vocab.json is not in the GPT-2 byte-level alphabet; only byte-level vocab.json "
                 "+ merges.txt pairs are supported"),
    "format.no_chat_template": ("error", "has no 'chat_template' string"),
    # a tokenizer file the format's reader refuses; SAID is its library's own words
    "tiktoken.line_shape": ("error", "expected 'base64-token rank' on every line"),
    "tiktoken.bad_base64": ("error", "invalid base64 token {token!r}"),
    "tiktoken.rank_not_integer": ("error", "rank {rank!r} is not an integer"),
    "tiktoken.rank_repeated": ("error", "duplicate rank {rank} (first on line {first})"),
    "tiktoken.no_tokens": ("error", "the rank file has no tokens"),
    "tiktoken.special_id_taken": (
        "error", "special token {literal!r} has id {id}, which is already special token "
                 "{other!r} (choose another preset or special ids)"),
    "tiktoken.special_id_is_rank": (
        "error", "special token {literal!r} has id {id}, which is already a rank (choose another "
                 "preset or special ids)"),
    "tiktoken.rejected": ("error", "tiktoken rejected the tokenizer"),
    "tiktoken.unknown_preset": (
        "error", "unknown preset {preset!r}; known presets: {presets} (gpt2 = r50k)"),
    "sentencepiece.corrupt": (
        "error", "not a SentencePiece model: the protobuf data is truncated or corrupt"),
    "sentencepiece.no_pieces": ("error", "not a SentencePiece model: it has no pieces"),
    # a .model cut short (core.formats.sentencepiece.layout); {where} is a sentencepiece.in_*
    # sub-note: the protobuf field where the file ends, or the last one whole
    "sentencepiece.cut_inside": (
        "error", "truncated: the file ends at byte {size:,}, inside {where} (bytes "
                 "{start:,}–{end:,}); a SentencePiece model must be copied whole"),
    "sentencepiece.cut_before_normalizer": (
        "error", "truncated: the file ends at byte {size:,}, after {where}, before the "
                 "normalizer_spec every SentencePiece model has; a SentencePiece model must be "
                 "copied whole"),
    "sentencepiece.in_piece": ("info", "piece {number:,}"),
    "sentencepiece.in_field": ("info", "the {field} field"),
    "sentencepiece.in_field_number": ("info", "field {number}"),
    "sentencepiece.in_a_field": ("info", "a field"),
    "sentencepiece.rejected": ("error", "sentencepiece could not load the model"),
    "hf.no_model": ("error", "tokenizer.json has no 'model' object"),
    "hf.rejected": ("error", "the tokenizers runtime rejected this file"),
    # a conversation file (core.chat.conversation) and a file of token IDs (core.stream.decode)
    "conversation.unknown_keys": (
        "error", 'unknown key(s) {keys}: a conversation holds "messages", "tools" and "documents"'),
    "conversation.not_list": ("error", '"{key}" must be a list'),
    "conversation.item_not_object": ("error", '"{key}" item {item} is not an object'),
    "conversation.shape": ("error", 'expected a list of messages, or {{"messages": [...]}}'),
    "conversation.no_messages": ("error", "the conversation has no messages"),
    "conversation.message_not_object": ("error", "message {message} is not an object"),
    "conversation.no_role": ("error", 'message {message} has no "role" (a string)'),
    "stream.ids_shape": ("error", 'expected a list of token IDs, or {{"ids": [...]}}'),
    "stream.item_not_id": ("error", "item {item} is not a token ID (an integer): {value}"),
    # a Mistral tekken.json (core.formats.tekken.read); {value} and {rank} as Python writes them
    "tekken.not_count": ("error", "config.{key} must be a non-negative integer (found {value})"),
    "tekken.no_pattern": ("error", "config.pattern must be a regex string"),
    "tekken.vocab_below_specials": (
        "error", "config.default_vocab_size ({vocab_size:,}) is smaller than "
                 "config.default_num_special_tokens ({specials:,})"),
    "tekken.vocab_short": (
        "error", "vocab has {entries:,} entries, fewer than config.default_vocab_size "
                 "({vocab_size:,}) minus config.default_num_special_tokens ({specials:,}) = "
                 "{ranks:,}"),
    "tekken.entry_shape": ("error", "vocab[{index}] needs a 'rank' and base64 'token_bytes'"),
    "tekken.rank_out_of_order": (
        "error", "vocab[{index}] has rank {rank}; ranks must count up from 0"),
    "tekken.bytes_repeated": ("error", "vocab[{index}] repeats the bytes of rank {rank}"),
    "tekken.specials_shape": (
        "error", "special_tokens must be a list of at most config.default_num_special_tokens "
                 "({specials:,}) entries"),
    "tekken.special_shape": (
        "error", "special_tokens[{index}] needs a 'token_str' and a 'rank' below {specials:,}"),
    "tekken.special_repeated": ("error", "special_tokens[{index}] repeats {literal!r}"),
    # text and offsets a tokenizer cannot take (core.text.offsets); {unit} is a unit key
    "text.lone_surrogates": (
        "error", "text contains {count} lone surrogate(s) (first {codepoint} at code point "
                 "{start}); they are not valid Unicode and cannot be tokenized"),
    "text.offset_outside": ("error", "offset {offset} is outside the text (0..{limit} {unit})"),
    "text.offset_inside_character": (
        "error", "byte offset {offset} falls inside a UTF-8 character"),
    "text.offset_inside_pair": (
        "error", "UTF-16 offset {offset} falls between the two halves of a surrogate pair"),
    # a chat template's source (core.chat.sources)
    "chat.template_value_shape": (
        "error", "'chat_template' must be a string or a list of {{\"name\": ..., \"template\": "
                 "...}} objects"),
    "chat.file_without_template": ("error", "has no 'chat_template'"),
    # a stream's settings (core.stream)
    "stream.bad_stop": ("error", "a stop string must be non-empty text, not {value}"),
    "stream.bad_chunk": ("error", "the chunk size must be at least 1, not {chunk}"),
    # a GGUF file's tokenizer keys (core.formats.gguf.tokenizer); {key} names a metadata key
    "gguf.key_type": ("error", "metadata key {key!r} has the wrong type ({found})"),
    "gguf.no_tokenizer": (
        "error", "this GGUF file has no tokenizer (no 'tokenizer.ggml.model' key)"),
    "gguf.not_strings": ("error", "{key} must be an array of strings"),
    "gguf.not_numbers": ("error", "{key} must be an array of numbers"),
    "gguf.no_tokens": ("error", "tokenizer.ggml.tokens is missing or empty"),
    "gguf.length_differs": (
        "error", "{key} has {entries:,} entries but tokenizer.ggml.tokens has {tokens:,}: they "
                 "must be the same length"),
    "gguf.no_merges": (
        "error", "tokenizer.ggml.merges is missing: a {model} tokenizer needs its merges"),
    "gguf.no_scores": (
        "error", "tokenizer.ggml.scores is missing: a {model} tokenizer needs its scores"),
    "gguf.token_repeated": (
        "error", "tokenizer.ggml.tokens repeats {token!r} (IDs {first} and {second})"),
    "gguf.charsmap_not_bytes": (
        "error", "tokenizer.ggml.precompiled_charsmap must be an array of bytes"),
    "gguf.merge_not_a_pair": (
        "error", "tokenizer.ggml.merges[{number}] {merge!r} is not two pieces separated by a "
                 "space"),
    # a GGUF header the reader cannot read (core.formats.gguf.header); {where} is a gguf.in_*
    # sub-note: the part of the header being read
    "gguf.shorter_than_magic": (
        "error", "the GGUF header is truncated (the file is shorter than its magic and version)"),
    "gguf.not_gguf": ("error", "not a GGUF file (it does not start with 'GGUF')"),
    "gguf.version_unknown": (
        "error", "GGUF version {version} is not one this workbench reads (versions {supported})"),
    "gguf.version_big_endian": (
        "error", "GGUF version {version} (a big-endian file?) is not one this workbench reads "
                 "(versions {supported})"),
    "gguf.header_truncated": (
        "error", "the GGUF header is truncated while reading {where} (byte {byte:,} of "
                 "{size:,})"),
    "gguf.invalid_utf8": ("error", "invalid UTF-8 in {where} at byte {byte:,}"),
    "gguf.unknown_array_type": ("error", "{where} is an array of unknown value type {kind}"),
    "gguf.unknown_value_type": ("error", "{where} has unknown value type {kind}"),
    "gguf.too_many_dimensions": ("error", "{where} declares {dimensions} dimensions"),
    "gguf.in_header": ("info", "the file header"),
    "gguf.in_version": ("info", "the version"),
    "gguf.in_counts": ("info", "the tensor and key counts"),
    "gguf.in_key_name": ("info", "the name of key {number} of {total}"),
    "gguf.in_key": ("info", "key {key!r}"),
    "gguf.in_tensor_record": ("info", "tensor record {number} of {total}"),
    "gguf.in_tensor": ("info", "tensor {tensor!r}"),
    # a post-processing setting the Inspect pane or tokbench was given (core.pipeline.postprocess);
    # {which_template} and {which_text} are keys (TERMS), {word}, {name} and {text} the user's
    "postprocess.sequence_unsupported": (
        "error", "tokenizer.json: a Sequence of several processors that add tokens is not "
                 "supported here"),
    "postprocess.unsupported": (
        "error", "tokenizer.json: the {kind} post-processor is not supported here"),
    "postprocess.unsupported_unnamed": (
        "error", "tokenizer.json: the unnamed post-processor is not supported here"),
    "postprocess.no_pair_form": (
        "error", "the template has no pair form: give a pair template (with $A and $B) to encode "
                 "a pair of texts"),
    "postprocess.type_id_not_number": (
        "error", "{which_template} template: {word!r}: the type ID after ':' must be a number"),
    "postprocess.not_a_token": (
        "error", "{which_template} template: {name!r} is not a token of this tokenizer"),
    "postprocess.a_not_once": (
        "error", "{which_template} template: $A must appear exactly once (found {count} times) "
                 "in {text!r}"),
    "postprocess.b_not_once": (
        "error", "pair template: $B must appear exactly once (found {count} times) in {text!r}"),
    "postprocess.b_in_single": (
        "error", "single template: $B belongs in the pair template ({text!r})"),
    "postprocess.not_a_sequence": (
        "error", "{which_template} template: {word!r} is neither $A nor $B"),
    "postprocess.truncation_negative": ("error", "max length and stride must not be negative"),
    "postprocess.truncation_side": ("error", "truncation side {side!r}: choose right or left"),
    "postprocess.truncation_strategy": (
        "error", "truncation strategy {strategy!r}: choose {strategies}"),
    "postprocess.padding_negative": (
        "error", "padding length and multiple must not be negative"),
    "postprocess.padding_side": ("error", "padding side {side!r}: choose right or left"),
    "postprocess.pair_without_single": ("error", "a pair template needs the single template too"),
    "postprocess.stride_above_room": (
        "error", "stride {stride} is not below the room left for text ({max_length} max length - "
                 "{added} added special tokens = {room})"),
    "postprocess.no_second_text": ("error", "truncation only_second needs a second text"),
    "postprocess.text_too_short": (
        "error", "the {which_text} text has {tokens} tokens; it cannot lose the {remove} the max "
                 "length asks for ({strategy}): raise the max length or choose longest_first"),
    "postprocess.stride_above_kept": (
        "error", "stride {stride} must be below the {keep} tokens this text keeps (tokenizers "
                 "refuses it too): lower the stride or raise the max length"),
    # a workbench-bpe.json (core.formats.reference.runtime); {key} is a tokenizer.json part
    "reference.unknown_part": ("error", "its {key} is not one tokenizers knows"),
    "reference.invalid": ("error", "not a valid {file}"),
    "reference.not_in_vocabulary": ("error", "{token!r} is not in the vocabulary"),
    "reference.id_twice": ("error", "id {id} is given to both {first!r} and {second!r}"),
    # special-token literals a caller allowed (core.pipeline.special.allowed_literals)
    "special.allowed_shape": (
        "error", 'allowed_special must be "all" or a set of literals, not {value}'),
    "special.not_allowed": (
        "error", "allowed_special: {literals!r} are not a special token of this tokenizer (its "
                 "special tokens: {known})"),
    "special.not_allowed_none": (
        "error", "allowed_special: {literals!r} are not a special token of this tokenizer (its "
                 "special tokens: none)"),
    # a chat template render the workbench stopped or could not start (core.chat.bounded, .render)
    # and a template it could not choose (core.chat.sources)
    "chat.render_crashed": ("error", "the render process ended unexpectedly (exit code {exit_code})"),
    "chat.render_too_long": ("error", "the template ran longer than {seconds:g} s; stopped"),
    "chat.render_not_started": ("error", "the render process could not start"),
    "chat.render_crashed_at_start": (
        "error", "the render process ended at start-up (exit code {exit_code})"),
    "chat.render_never_ready": ("error", "the render process did not start"),
    "chat.render_out_of_memory": ("error", "the template ran out of memory"),
    "chat.render_recursion": (
        "error", "the template calls itself without end (Python's recursion limit was reached)"),
    "chat.render_output_limit": (
        "error", "the template produced more than {limit:,} characters; stopped"),
    "chat.several_templates": (
        "error", "This tokenizer has several chat templates and none is named 'default': choose "
                 "one of {names}"),
    "chat.no_template": (
        "error", "This tokenizer has no chat template: choose a template file or a built-in one "
                 "({builtins})"),
    # a bundle (core.bundles.bundle): its manifest, its checksums
    "bundle.replace_not_bundle": ("error", "refusing to replace a folder that is not a bundle"),
    "bundle.no_manifest": ("error", "not a bundle: manifest.json is missing"),
    "bundle.bad_zip": ("error", "not a readable zip bundle"),
    "bundle.zip_without_manifest": ("error", "not a bundle: the zip holds no manifest.json"),
    "bundle.manifest_not_json": ("error", "manifest.json is not valid JSON: {problem}"),
    "bundle.wrong_format": ("error", "manifest.json does not declare format {format!r}"),
    "bundle.newer": (
        "error", "bundle format version {version} is newer than this workbench reads "
                 "({supported})"),
    "bundle.no_files": ("error", "manifest.json lists no files"),
    "bundle.unsafe_path": ("error", "manifest names an unsafe file path {name!r}"),
    "bundle.file_missing": ("error", "{name} is listed in the manifest but missing"),
    "bundle.checksum_mismatch": (
        "error", "checksum mismatch in {name}: the file was changed after the bundle was saved"),
    "bundle.no_source_format": (
        "error", "manifest.json does not say which tokenizer format it holds"),
    "bundle.tokenizer_fails": ("error", "its tokenizer does not load: {problem}"),
    "bundle.end_of_word_export": (
        "error", "its BPE keeps the paper's separate </w> end-of-word symbol, which no native "
                 "format (tokenizer.json, .model, .tiktoken) can express; an export would change "
                 "its IDs. Use the bundle itself, or retrain with end_of_word 'suffix' for a "
                 "tokenizer.json"),
    # golden samples (core.bundles.golden)
    "golden.not_json": ("error", "not valid JSON: {problem}"),
    "golden.samples_shape": (
        "error", 'expected a list of texts or of {{"name": ..., "text": ...}}'),
    "golden.item_shape": ("error", 'item {item} is neither a text nor {{"text": ...}}'),
    "golden.not_golden": ("error", 'not a golden file (no "format": "{format}")'),
    "golden.older": (
        "error", "golden file format version {version} is older than this workbench writes "
                 "({supported}): lock it again with tokbench golden lock"),
    "golden.newer": (
        "error", "golden file format version {version} is newer than this workbench reads "
                 "({supported})"),
    "golden.no_samples": ("error", "the golden file holds no samples list"),
    "golden.bundle_without_samples": (
        "error", "the bundle holds no golden samples (tokbench golden lock BUNDLE)"),
    # a corpus source (core.corpus)
    "corpus.empty_file": ("error", "the file is empty"),
    "corpus.cannot_decompress": ("error", "cannot decompress"),
    "corpus.binary": ("error", "this is a binary file, not text (it contains NUL bytes)"),
    "corpus.cannot_read": ("error", "cannot read"),
    "corpus.no_field": ("error", "no field {field!r} in this record"),
    "corpus.field_not_text": ("error", "field {field!r} is not a string"),
    "corpus.no_column": ("error", "no column {column!r} (columns: {columns})"),
    "corpus.row_too_short": ("error", "row has no column {index}"),
    "corpus.unknown_kind": ("error", "unknown source kind {kind!r}; use one of {kinds}"),
    "corpus.bad_weight": (
        "error", "a sampling weight must be a finite number, 0 or more (not {weight})"),
    # loading options a format does not take (core.loading.check_options); {options} and
    # {option_formats} are lists of keys (TERMS), {format} the source's format key
    "loading.options_not_taken": (
        "error", "{options} apply to {option_formats}; this is {format}"),
    "loading.options_on_bundle": (
        "error", "{options} apply to {option_formats}; this is a bundle (its manifest says how "
                 "it runs)"),
    # a training config (core.engines.config); {value} is the value as Python writes it
    "training.config_choice": ("error", "config: {name} must be one of {allowed}, not {value}"),
    "training.config_vocab_size": ("error", "config: vocab_size must be positive"),
    "training.config_min_frequency": ("error", "config: min_frequency must be at least 1"),
    "training.config_coverage": ("error", "config: character_coverage must be in (0, 1]"),
    "training.config_empty_special": ("error", "config: special_tokens contains an empty token"),
    "training.config_not_object": ("error", "config: expected a JSON object"),
    "training.config_unknown_field": ("error", "config: unknown field {key!r}"),
    "training.config_unknown_field_close": (
        "error", "config: unknown field {key!r} (did you mean {close!r}?)"),
    "training.config_type": (
        "error", "config: {name} should be {expected}, not {found} ({value})"),
    # a trainer's child process failed; SAID is what it said ({engine}: a library's name)
    "training.engine_failed": ("error", "{engine} training failed"),
    "training.failed": ("error", "training failed"),
}

ENGLISH: dict[str, str] = {code: template for code, (_, template) in CODES.items()}

# Codes whose English counts something in the plural: the argument that counts, and the template
# for a count of one (english() and the GUI's render() take it when that argument is 1).
ONE: dict[str, tuple[str, str]] = {
    "diff.piece_new_id": ("n", "1 piece has a new ID (same piece, new ID: a model would read "
                               "another row for it)"),
    "diff.id_new_piece": ("n", "1 ID now holds another piece (same ID, new piece: its row was "
                               "learned for the old one)"),
    "diff.removed": ("n", "1 piece was removed"),
    "diff.added_appended": ("n", "1 piece added (ID {first:,}, appended past the old ones)"),
    "diff.added_inside": ("n", "1 piece added (ID {first:,}, inside the old ID range)"),
    "diff.kind_changed": ("n", "1 kept piece changed kind (normal / control / user-defined / "
                               "byte)"),
    "diff.specials_moved": ("n", "1 special token moved: {shown}"),
    "diff.specials_removed": ("n", "1 special token removed: {shown}"),
    "diff.specials_added": ("n", "1 special token added: {shown}"),
    "diff.specials_changed": ("n", "1 special token changed kind: {shown}"),
    "diff.unreachable": ("n", "1 kept piece is no longer produced by any merge sequence"),
    "diff.scores": ("n", "1 piece score changed"),
    "diff.duplicate_pieces": ("n", "1 ID of the {side} vocabulary repeats a piece another ID "
                                   "has: a mapping could not be made for it (the lowest ID is "
                                   "used)"),
    "diff.roles_changed": ("n", "1 special token with another role: {shown}"),
    "diagnostics.failed_documents": ("count", "{tokenizer} failed on 1 document, listed under "
                                              "its failures; the rest was measured"),
    "special.not_allowed": ("count", "allowed_special: {literals!r} is not a special token of this "
                                     "tokenizer (its special tokens: {known})"),
    "special.not_allowed_none": ("count", "allowed_special: {literals!r} is not a special token of "
                                          "this tokenizer (its special tokens: none)"),
}

# tokenizer families (core.diff.vocab.family): pieces compare as text only within one
FAMILIES = {"byte-level": "byte-level", "wordpiece": "WordPiece", "piece": "SentencePiece-style"}
# Arguments whose value is a key from a closed set (a pipeline part, a side of a diff): the
# English for each key. A front end says the same keys in its own language.
TERMS: dict[str, dict[str, str]] = {
    "part": {"normalizer": "normalizer", "pre_tokenizer": "pre-tokenizer",
             "model": "model parameters", "post_processor": "post-processor",
             "decoder": "decoder", "padding_truncation": "padding / truncation",
             "chat_template": "chat template", "model_binding": "model binding"},
    "side": {"old": "old", "new": "new"},
    # which template, which text of a pair (core.pipeline.postprocess)
    "which_template": {"single": "single", "pair": "pair"},
    "which_text": {"first": "first", "second": "second"},
    # what a byte offset of invalid UTF-8 counts in (core.text.utf8)
    "counted_in": {"file": "file", "decompressed file": "decompressed file"},
    "old_family": FAMILIES,
    "new_family": FAMILIES,
    # loading options and the formats that take them (core.loading.check_options)
    "options": {"preset": "preset", "pattern": "pattern", "special": "special tokens",
                "add_bos": "add BOS", "add_eos": "add EOS"},
    "option_formats": {"tiktoken": "tiktoken rank files",
                       "sentencepiece": "SentencePiece models"},
}


@dataclass(frozen=True)
class Note:
    """Something a user should know about a tokenizer, a text or an inspection.

    Attributes:
        code: a stable identifier (a key of :data:`CODES`); front ends render it.
        severity: ``info``, ``warning`` or ``error``.
        args: the values its template names: str, int, bool; a list of them, which each
            front end joins in its own way (", " in English, "、" in Chinese); a note (a
            sub-note: a part of a sentence, such as where in a file, that the front ends word
            from the same tables); and :data:`SAID`, a library's own words, which each front
            sets apart after the note's sentence instead of inside it.
        span: the code point range of the text it concerns, if any (end-exclusive).
    """

    code: str
    severity: Severity
    args: dict = field(default_factory=dict, hash=False)
    span: tuple[int, int] | None = None

    def to_json(self) -> dict:
        """The stable JSON form (``tokbench inspect --json``, see docs/cli.md)."""
        return {"code": self.code, "severity": self.severity, "message": english(self),
                "args": {name: _arg_json(value) for name, value in self.args.items()},
                "span": list(self.span) if self.span else None}


def _arg_json(value):
    """An argument's JSON form: a sub-note (a "where" part, a JSON problem) as a note's own."""
    if isinstance(value, Note):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_arg_json(item) for item in value]
    return value


def _arg_from_json(value):
    if isinstance(value, dict) and value.get("code") in CODES and "severity" in value:
        return from_json(value)
    if isinstance(value, list):
        return [_arg_from_json(item) for item in value]
    return value


def note(code: str, *, span: tuple[int, int] | None = None, **args) -> Note:
    """A :class:`Note` of a known code, with the severity :data:`CODES` gives it.

    >>> note("stages.limited", limit=20000).severity
    'info'
    """
    severity, _ = CODES[code]  # an unknown code is a bug: fail where it is made
    return Note(code, severity, args, None if span is None else (int(span[0]), int(span[1])))


# args that hold a unit's key (``cp``: stable in JSON), worded by each front end
UNIT_ARGS = ("unit", "other_unit")


# the arg holding a library's own words (json, zipfile, tokenizers' Rust errors), which no
# template names: each front end shows it set apart after the note's sentence (English: after a
# colon, as ``tokbench`` always printed it)
SAID = "said"
# how English joins a list argument, and how it appends a library's words
ENGLISH_SEPARATOR = ", "
ENGLISH_SAID = "{message}: {said}"
# an empty list argument, in every language
NOTHING = "—"


def english(n: Note) -> str:
    """The note in English, as ``tokbench`` prints it (a unit arg by its name).

    >>> english(note("hf.truncation_off", max_length=512))
    'the file truncates at 512 tokens; truncation is off here'
    >>> english(note("dataset.texts_differ", count=1, total=2, unit="utf16"))
    '1 of 2 span texts do not match the text in UTF-16 units (nor in any other unit)'
    >>> english(note("diff.removed", n=1)), english(note("diff.part_changed", part="model"))
    ('1 piece was removed', 'the model parameters changed')
    >>> english(note("align.unknown_mode", mode="x", modes=["strict", "expand"]))
    "unknown mode 'x'; use strict, expand"
    >>> english(note("hf.rejected", said="data did not match any variant"))
    'the tokenizers runtime rejected this file: data did not match any variant'
    """
    return worded(n, ENGLISH, {code: template for code, (_, template) in ONE.items()},
                  {**TERMS, **{name: unit_words() for name in UNIT_ARGS}})


def worded(n: Note, templates: dict[str, str], singular: dict[str, str],
           terms: dict[str, dict[str, str]], separator: str = ENGLISH_SEPARATOR,
           said: str = ENGLISH_SAID) -> str:
    """``n`` said with one language's tables: its template (the singular one when its count is
    1, see :data:`ONE`), its key arguments (:data:`TERMS`, the units of :data:`UNIT_ARGS`)
    said by their words, a list argument joined with ``separator`` (each item said as the
    template's format and conversion ask), a sub-note worded with the same tables, and a
    library's own words (:data:`SAID`) set apart by the ``said`` template.

    >>> worded(note("diff.scores", n=1), {}, {"diff.scores": "one"}, {})
    'one'
    >>> worded(note("diff.specials_added", n=2, shown=[1000, 2000]),
    ...        {"diff.specials_added": "{n}: {shown:,}"}, {}, {}, separator="、")
    '2: 1,000、2,000'
    """
    count = ONE.get(n.code)
    template = (singular[n.code] if count is not None and n.args.get(count[0]) == 1
                else templates[n.code])

    def said_as(name, value):
        if isinstance(value, Note):
            return worded(value, templates, singular, terms, separator, said)
        if isinstance(value, (list, tuple)):
            return Joined([said_as(name, item) for item in value], separator)
        if name in terms and isinstance(value, str):
            return terms[name].get(value, value)
        return value

    args = {name: said_as(name, value) for name, value in n.args.items() if name != SAID}
    message = template.format(**args)
    if n.args.get(SAID):
        return said.format(message=message, said=n.args[SAID])
    return message


class Joined:
    """A list argument as a template shows it: each item formatted (``{ids:,}``) or converted
    (``{literals!r}``) as the placeholder asks, joined by one language's separator; nothing
    for an empty list is :data:`NOTHING`.

    >>> "{0!r} | {0:,}".format(Joined([1000, 2], ", ")), str(Joined([], ", "))
    ('1000, 2 | 1,000, 2', '—')
    """

    def __init__(self, items: list, separator: str) -> None:
        self.items, self.separator = items, separator

    def _joined(self, say) -> str:
        return self.separator.join(map(say, self.items)) if self.items else NOTHING

    def __str__(self) -> str:
        return self._joined(str)

    def __repr__(self) -> str:
        return self._joined(repr)

    def __format__(self, spec: str) -> str:
        return self._joined(lambda item: format(item, spec))


def worded_args(args: dict, units: dict[str, str]) -> dict:
    """``args`` with each unit key (:data:`UNIT_ARGS`) replaced by its name in ``units``."""
    return {k: units.get(v, v) if k in UNIT_ARGS and isinstance(v, str) else v
            for k, v in args.items()}


def unit_words() -> dict[str, str]:
    """Unit key -> its English name (``cp`` -> ``code points``)."""
    return {u.value: u.label for u in Unit}


def from_json(data: dict) -> Note:
    """A note back from its JSON form (:meth:`Note.to_json`), e.g. a saved report's warnings.

    >>> made = note("diff.removed", n=3)
    >>> from_json(made.to_json()) == made
    True
    """
    span = data.get("span")
    args = {name: _arg_from_json(value) for name, value in (data.get("args") or {}).items()}
    return Note(data["code"], data["severity"], args,
                None if span is None else (int(span[0]), int(span[1])))


def as_raised(error: Exception) -> Note:
    """The sub-note for an error that carries no note of its own: its type, and its words set
    apart as another library's would be (:data:`SAID`).

    >>> english(as_raised(KeyError("vocab")))
    "KeyError: 'vocab'"
    """
    return note("error.as_raised", kind=type(error).__name__,
                **{SAID: getattr(error, "message", None) or str(error)})


def round_trip_notes(trip) -> list[Note]:
    """A ``round_trip.differs`` note when a :class:`~core.formats.runtime.RoundTrip` failed."""
    if trip.ok:
        return []
    start, end = trip.original_range
    return [note("round_trip.differs", span=(start, end), start=start, end=end)]
