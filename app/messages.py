"""The GUI's words for what the core reports: notes (:mod:`core.notes`) and unit names.

The core hands over codes and arguments; here each code gets a template through Qt's translation
layer, so a translated build shows notes in the user's language. A test checks that every code
the core defines has a template here with the same placeholders, so neither side falls behind.

>>> # render(note("stages.limited", limit=20000)) -> 'pipeline stages show the first 20,000 ...'
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject

from core.errors import WorkbenchError
from core.notes import UNIT_ARGS, Note, worded
from core.pipeline.special import GUESS
from core.text.offsets import Unit

CONTEXT = "Notes"


def templates() -> dict[str, str]:
    """Code -> translated template. Built at each call: the translator may change at run time."""
    return error_templates() | {
        "special.kept_as_text": QCoreApplication.translate(
            "Notes", "special-token literal {literal!r} at code point {start} kept as plain text "
                     "(possible injection)"),
        "special.parsed": QCoreApplication.translate(
            "Notes", "special-token literal {literal!r} at code point {start} parsed as a special "
                     "token"),
        "special.more": QCoreApplication.translate("Notes", "special-token literals further on: {count:,}"),
        "special.control_not_parsed": QCoreApplication.translate(
            "Notes", "SentencePiece never parses control symbols from text; they stay plain text"),
        "special.ids_differ": QCoreApplication.translate(
            "Notes", "{role} is {first_ids} in {first} but {second_ids} in {second}"),
        "special.role_token_missing": QCoreApplication.translate(
            "Notes", "{source} names {token!r} as {role}, which the tokenizer does not have"),
        "special.id_outside_tokenizer": QCoreApplication.translate(
            "Notes", "{source} gives {role} ID {id}, which the tokenizer does not have (its IDs "
                     "are 0–{last:,})"),
        "special.id_beyond_embeddings": QCoreApplication.translate(
            "Notes", "special token {token!r} has ID {id}, beyond the model's {rows:,} embedding "
                     "rows (config.json vocab_size)"),
        "special.id_content_differs": QCoreApplication.translate(
            "Notes", "tokenizer_config.json added_tokens_decoder gives ID {id} as {token!r}; the "
                     "tokenizer has {piece!r} there"),
        "round_trip.differs": QCoreApplication.translate(
            "Notes", "decode(encode(text)) differs from the text in code points {start}–{end}"),
        "postprocess.max_below_added": QCoreApplication.translate(
            "Notes", "max length {max_length} is below the {added} special tokens the template "
                     "adds: tokenizers then truncates nothing"),
        "stages.limited": QCoreApplication.translate("Notes", "pipeline stages show the first {limit:,} characters"),
        "offload.fallback": QCoreApplication.translate(
            "Notes", "the helper process could not encode this large text; it was encoded in "
                     "this process instead, which may pause the window"),
        "child.ended": QCoreApplication.translate(
            "Notes", "the job's process ended unexpectedly (exit code {exit_code})"),
        "child.failed": QCoreApplication.translate("Notes", "unexpected {kind} in the job"),
        "progress.records": QCoreApplication.translate("Notes", "{count:,} records"),
        "progress.characters_to_keep": QCoreApplication.translate("Notes",
                                                                  "characters to keep"),
        "progress.corpus_fed": QCoreApplication.translate("Notes",
                                                          "{lines:,} lines, {bytes:,} bytes"),
        "progress.seed_pieces": QCoreApplication.translate("Notes", "{count} seed pieces"),
        "progress.em_pieces": QCoreApplication.translate("Notes", "EM: {count} pieces"),
        "progress.pruned": QCoreApplication.translate("Notes", "pruned to {count} pieces"),
        "progress.pieces": QCoreApplication.translate("Notes", "{count} pieces"),
        "stream.id_out_of_range": QCoreApplication.translate(
            "Notes", "token ID {id} at stream position {position} is out of range: the "
                     "vocabulary has IDs 0..{last}"),
        "stream.prompt_id_out_of_range": QCoreApplication.translate(
            "Notes", "token ID {id} at prompt position {position} is out of range: the "
                     "vocabulary has IDs 0..{last}"),
        "stream.id_not_decodable": QCoreApplication.translate(
            "Notes", "token ID {id} at stream position {position} cannot be decoded"),
        "stream.prompt_id_not_decodable": QCoreApplication.translate(
            "Notes", "token ID {id} at prompt position {position} cannot be decoded"),
        "config.ignored": QCoreApplication.translate("Notes", "{location}: {problem} — ignored"),
        # annotation datasets and alignment (core/align)
        "dataset.no_file": QCoreApplication.translate(
            "Notes", "no such file"),
        "dataset.empty_file": QCoreApplication.translate(
            "Notes", "the file is empty: no records"),
        "dataset.unknown_format": QCoreApplication.translate(
            "Notes", "unknown format {format!r}; use {formats}"),
        "dataset.no_record": QCoreApplication.translate(
            "Notes", "the dataset has no usable record"),
        "dataset.all_bad": QCoreApplication.translate(
            "Notes", "the dataset has no usable record: {count:,} bad (the first on line {line})"),
        "dataset.no_spans": QCoreApplication.translate(
            "Notes", "no span in the dataset (records read: {records:,}; their keys: {keys}): name "
                     "the key that holds the spans"),
        "dataset.no_spans_tagged": QCoreApplication.translate(
            "Notes", "no span in the dataset (records read: {records:,}): every tag is O"),
        "dataset.spans_key_missing": QCoreApplication.translate(
            "Notes", "no record has the key {key!r} (their keys: {keys})"),
        "dataset.invalid_utf8": QCoreApplication.translate(
            "Notes", "invalid UTF-8 at byte {column} of the line (byte {offset:,} of the file: "
                     "{byte:#04x})"),
        "dataset.not_json": QCoreApplication.translate(
            "Notes", "not JSON: {problem} at column {column}"),
        "dataset.needs_text": QCoreApplication.translate(
            "Notes", 'a record needs a "text" string'),
        "dataset.spans_not_list": QCoreApplication.translate(
            "Notes", '"{key}" must be a list'),
        "dataset.span_shape": QCoreApplication.translate(
            "Notes", "span {nth}: a span is an object with start and end (label, text), or a list "
                     "[start, end] or [start, end, label]"),
        "dataset.span_not_int": QCoreApplication.translate(
            "Notes", "span {nth}: start and end must be integers"),
        "dataset.span_not_str": QCoreApplication.translate(
            "Notes", "span {nth}: label and text must be strings"),
        "dataset.token_not_in_text": QCoreApplication.translate(
            "Notes", "token {token!r} does not continue the text (the tokens do not rebuild the text"
                     " of the '# text' line)"),
        "dataset.needs_tag": QCoreApplication.translate(
            "Notes", "a token line needs a token and a tag"),
        "dataset.unknown_tag": QCoreApplication.translate(
            "Notes", "unknown tag {tag!r} (use O, B-, I-, E-, L-, S- or U-)"),
        "dataset.not_one_char": QCoreApplication.translate(
            "Notes", "{column!r} is not one character (a character-BIO file has one character per "
                     "line)"),
        "dataset.not_char_position": QCoreApplication.translate(
            "Notes", "{column!r} is not one character followed by its position in the word, as the "
                     "other lines of this file are"),
        "dataset.span_after_end": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: start is after end"),
        "dataset.span_empty": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r} is empty"),
        "dataset.span_beyond": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r} is beyond the text ({limit} {unit})"),
        "dataset.span_inside_char": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: offset {offset} falls inside a "
                     "character in {unit}"),
        "dataset.span_text_differs": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text's "
                     "{found!r} in {unit}"),
        "dataset.span_text_differs_fits": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text's "
                     "{found!r} in {unit}; it matches in {other_unit}"),
        "dataset.span_text_off": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the "
                     "span does not fall on the text's characters in {unit}"),
        "dataset.span_text_off_fits": QCoreApplication.translate(
            "Notes", "span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the "
                     "span does not fall on the text's characters in {unit}; it matches in "
                     "{other_unit}"),
        "dataset.wrong_unit": QCoreApplication.translate(
            "Notes", "declared {unit}, but {count} of {total} span texts match in {other_unit}"),
        "dataset.texts_differ": QCoreApplication.translate(
            "Notes", "{count} of {total} span texts do not match the text in {unit} (nor in any "
                     "other unit)"),
        "align.no_tokenizer": QCoreApplication.translate(
            "Notes", "no tokenizer to align to"),
        "align.unknown_mode": QCoreApplication.translate(
            "Notes", "unknown mode {mode!r}; use {modes}"),
        "align.unknown_scheme": QCoreApplication.translate(
            "Notes", "unknown scheme {scheme!r}; use {schemes}"),
        "align.unknown_export_format": QCoreApplication.translate(
            "Notes", "unknown export format {format!r}; use {formats}"),
        "align.unknown_fix": QCoreApplication.translate(
            "Notes", "unknown fix {fix!r}; use {fixes}"),
        "align.export_overwrites_dataset": QCoreApplication.translate(
            "Notes", "the export would overwrite the dataset; choose another file"),
        "align.copy_overwrites_dataset": QCoreApplication.translate(
            "Notes", "a corrected copy never replaces the original: choose another file"),
        "chat.special_in_content": QCoreApplication.translate(
            "Notes", "special-token literal {literal!r} typed in message {message} ({role}): "
                     "the sanitized reading keeps it as text; an unsanitized one reads it as "
                     "ID(s) {ids}"),
        "chat.no_generation_prompt": QCoreApplication.translate(
            "Notes", "the last message is the {role}'s and add_generation_prompt is off: the model "
                     "would continue that message instead of answering it"),
        "chat.mask_unlocated": QCoreApplication.translate(
            "Notes", "the assistant mask leaves message(s) {messages} at 0: the renders of the "
                     "conversation's prefixes do not line up there (the template rewrites "
                     "earlier turns, e.g. drops past reasoning), so the turn could not be "
                     "located"),
        "chat.double_bos": QCoreApplication.translate(
            "Notes", "the template writes {token!r} (ID {id}) at the start and the tokenizer's "
                     "post-processor adds it again when the rendered text is encoded with "
                     "special tokens: encode the render with add_special_tokens=False"),
        "chat.double_eos": QCoreApplication.translate(
            "Notes", "the template writes {token!r} (ID {id}) at the end and the tokenizer's "
                     "post-processor adds it again when the rendered text is encoded with "
                     "special tokens: encode the render with add_special_tokens=False"),
        "chat.no_end_of_turn": QCoreApplication.translate(
            "Notes", "the turn of message {message} (assistant) ends with no end-of-turn or EOS "
                     "token (none of {tokens}): a model trained on it does not learn to stop"),
        "chat.end_not_a_stop": QCoreApplication.translate(
            "Notes", "the template ends assistant turns with {token!r} (ID {id}), which is not "
                     "among the generation stop IDs {stops} ({source}): generation would run "
                     "past the end of the turn"),
        "chat.system_dropped": QCoreApplication.translate(
            "Notes", "the template drops the system message: its text {text!r} does not appear "
                     "in the render"),
        "chat.system_moved": QCoreApplication.translate(
            "Notes", "the template moves the system message: its text appears at character "
                     "{at}, after the content of message {message} ({role})"),
        "chat.system_refused": QCoreApplication.translate(
            "Notes", "the template refuses a system message"),
        "chat.tools_dropped": QCoreApplication.translate(
            "Notes", "the template ignores the tool definitions: the render does not hold "
                     "{names}"),
        "chat.tool_calls_dropped": QCoreApplication.translate(
            "Notes", "the template drops the tool calls of message {message} ({role}): the "
                     "render does not hold {names}"),
        "chat.id_beyond_embeddings": QCoreApplication.translate(
            "Notes", "token {piece!r} (ID {id}, first at token {index}, {count:,} in all) is "
                     "beyond the model's {rows:,} embedding rows (config.json vocab_size)"),
        "chat.control_split": QCoreApplication.translate(
            "Notes", "the template writes {literal!r} ({count}× from character {at}), which is "
                     "no token of this tokenizer: it is encoded as {n} ordinary tokens {pieces} "
                     "— the template does not fit this tokenizer"),
        "chat.control_not_special": QCoreApplication.translate(
            "Notes", "the template writes {literal!r} ({count}× from character {at}) as a "
                     "control token, but this tokenizer has it only as the ordinary token "
                     "{id}, not a special token: a user who types it writes the same token"),
        "chat.special_variable_undefined": QCoreApplication.translate(
            "Notes", "the template reads {name}, which this tokenizer does not define: it "
                     "renders as nothing (transformers passes only the tokenizer's own special "
                     "tokens)"),
        "chat.bos_missing": QCoreApplication.translate(
            "Notes", "the tokenizer's post-processor starts a text with {token!r} (ID {id}) but "
                     "the template writes none: apply_chat_template(tokenize=True) encodes the "
                     "render without special tokens, so the model gets no {token!r}"),
        "chat.bos_differs": QCoreApplication.translate(
            "Notes", "the template starts with {token!r} (ID {id}) but the tokenizer's "
                     "post-processor starts a text with {added!r} (ID {added_id})"),
        "hf.padding_off": QCoreApplication.translate(
            "Notes", "the file pads every encoding ({length}); padding is off here so you see "
                     "the text's own tokens"),
        "hf.truncation_off": QCoreApplication.translate(
            "Notes", "the file truncates at {max_length:,} tokens; truncation is off here"),
        "reference.end_of_word": QCoreApplication.translate(
            "Notes", "the paper's separate </w> end-of-word symbol, which tokenizer.json cannot "
                     "express: run by the workbench's reference BPE encoder"),
        "tiktoken.no_preset": QCoreApplication.translate(
            "Notes", "{ranks:,} ranks match no known preset; the cl100k regex is used (choose a "
                     "preset or give a pattern)"),
        "tiktoken.token_repeated": QCoreApplication.translate(
            "Notes", "line {line}: token {token} is listed again (rank {before} before); its later "
                     "rank {rank} is used, as tiktoken's loader does"),
        "tiktoken.preset": QCoreApplication.translate("Notes", "preset {preset}: its regex and special tokens"),
        "tiktoken.specials_collide": QCoreApplication.translate(
            "Notes", "{count} special token(s) of preset {preset} have IDs that are ranks of this "
                     "file ({first:,}–{last:,}; its ranks run 0–{last_rank:,})"),
        "tiktoken.specials_moved": QCoreApplication.translate(
            "Notes", "they are placed after the last rank instead, on IDs {first:,}–{last:,} "
                     "(choose a preset or give special tokens to change this)"),
        "tiktoken.presets_fit": QCoreApplication.translate(
            "Notes", "presets whose special tokens fit these ranks: {presets}"),
        "tiktoken.specials_refused": QCoreApplication.translate(
            "Notes", "preset {preset} does not fit this file: {count} of its special tokens have "
                     "IDs that are ranks ({first:,}–{last:,}; its ranks run 0–{last_rank:,}). Give "
                     "special tokens after the last rank, from ID {start:,}, or choose a preset "
                     "that fits: {presets}"),
        "tiktoken.preset_normalization": QCoreApplication.translate(
            "Notes", "preset {preset}: {normalization} normalization first"),
        "sentencepiece.default_bos": QCoreApplication.translate(
            "Notes", "special tokens add the model's BOS {bos} at the start, as Llama and "
                     "Mistral are run (no tokenizer_config.json beside it says add_bos_token)"),
        "tiktoken.preset_bos": QCoreApplication.translate("Notes", "preset {preset}: {bos} added at the start"),
        "wordpiece.lowercased_config": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (lowercased, from tokenizer_config.json)"),
        "wordpiece.lowercased_guessed": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (lowercased, guessed from the vocabulary)"),
        "wordpiece.cased_config": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (cased, from tokenizer_config.json)"),
        "wordpiece.cased_guessed": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (cased, guessed from the vocabulary)"),
        "training.wordpiece_needs_unknown": QCoreApplication.translate(
            "Notes", "WordPiece needs an unknown token for words it cannot split: add {token} to "
                     "the special tokens"),
        "training.unigram_needs_unknown": QCoreApplication.translate(
            "Notes", "Unigram needs an unknown token for characters outside its vocabulary: add "
                     "{token} to the special tokens"),
        "training.sentencepiece_algorithm": QCoreApplication.translate(
            "Notes", "the sentencepiece engine trains unigram or bpe, not {algorithm!r}"),
        "training.sentencepiece_normalizer": QCoreApplication.translate(
            "Notes", "the sentencepiece engine normalizes with NFKC or not at all, not "
                     "{normalizer!r}"),
        "training.sentencepiece_needs_unknown": QCoreApplication.translate(
            "Notes", "SentencePiece always keeps an unknown piece: add <unk> to the special "
                     "tokens (first, for ID 0 as SentencePiece's own default)"),
        "training.no_words": QCoreApplication.translate(
            "Notes", "the corpus has no words to train on (empty or only whitespace)"),
        "training.disk_space": QCoreApplication.translate(
            "Notes", "not enough free disk space in {folder} for the trainer's copy of the "
                     "corpus: it needs {needed_mb:,.0f} MB more and {reserve_mb:,.0f} MB kept "
                     "free, and {free_mb:,.0f} MB are free; free some space or point TMPDIR at a "
                     "folder on a larger disk"),
        "training.special_tokens_repeated": QCoreApplication.translate(
            "Notes", "config: special_tokens repeats {tokens}"),
        "training.no_unknown_token": QCoreApplication.translate(
            "Notes", "no unknown token: characters not seen in training are dropped when "
                     "encoding; add <unk> to the special tokens to keep a token for them"),
        "sentencepiece.vocab_below_characters": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ {reserved:,} special pieces): raise the "
                     "vocabulary to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_below_characters_unk": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ the unknown piece): raise the vocabulary "
                     "to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_below_characters_bytes": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ {reserved:,} special and byte pieces): "
                     "raise the vocabulary to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_too_high": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is more than this corpus can fill (SentencePiece "
                     "found {found:,} pieces): lower the vocabulary to {found:,} or less, or add "
                     "text"),
        "sentencepiece.reserved_as_user_symbol": QCoreApplication.translate(
            "Notes", "{piece} is one of SentencePiece's own pieces and cannot also be a "
                     "user-defined symbol: list it once in the special tokens"),
        "sentencepiece.needs_unknown": QCoreApplication.translate(
            "Notes", "SentencePiece needs an unknown piece: add <unk> to the special tokens"),
        "sentencepiece.same_id": QCoreApplication.translate(
            "Notes", "two special pieces were given the ID of the {role} piece: list each "
                     "special token once"),
        "sentencepiece.failed": QCoreApplication.translate(
            "Notes", "SentencePiece training failed"),
        # explaining a split
        "explain.first_chars": QCoreApplication.translate(
            "Notes", "explaining the first {shown:,} of {total:,} characters"),
        "explain.bpe_dropout": QCoreApplication.translate(
            "Notes", "BPE dropout {dropout}: the runtime skips merges at random; the explainer "
                     "shows the deterministic merges"),
        "explain.normalization_first": QCoreApplication.translate(
            "Notes", "{normalizer} normalization first"),
        "explain.spm_segments": QCoreApplication.translate(
            "Notes", "SentencePiece runs its model over the whole normalized text; it is shown in "
                     "segments that no vocabulary piece crosses (each explained on its own, with "
                     "the same result)"),
        "explain.end_of_word": QCoreApplication.translate(
            "Notes", "each word ends with the separate symbol </w>, as in Sennrich et al."),
        "explain.special_first": QCoreApplication.translate(
            "Notes", "special token, matched before the model"),
        "explain.added_first": QCoreApplication.translate(
            "Notes", "added token, matched before the model"),
        "explain.user_defined_first": QCoreApplication.translate(
            "Notes", "user-defined symbol, matched before the model"),
        "explain.ignore_merges": QCoreApplication.translate(
            "Notes", "the whole pre-token is in the vocabulary (ignore_merges): no merges"),
        "explain.whole_token": QCoreApplication.translate(
            "Notes", "the whole pre-token is a token: taken as it is, no merges"),
        "explain.unknown_to_bytes": QCoreApplication.translate(
            "Notes", "characters not in the vocabulary fall back to their UTF-8 bytes"),
        "explain.unknown_dropped": QCoreApplication.translate(
            "Notes", "characters not in the vocabulary are dropped (the model has no unknown "
                     "token)"),
        "explain.unknown_to_unk": QCoreApplication.translate(
            "Notes", "characters not in the vocabulary become the unknown token"),
        "explain.unknown_symbols": QCoreApplication.translate(
            "Notes", "symbols not in the vocabulary become {unk}"),
        "explain.word_too_long": QCoreApplication.translate(
            "Notes", "longer than max_input_chars_per_word ({max_chars}): the word is unknown"),
        "explain.no_match": QCoreApplication.translate(
            "Notes", "no vocabulary piece matches the rest of the word: the whole word is "
                     "unknown"),
        "explain.user_defined_wins": QCoreApplication.translate(
            "Notes", "user-defined pieces always win (score bonus)"),
        "explain.no_subword_model": QCoreApplication.translate(
            "Notes", "a {algorithm} model has no subword algorithm to explain (BPE, WordPiece, "
                     "Unigram and SentencePiece unigram / bpe can be explained)"),
        "explain.bpe_affixes": QCoreApplication.translate(
            "Notes", "BPE with continuing_subword_prefix {prefix!r} / end_of_word_suffix "
                     "{suffix!r} is not explained (only '</w>' suffixes are)"),
        "explain.byte_without_rank": QCoreApplication.translate(
            "Notes", "byte {byte:02X} has no rank: these ranks are not a byte-level BPE, so this "
                     "text cannot be explained (nor encoded by tiktoken)"),
        # diffing two tokenizers
        "diff.piece_new_id": QCoreApplication.translate(
            "Notes", "{n:,} pieces have a new ID (same piece, new ID: a model would read another "
                     "row for it)"),
        "diff.id_new_piece": QCoreApplication.translate(
            "Notes", "{n:,} IDs now hold another piece (same ID, new piece: its row was learned "
                     "for the old one)"),
        "diff.removed": QCoreApplication.translate(
            "Notes", "{n:,} pieces were removed"),
        "diff.added_appended": QCoreApplication.translate(
            "Notes", "{n:,} pieces added (IDs {first:,}–{last:,}, appended past the old ones)"),
        "diff.added_inside": QCoreApplication.translate(
            "Notes", "{n:,} pieces added (IDs {first:,}–{last:,}, some inside the old ID range)"),
        "diff.kind_changed": QCoreApplication.translate(
            "Notes", "{n:,} kept pieces changed kind (normal / control / user-defined / byte)"),
        "diff.specials_moved": QCoreApplication.translate(
            "Notes", "{n:,} special tokens moved: {shown}"),
        "diff.specials_removed": QCoreApplication.translate(
            "Notes", "{n:,} special tokens removed: {shown}"),
        "diff.specials_added": QCoreApplication.translate(
            "Notes", "{n:,} special tokens added: {shown}"),
        "diff.specials_changed": QCoreApplication.translate(
            "Notes", "{n:,} special tokens changed kind: {shown}"),
        "diff.part_changed": QCoreApplication.translate(
            "Notes", "the {part} changed"),
        "diff.merges": QCoreApplication.translate(
            "Notes", "merges: {added:,} added, {removed:,} removed, {reranked:,} re-ranked"),
        "diff.unreachable": QCoreApplication.translate(
            "Notes", "{n:,} kept pieces are no longer produced by any merge sequence"),
        "diff.scores": QCoreApplication.translate(
            "Notes", "{n:,} piece scores changed"),
        "diff.golden": QCoreApplication.translate(
            "Notes", "{n:,} of {samples:,} golden samples get other IDs"),
        "diff.part_changed_no_ids": QCoreApplication.translate(
            "Notes", "the {part} changed (IDs of a text do not depend on it)"),
        "diff.across_families": QCoreApplication.translate(
            "Notes", "the tokenizers are of different families ({old_family} and {new_family}): "
                     "pieces were compared by the bytes they stand for"),
        "diff.runtimes_differ": QCoreApplication.translate(
            "Notes", "the pipelines are described by different runtimes ({old_runtime} and "
                     "{new_runtime}): their parts are shown, not judged; the vocabulary and the "
                     "golden set decide the verdict"),
        "diff.duplicate_pieces": QCoreApplication.translate(
            "Notes", "{n:,} IDs of the {side} vocabulary repeat a piece another ID has: a "
                     "mapping could not be made for them (the lowest ID is used)"),
        "diff.nothing_mapped": QCoreApplication.translate(
            "Notes", "no piece could be mapped from one vocabulary to the other"),
        "diff.roles_changed": QCoreApplication.translate(
            "Notes", "{n:,} special tokens with another role: {shown}"),
        "diff.merges_not_stored": QCoreApplication.translate(
            "Notes", "neither model stores merges (tiktoken ranks, SentencePiece scores, "
                     "WordPiece and Unigram have none)"),
        "diff.merges_one_side": QCoreApplication.translate(
            "Notes", "only one model stores merges (tiktoken ranks, SentencePiece scores, "
                     "WordPiece and Unigram have none)"),
        "diff.scores_not_stored": QCoreApplication.translate(
            "Notes", "only models with scores have them (SentencePiece, Unigram)"),
        "diff.corpus_empty": QCoreApplication.translate(
            "Notes", "the corpus holds no text (every file is empty or blank)"),
        # multilingual diagnostics
        "diagnostics.aligned_by_shortest": QCoreApplication.translate(
            "Notes", "aligned by the shortest: {lines:,} lines kept of each ({counts})"),
        "diagnostics.unknown_tokens": QCoreApplication.translate(
            "Notes", "{tokenizer} maps many tokens to the unknown token in {languages}: few "
                     "tokens there mean lost text, not a low cost"),
        "diagnostics.no_own_template": QCoreApplication.translate(
            "Notes", "{tokenizer} has no chat template of its own: its window carries only the "
                     "post-processor's tokens"),
        "diagnostics.failed_documents": QCoreApplication.translate(
            "Notes", "{tokenizer} failed on {count:,} documents, listed under its failures; the "
                     "rest was measured"),
        "diagnostics.line_counts_differ": QCoreApplication.translate(
            "Notes", "the languages have different line counts ({counts}); line n must be a "
                     "translation of line n in every file (choose to align by the shortest to "
                     "keep the first lines only)"),
        "diagnostics.no_parallel_corpus": QCoreApplication.translate(
            "Notes", "no such parallel folder or TSV file"),
        "diagnostics.no_language_files": QCoreApplication.translate(
            "Notes", "no language files in this folder (a file is one when its name before the "
                     "first dot is a language code: eng_Latn.dev, zho_Hans.txt, pt_BR.txt)"),
        "diagnostics.language_twice": QCoreApplication.translate(
            "Notes", "two files for language {language}: {first} and {second} (keep one split "
                     "per folder)"),
        "diagnostics.language_file_empty": QCoreApplication.translate(
            "Notes", "the file of language {language} is empty"),
        "diagnostics.unknown_languages": QCoreApplication.translate(
            "Notes", "the parallel corpus has no language {languages}; it has {available}"),
        "diagnostics.tsv_too_short": QCoreApplication.translate(
            "Notes", "a parallel TSV needs a header row of language codes and at least one row "
                     "of sentences"),
        "diagnostics.tsv_header": QCoreApplication.translate(
            "Notes", "the header must name each language once"),
        "diagnostics.tsv_columns": QCoreApplication.translate(
            "Notes", "{columns:,} columns where the header has {header:,}"),
        "diagnostics.unknown_pivot": QCoreApplication.translate(
            "Notes", "unknown pivot language {pivot!r}; the corpus has {languages}"),
        "diagnostics.pivot_no_tokens": QCoreApplication.translate(
            "Notes", "the pivot language {pivot} has no tokens"),
        "diagnostics.template_failed": QCoreApplication.translate(
            "Notes", "the chat template cannot be rendered"),
        "diagnostics.no_tokenizer": QCoreApplication.translate(
            "Notes", "choose at least one tokenizer"),
        "diagnostics.too_many_tokenizers": QCoreApplication.translate(
            "Notes", "at most {limit} tokenizers at once ({count} given)"),
        "diagnostics.corpus_choice": QCoreApplication.translate(
            "Notes", "give either corpus sources or a parallel corpus"),
        "diagnostics.align_choice": QCoreApplication.translate(
            "Notes", "align must be one of {choices}"),
        "diagnostics.context_too_small": QCoreApplication.translate(
            "Notes", "the context window must be at least 1 token"),
        "diagnostics.no_source": QCoreApplication.translate(
            "Notes", "the corpus has no source"),
        "diagnostics.dask_missing": QCoreApplication.translate(
            "Notes", "the Dask backend needs the optional extra: pip install "
                     "'tokenizer-workbench[cluster]' (dask and distributed)"),
        "diagnostics.scheduler_missing": QCoreApplication.translate(
            "Notes", "the Dask backend needs a scheduler address (tcp://host:port)"),
        "diagnostics.no_such_file": QCoreApplication.translate(
            "Notes", "no such file"),
        "diagnostics.scheduler_unreachable": QCoreApplication.translate(
            "Notes", "cannot reach the Dask scheduler at {address} within {seconds:.0f} s"),
        # GGUF files
        "gguf.pre_default": QCoreApplication.translate(
            "Notes", "the file names no pre-tokenizer (tokenizer.ggml.pre): llama.cpp then splits "
                     "with its 'default' regexes, as here, and warns that generation quality will "
                     "be degraded"),
        "gguf.marked_control": QCoreApplication.translate(
            "Notes", "llama.cpp treats {tokens} as control tokens (end of turn, FIM, end of "
                     "generation) whatever tokenizer.ggml.token_type says: they are parsed only as "
                     "special tokens"),
        "gguf.embedding_short": QCoreApplication.translate(
            "Notes", "the model's embedding has {rows:,} rows for {vocabulary:,} token IDs: IDs "
                     "{rows:,} and above have no embedding"),
        # a model named, not a path (core.models)
        "models.not_found": QCoreApplication.translate(
            "Notes", "no file, folder or local model named {name} (local models looked for in: {places})"),
        "models.not_found_similar": QCoreApplication.translate(
            "Notes", "no local model named {name}; local models of a like name: {similar}"),
        "models.ambiguous": QCoreApplication.translate(
            "Notes", "{name} names {count} local models with different tokenizers (behaviour · "
                     "vocabulary fingerprints in brackets): {choices}; name one of them"),
        "models.same_tokenizer": QCoreApplication.translate(
            "Notes", "{name} names {count} local models with one tokenizer (behaviour fingerprint "
                     "{behaviour}): opened {chosen}; the same in {others}"),
        "models.no_snapshot": QCoreApplication.translate(
            "Notes", "{name} is in the Hugging Face cache without any snapshot: download it "
                     "again"),
        "models.ref_without_snapshot": QCoreApplication.translate(
            "Notes", "{name}: {ref} names commit {commit}, whose snapshot is not in the cache: "
                     "download it again"),
        "models.revision_not_cached": QCoreApplication.translate(
            "Notes", "{name}: revision {revision} is not in the cache (cached: {cached})"),
        "models.hub_has_no_tokenizer": QCoreApplication.translate(
            "Notes", "{name} at {revision} has no tokenizer file: the Hub said {files} do not "
                     "exist there (.no_exist markers)"),
        "models.snapshot_without_tokenizer": QCoreApplication.translate(
            "Notes", "{name} at {revision}: no tokenizer file was downloaded (the snapshot holds "
                     "{present}): download tokenizer.json or tokenizer.model"),
        "models.blob_missing": QCoreApplication.translate(
            "Notes", "{file} points to {target}, which is missing (an interrupted download or a "
                     "cleaned cache): download it again"),
        "models.no_such_tag": QCoreApplication.translate(
            "Notes", "{name} has no GGUF tagged {tag} (its tags: {tags})"),
        "models.bad_manifest": QCoreApplication.translate(
            "Notes", "the Ollama manifest of {name} cannot be read ({problem})"),
        "models.no_model_layer": QCoreApplication.translate(
            "Notes", "the Ollama manifest of {name} has no GGUF model layer (media type "
                     "application/vnd.ollama.image.model); its layers: {kinds}"),
        "models.not_gguf": QCoreApplication.translate(
            "Notes", "the model layer of {name} is not a GGUF file; only GGUF models are read"),
        "models.go_template_only": QCoreApplication.translate(
            "Notes", "{name} has no Jinja chat template, only Ollama's Go template, which Ollama "
                     "renders itself: choose a template to render here"),
        "gguf.model_unknown": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r}, a tokenizer llama.cpp does not know "
                     "either; the workbench runs {supported}"),
        "gguf.model_no_vocab": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r}: the file has no vocabulary (llama.cpp "
                     "loads no tokenizer from it either); the workbench runs {supported}"),
        "gguf.model_rwkv": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r}: llama.cpp runs RWKV's greedy longest "
                     "match over escaped byte tokens, which no tokenizers pipeline reproduces; the "
                     "workbench runs {supported}"),
        "gguf.model_plamo2": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r}: llama.cpp runs PLaMo-2's own "
                     "table-driven best-path search with byte fallback, which no tokenizers "
                     "pipeline reproduces; the workbench runs {supported}"),
        "gguf.model_hybriddna": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r}: llama.cpp cuts the text inside "
                     "<dna>…</dna> into 6-letter k-mers padded with A, which no tokenizers "
                     "pipeline reproduces; the workbench runs {supported}"),
        "gguf.whitespace_lowercase": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.model is {model!r} with lowercasing on: llama.cpp lowercases "
                     "with its own one-code-point table, which no tokenizers normalizer "
                     "reproduces; not run"),
        "gguf.pre_unknown": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.pre is {pre!r}, a pre-tokenizer llama.cpp does not know (it "
                     "refuses the file too); the workbench will not guess one"),
        "gguf.newline_merges": QCoreApplication.translate(
            "Notes", "the merges join newlines without building all {runs} newline tokens: "
                     "llama.cpp's Gemma 4 rule (a run of newlines that is a token is taken whole) "
                     "then has no exact tokenizers pipeline; not run"),
        "gguf.add_without_id": QCoreApplication.translate(
            "Notes", "{flag} is true but the file sets no {key}: llama.cpp refuses to load it"),
        "workspace.not_workspace": QCoreApplication.translate(
            "Notes", 'not a workbench workspace: it has no "{key}" version'),
        "workspace.bad_version": QCoreApplication.translate(
            "Notes", 'the workspace version {version} is not a whole number from 1'),
        "workspace.newer": QCoreApplication.translate(
            "Notes", 'this workspace is version {version}; this workbench reads versions up to {supported}'),
        "workspace.not_json": QCoreApplication.translate(
            "Notes", "the workspace is not valid JSON: {problem}"),
        "workspace.unreadable": QCoreApplication.translate("Notes", "the workspace cannot be read"),
        "workspace.bad_field": QCoreApplication.translate(
            "Notes", '{field} is {found}; it should be {expected}'),
        "workspace.bad_choice": QCoreApplication.translate(
            "Notes", '{field} is {value!r}; it should be one of {allowed}'),
        "workspace.bad_weight": QCoreApplication.translate(
            "Notes", '{field} is {value}; a sampling weight is a finite number, 0 or more'),
        "workspace.bad_value": QCoreApplication.translate(
            "Notes", "a value in the workspace is not valid"),
        "workspace.unusable": QCoreApplication.translate(
            "Notes", 'the saved workspace {path} could not be used: {problem}'),
        "workspace.used_previous": QCoreApplication.translate(
            "Notes", 'restored the previous good workspace, {path}'),
        "workspace.tokenizer_missing": QCoreApplication.translate(
            "Notes", 'tokenizer {path} is gone: not reopened'),
        "workspace.corpus_source_missing": QCoreApplication.translate(
            "Notes", 'corpus source {path} is gone: left out of the corpus'),
        "workspace.template_file_missing": QCoreApplication.translate(
            "Notes", "chat template file {path} is gone: the tokenizer's own template is used"),
        "workspace.tokenizer_unusable": QCoreApplication.translate(
            "Notes", 'tokenizer {path} could not be reopened: {problem}'),
        "workspace.dataset_missing": QCoreApplication.translate(
            "Notes", 'Align dataset {path} is gone: not reopened'),
        "workspace.parallel_missing": QCoreApplication.translate(
            "Notes", "Diagnostics parallel corpus {path} is gone: the Corpus pane's sources are "
            "used"),
        "workspace.diagnostics_template_missing": QCoreApplication.translate(
            "Notes", 'Diagnostics chat template file {path} is gone: no template is used'),
    }


def error_templates() -> dict[str, str]:
    """Code -> translated template of the errors the core raises with a note
    (:meth:`core.errors.WorkbenchError.of`: a missing file, a file that is no tokenizer or a
    broken one, bad JSON or UTF-8, a bundle's manifest and checksums, golden files, corpus
    sources, conversations and token IDs, a training config, post-processing settings); part of
    :func:`templates`, kept apart so that the codes of errors stay together."""
    return {
        "file.no_such": QCoreApplication.translate("Notes", "no such file"),
        "file.no_such_path": QCoreApplication.translate("Notes", "no such file or folder"),
        "file.no_match": QCoreApplication.translate("Notes", "no file matches"),
        "text.invalid_utf8": QCoreApplication.translate(
            "Notes", "invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the "
                     "line: {byte:#04x})"),
        "text.invalid_utf8_strict": QCoreApplication.translate(
            "Notes", "invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the "
                     "line: {byte:#04x}); use the 'replace' policy to keep going"),
        "json.invalid": QCoreApplication.translate("Notes", "invalid JSON: {problem}"),
        "json.not_object": QCoreApplication.translate(
            "Notes", "expected a JSON object at the top level"),
        "json.not_text_line": QCoreApplication.translate(
            "Notes", 'expected a JSON string or an object with a "text" string'),
        "format.empty_file": QCoreApplication.translate(
            "Notes", "the file is empty; expected a HF tokenizer.json, a SentencePiece .model, a "
                     "tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt "
                     "beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle"),
        "format.not_tokenizer": QCoreApplication.translate(
            "Notes", "not a tokenizer file; expected a HF tokenizer.json, a SentencePiece .model, a "
                     "tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt "
                     "beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle"),
        "format.json_not_tokenizer": QCoreApplication.translate(
            "Notes", "a JSON file, but not a tokenizer ({name} has no 'model'); expected a HF "
                     "tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece "
                     "vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a "
                     "Mistral tekken.json, or a workbench bundle"),
        "format.folder_without_tokenizer": QCoreApplication.translate(
            "Notes", "the folder holds no tokenizer; expected a HF tokenizer.json, a SentencePiece "
                     ".model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with "
                     "merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench "
                     "bundle"),
        "format.merges_without_vocab": QCoreApplication.translate(
            "Notes", "this looks like a BPE merges.txt; the vocab.json it needs is not beside it"),
        "format.vocab_without_merges": QCoreApplication.translate(
            "Notes", "this looks like a GPT-2 vocab.json; the merges.txt it needs is not beside it"),
        "format.not_native": QCoreApplication.translate(
            "Notes", "{format!r} is not a native tokenizer format here; open it with "
                     "core.loading.open_tokenizer"),
        "format.wordpiece_without_unk": QCoreApplication.translate(
            "Notes", "a WordPiece vocab.txt needs an [UNK] token"),
        "format.merge_not_a_pair": QCoreApplication.translate(
            "Notes", "expected two space-separated pieces per merge"),
        "format.not_byte_level": QCoreApplication.translate(
            "Notes", "vocab.json is not in the GPT-2 byte-level alphabet; only byte-level vocab.json "
                     "+ merges.txt pairs are supported"),
        "format.no_chat_template": QCoreApplication.translate(
            "Notes", "has no 'chat_template' string"),
        "tiktoken.line_shape": QCoreApplication.translate(
            "Notes", "expected 'base64-token rank' on every line"),
        "tiktoken.bad_base64": QCoreApplication.translate(
            "Notes", "invalid base64 token {token!r}"),
        "tiktoken.rank_not_integer": QCoreApplication.translate(
            "Notes", "rank {rank!r} is not an integer"),
        "tiktoken.rank_repeated": QCoreApplication.translate(
            "Notes", "duplicate rank {rank} (first on line {first})"),
        "tiktoken.no_tokens": QCoreApplication.translate("Notes", "the rank file has no tokens"),
        "tiktoken.special_id_taken": QCoreApplication.translate(
            "Notes", "special token {literal!r} has id {id}, which is already special token "
                     "{other!r} (choose another preset or special ids)"),
        "tiktoken.special_id_is_rank": QCoreApplication.translate(
            "Notes", "special token {literal!r} has id {id}, which is already a rank (choose another "
                     "preset or special ids)"),
        "tiktoken.rejected": QCoreApplication.translate("Notes", "tiktoken rejected the tokenizer"),
        "tiktoken.unknown_preset": QCoreApplication.translate(
            "Notes", "unknown preset {preset!r}; known presets: {presets} (gpt2 = r50k)"),
        "sentencepiece.corrupt": QCoreApplication.translate(
            "Notes", "not a SentencePiece model: the protobuf data is truncated or corrupt"),
        "sentencepiece.no_pieces": QCoreApplication.translate(
            "Notes", "not a SentencePiece model: it has no pieces"),
        "sentencepiece.rejected": QCoreApplication.translate(
            "Notes", "sentencepiece could not load the model"),
        "hf.no_model": QCoreApplication.translate("Notes", "tokenizer.json has no 'model' object"),
        "hf.rejected": QCoreApplication.translate(
            "Notes", "the tokenizers runtime rejected this file"),
        "conversation.unknown_keys": QCoreApplication.translate(
            "Notes", 'unknown key(s) {keys}: a conversation holds "messages", "tools" and '
                     '"documents"'),
        "conversation.not_list": QCoreApplication.translate("Notes", '"{key}" must be a list'),
        "conversation.item_not_object": QCoreApplication.translate(
            "Notes", '"{key}" item {item} is not an object'),
        "conversation.shape": QCoreApplication.translate(
            "Notes", 'expected a list of messages, or {{"messages": [...]}}'),
        "conversation.no_messages": QCoreApplication.translate(
            "Notes", "the conversation has no messages"),
        "conversation.message_not_object": QCoreApplication.translate(
            "Notes", "message {message} is not an object"),
        "conversation.no_role": QCoreApplication.translate(
            "Notes", 'message {message} has no "role" (a string)'),
        "stream.ids_shape": QCoreApplication.translate(
            "Notes", 'expected a list of token IDs, or {{"ids": [...]}}'),
        "stream.item_not_id": QCoreApplication.translate(
            "Notes", "item {item} is not a token ID (an integer): {value}"),
        "tekken.not_count": QCoreApplication.translate(
            "Notes", "config.{key} must be a non-negative integer (found {value})"),
        "tekken.no_pattern": QCoreApplication.translate(
            "Notes", "config.pattern must be a regex string"),
        "tekken.vocab_below_specials": QCoreApplication.translate(
            "Notes", "config.default_vocab_size ({vocab_size:,}) is smaller than "
                     "config.default_num_special_tokens ({specials:,})"),
        "tekken.vocab_short": QCoreApplication.translate(
            "Notes", "vocab has {entries:,} entries, fewer than config.default_vocab_size "
                     "({vocab_size:,}) minus config.default_num_special_tokens ({specials:,}) = "
                     "{ranks:,}"),
        "tekken.entry_shape": QCoreApplication.translate(
            "Notes", "vocab[{index}] needs a 'rank' and base64 'token_bytes'"),
        "tekken.rank_out_of_order": QCoreApplication.translate(
            "Notes", "vocab[{index}] has rank {rank}; ranks must count up from 0"),
        "tekken.bytes_repeated": QCoreApplication.translate(
            "Notes", "vocab[{index}] repeats the bytes of rank {rank}"),
        "tekken.specials_shape": QCoreApplication.translate(
            "Notes", "special_tokens must be a list of at most config.default_num_special_tokens "
                     "({specials:,}) entries"),
        "tekken.special_shape": QCoreApplication.translate(
            "Notes", "special_tokens[{index}] needs a 'token_str' and a 'rank' below {specials:,}"),
        "tekken.special_repeated": QCoreApplication.translate(
            "Notes", "special_tokens[{index}] repeats {literal!r}"),
        "text.lone_surrogates": QCoreApplication.translate(
            "Notes", "text contains {count} lone surrogate(s) (first {codepoint} at code point "
                     "{start}); they are not valid Unicode and cannot be tokenized"),
        "text.offset_outside": QCoreApplication.translate(
            "Notes", "offset {offset} is outside the text (0..{limit} {unit})"),
        "text.offset_inside_character": QCoreApplication.translate(
            "Notes", "byte offset {offset} falls inside a UTF-8 character"),
        "text.offset_inside_pair": QCoreApplication.translate(
            "Notes", "UTF-16 offset {offset} falls between the two halves of a surrogate pair"),
        "chat.template_value_shape": QCoreApplication.translate(
            "Notes", "'chat_template' must be a string or a list of {{\"name\": ..., \"template\": "
                     "...}} objects"),
        "chat.file_without_template": QCoreApplication.translate("Notes", "has no 'chat_template'"),
        "stream.bad_stop": QCoreApplication.translate(
            "Notes", "a stop string must be non-empty text, not {value}"),
        "stream.bad_chunk": QCoreApplication.translate(
            "Notes", "the chunk size must be at least 1, not {chunk}"),
        "gguf.key_type": QCoreApplication.translate(
            "Notes", "metadata key {key!r} has the wrong type ({found})"),
        "gguf.no_tokenizer": QCoreApplication.translate(
            "Notes", "this GGUF file has no tokenizer (no 'tokenizer.ggml.model' key)"),
        "gguf.not_strings": QCoreApplication.translate(
            "Notes", "{key} must be an array of strings"),
        "gguf.not_numbers": QCoreApplication.translate(
            "Notes", "{key} must be an array of numbers"),
        "gguf.no_tokens": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.tokens is missing or empty"),
        "gguf.length_differs": QCoreApplication.translate(
            "Notes", "{key} has {entries:,} entries but tokenizer.ggml.tokens has {tokens:,}: they "
                     "must be the same length"),
        "gguf.no_merges": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.merges is missing: a {model} tokenizer needs its merges"),
        "gguf.no_scores": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.scores is missing: a {model} tokenizer needs its scores"),
        "gguf.token_repeated": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.tokens repeats {token!r} (IDs {first} and {second})"),
        "gguf.charsmap_not_bytes": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.precompiled_charsmap must be an array of bytes"),
        "gguf.merge_not_a_pair": QCoreApplication.translate(
            "Notes", "tokenizer.ggml.merges[{number}] {merge!r} is not two pieces separated by a "
                     "space"),
        "postprocess.sequence_unsupported": QCoreApplication.translate(
            "Notes", "tokenizer.json: a Sequence of several processors that add tokens is not "
                     "supported here"),
        "postprocess.unsupported": QCoreApplication.translate(
            "Notes", "tokenizer.json: the {kind} post-processor is not supported here"),
        "postprocess.unsupported_unnamed": QCoreApplication.translate(
            "Notes", "tokenizer.json: the unnamed post-processor is not supported here"),
        "postprocess.no_pair_form": QCoreApplication.translate(
            "Notes", "the template has no pair form: give a pair template (with $A and $B) to encode "
                     "a pair of texts"),
        "postprocess.type_id_not_number": QCoreApplication.translate(
            "Notes", "{which_template} template: {word!r}: the type ID after ':' must be a number"),
        "postprocess.not_a_token": QCoreApplication.translate(
            "Notes", "{which_template} template: {name!r} is not a token of this tokenizer"),
        "postprocess.a_not_once": QCoreApplication.translate(
            "Notes", "{which_template} template: $A must appear exactly once (found {count} times) "
                     "in {text!r}"),
        "postprocess.b_not_once": QCoreApplication.translate(
            "Notes", "pair template: $B must appear exactly once (found {count} times) in {text!r}"),
        "postprocess.b_in_single": QCoreApplication.translate(
            "Notes", "single template: $B belongs in the pair template ({text!r})"),
        "postprocess.not_a_sequence": QCoreApplication.translate(
            "Notes", "{which_template} template: {word!r} is neither $A nor $B"),
        "postprocess.truncation_negative": QCoreApplication.translate(
            "Notes", "max length and stride must not be negative"),
        "postprocess.truncation_side": QCoreApplication.translate(
            "Notes", "truncation side {side!r}: choose right or left"),
        "postprocess.truncation_strategy": QCoreApplication.translate(
            "Notes", "truncation strategy {strategy!r}: choose {strategies}"),
        "postprocess.padding_negative": QCoreApplication.translate(
            "Notes", "padding length and multiple must not be negative"),
        "postprocess.padding_side": QCoreApplication.translate(
            "Notes", "padding side {side!r}: choose right or left"),
        "postprocess.pair_without_single": QCoreApplication.translate(
            "Notes", "a pair template needs the single template too"),
        "postprocess.stride_above_room": QCoreApplication.translate(
            "Notes", "stride {stride} is not below the room left for text ({max_length} max length - "
                     "{added} added special tokens = {room})"),
        "postprocess.no_second_text": QCoreApplication.translate(
            "Notes", "truncation only_second needs a second text"),
        "postprocess.text_too_short": QCoreApplication.translate(
            "Notes", "the {which_text} text has {tokens} tokens; it cannot lose the {remove} the max "
                     "length asks for ({strategy}): raise the max length or choose longest_first"),
        "postprocess.stride_above_kept": QCoreApplication.translate(
            "Notes", "stride {stride} must be below the {keep} tokens this text keeps (tokenizers "
                     "refuses it too): lower the stride or raise the max length"),
        "reference.unknown_part": QCoreApplication.translate(
            "Notes", "its {key} is not one tokenizers knows"),
        "reference.invalid": QCoreApplication.translate("Notes", "not a valid {file}"),
        "reference.not_in_vocabulary": QCoreApplication.translate(
            "Notes", "{token!r} is not in the vocabulary"),
        "reference.id_twice": QCoreApplication.translate(
            "Notes", "id {id} is given to both {first!r} and {second!r}"),
        "special.allowed_shape": QCoreApplication.translate(
            "Notes", 'allowed_special must be "all" or a set of literals, not {value}'),
        "special.not_allowed": QCoreApplication.translate(
            "Notes", "allowed_special: {literals!r} are not a special token of this "
                     "tokenizer (its special tokens: {known})"),
        "special.not_allowed_none": QCoreApplication.translate(
            "Notes", "allowed_special: {literals!r} are not a special token of this "
                     "tokenizer (its special tokens: none)"),
        "chat.render_crashed": QCoreApplication.translate(
            "Notes", "the render process ended unexpectedly (exit code {exit_code})"),
        "chat.render_too_long": QCoreApplication.translate(
            "Notes", "the template ran longer than {seconds:g} s; stopped"),
        "chat.render_not_started": QCoreApplication.translate(
            "Notes", "the render process could not start"),
        "chat.render_crashed_at_start": QCoreApplication.translate(
            "Notes", "the render process ended at start-up (exit code {exit_code})"),
        "chat.render_never_ready": QCoreApplication.translate(
            "Notes", "the render process did not start"),
        "chat.render_out_of_memory": QCoreApplication.translate(
            "Notes", "the template ran out of memory"),
        "chat.render_output_limit": QCoreApplication.translate(
            "Notes", "the template produced more than {limit:,} characters; stopped"),
        "chat.several_templates": QCoreApplication.translate(
            "Notes", "This tokenizer has several chat templates and none is named 'default': choose "
                     "one of {names}"),
        "chat.no_template": QCoreApplication.translate(
            "Notes", "This tokenizer has no chat template: choose a template file or a built-in one "
                     "({builtins})"),
        "bundle.replace_not_bundle": QCoreApplication.translate(
            "Notes", "refusing to replace a folder that is not a bundle"),
        "bundle.no_manifest": QCoreApplication.translate(
            "Notes", "not a bundle: manifest.json is missing"),
        "bundle.bad_zip": QCoreApplication.translate("Notes", "not a readable zip bundle"),
        "bundle.zip_without_manifest": QCoreApplication.translate(
            "Notes", "not a bundle: the zip holds no manifest.json"),
        "bundle.manifest_not_json": QCoreApplication.translate(
            "Notes", "manifest.json is not valid JSON: {problem}"),
        "bundle.wrong_format": QCoreApplication.translate(
            "Notes", "manifest.json does not declare format {format!r}"),
        "bundle.newer": QCoreApplication.translate(
            "Notes", "bundle format version {version} is newer than this workbench reads "
                     "({supported})"),
        "bundle.no_files": QCoreApplication.translate("Notes", "manifest.json lists no files"),
        "bundle.unsafe_path": QCoreApplication.translate(
            "Notes", "manifest names an unsafe file path {name!r}"),
        "bundle.file_missing": QCoreApplication.translate(
            "Notes", "{name} is listed in the manifest but missing"),
        "bundle.checksum_mismatch": QCoreApplication.translate(
            "Notes", "checksum mismatch in {name}: the file was changed after the bundle was saved"),
        "bundle.no_source_format": QCoreApplication.translate(
            "Notes", "manifest.json does not say which tokenizer format it holds"),
        "bundle.tokenizer_fails": QCoreApplication.translate(
            "Notes", "its tokenizer does not load: {problem}"),
        "bundle.end_of_word_export": QCoreApplication.translate(
            "Notes", "its BPE keeps the paper's separate </w> end-of-word symbol, which no native "
                     "format (tokenizer.json, .model, .tiktoken) can express; an export would change "
                     "its IDs. Use the bundle itself, or retrain with end_of_word 'suffix' for a "
                     "tokenizer.json"),
        "golden.not_json": QCoreApplication.translate("Notes", "not valid JSON: {problem}"),
        "golden.samples_shape": QCoreApplication.translate(
            "Notes", 'expected a list of texts or of {{"name": ..., "text": ...}}'),
        "golden.item_shape": QCoreApplication.translate(
            "Notes", 'item {item} is neither a text nor {{"text": ...}}'),
        "golden.not_golden": QCoreApplication.translate(
            "Notes", 'not a golden file (no "format": "{format}")'),
        "golden.older": QCoreApplication.translate(
            "Notes", "golden file format version {version} is older than this workbench writes "
                     "({supported}): lock it again with tokbench golden lock"),
        "golden.newer": QCoreApplication.translate(
            "Notes", "golden file format version {version} is newer than this workbench reads "
                     "({supported})"),
        "golden.no_samples": QCoreApplication.translate(
            "Notes", "the golden file holds no samples list"),
        "golden.bundle_without_samples": QCoreApplication.translate(
            "Notes", "the bundle holds no golden samples (tokbench golden lock BUNDLE)"),
        "corpus.empty_file": QCoreApplication.translate("Notes", "the file is empty"),
        "corpus.cannot_decompress": QCoreApplication.translate("Notes", "cannot decompress"),
        "corpus.binary": QCoreApplication.translate(
            "Notes", "this is a binary file, not text (it contains NUL bytes)"),
        "corpus.cannot_read": QCoreApplication.translate("Notes", "cannot read"),
        "corpus.no_field": QCoreApplication.translate("Notes", "no field {field!r} in this record"),
        "corpus.field_not_text": QCoreApplication.translate(
            "Notes", "field {field!r} is not a string"),
        "corpus.no_column": QCoreApplication.translate(
            "Notes", "no column {column!r} (columns: {columns})"),
        "corpus.row_too_short": QCoreApplication.translate("Notes", "row has no column {index}"),
        "training.config_choice": QCoreApplication.translate(
            "Notes", "config: {name} must be one of {allowed}, not {value}"),
        "training.config_vocab_size": QCoreApplication.translate(
            "Notes", "config: vocab_size must be positive"),
        "training.config_min_frequency": QCoreApplication.translate(
            "Notes", "config: min_frequency must be at least 1"),
        "training.config_coverage": QCoreApplication.translate(
            "Notes", "config: character_coverage must be in (0, 1]"),
        "training.config_empty_special": QCoreApplication.translate(
            "Notes", "config: special_tokens contains an empty token"),
        "training.config_not_object": QCoreApplication.translate(
            "Notes", "config: expected a JSON object"),
        "training.config_unknown_field": QCoreApplication.translate(
            "Notes", "config: unknown field {key!r}"),
        "training.config_unknown_field_close": QCoreApplication.translate(
            "Notes", "config: unknown field {key!r} (did you mean {close!r}?)"),
        "training.engine_failed": QCoreApplication.translate("Notes", "{engine} training failed"),
        "training.failed": QCoreApplication.translate("Notes", "training failed"),
        "training.config_type": QCoreApplication.translate(
            "Notes", "config: {name} should be {expected}, not {found} ({value})"),
        "json.expecting_value": QCoreApplication.translate("Notes", "a value is expected here"),
        "json.expecting_name": QCoreApplication.translate(
            "Notes", "a key in double quotes is expected here"),
        "json.expecting_colon": QCoreApplication.translate(
            "Notes", "a ':' is expected after the key"),
        "json.expecting_comma": QCoreApplication.translate(
            "Notes", "a ',' or a closing bracket is expected here"),
        "json.unterminated_string": QCoreApplication.translate("Notes", "a string is not closed"),
        "json.control_character": QCoreApplication.translate(
            "Notes", "a control character (a tab, a line break) inside a string must be "
                     "escaped"),
        "json.bad_escape": QCoreApplication.translate(
            "Notes", "a backslash escape in a string is not valid"),
        "json.extra_data": QCoreApplication.translate("Notes", "more text follows the JSON value"),
        "json.trailing_comma": QCoreApplication.translate(
            "Notes", "a comma before the closing bracket"),
        "json.syntax": QCoreApplication.translate("Notes", "a syntax error"),
        "json.invalid_utf8": QCoreApplication.translate("Notes", "invalid UTF-8 at byte {byte:,}"),
        "error.as_raised": QCoreApplication.translate("Notes", "{kind}"),
        "sentencepiece.cut_inside": QCoreApplication.translate(
            "Notes", "truncated: the file ends at byte {size:,}, inside {where} (bytes "
                     "{start:,}–{end:,}); a SentencePiece model must be copied whole"),
        "sentencepiece.cut_before_normalizer": QCoreApplication.translate(
            "Notes", "truncated: the file ends at byte {size:,}, after {where}, before the "
                     "normalizer_spec every SentencePiece model has; a SentencePiece model "
                     "must be copied whole"),
        "sentencepiece.in_piece": QCoreApplication.translate("Notes", "piece {number:,}"),
        "sentencepiece.in_field": QCoreApplication.translate("Notes", "the {field} field"),
        "sentencepiece.in_field_number": QCoreApplication.translate("Notes", "field {number}"),
        "sentencepiece.in_a_field": QCoreApplication.translate("Notes", "a field"),
        "gguf.shorter_than_magic": QCoreApplication.translate(
            "Notes", "the GGUF header is truncated (the file is shorter than its magic and "
                     "version)"),
        "gguf.not_gguf": QCoreApplication.translate(
            "Notes", "not a GGUF file (it does not start with 'GGUF')"),
        "gguf.version_unknown": QCoreApplication.translate(
            "Notes", "GGUF version {version} is not one this workbench reads (versions "
                     "{supported})"),
        "gguf.version_big_endian": QCoreApplication.translate(
            "Notes", "GGUF version {version} (a big-endian file?) is not one this workbench "
                     "reads (versions {supported})"),
        "gguf.header_truncated": QCoreApplication.translate(
            "Notes", "the GGUF header is truncated while reading {where} (byte {byte:,} of "
                     "{size:,})"),
        "gguf.invalid_utf8": QCoreApplication.translate(
            "Notes", "invalid UTF-8 in {where} at byte {byte:,}"),
        "gguf.unknown_array_type": QCoreApplication.translate(
            "Notes", "{where} is an array of unknown value type {kind}"),
        "gguf.unknown_value_type": QCoreApplication.translate(
            "Notes", "{where} has unknown value type {kind}"),
        "gguf.too_many_dimensions": QCoreApplication.translate(
            "Notes", "{where} declares {dimensions} dimensions"),
        "gguf.in_header": QCoreApplication.translate("Notes", "the file header"),
        "gguf.in_version": QCoreApplication.translate("Notes", "the version"),
        "gguf.in_counts": QCoreApplication.translate("Notes", "the tensor and key counts"),
        "gguf.in_key_name": QCoreApplication.translate(
            "Notes", "the name of key {number} of {total}"),
        "gguf.in_key": QCoreApplication.translate("Notes", "key {key!r}"),
        "gguf.in_tensor_record": QCoreApplication.translate(
            "Notes", "tensor record {number} of {total}"),
        "gguf.in_tensor": QCoreApplication.translate("Notes", "tensor {tensor!r}"),
        "chat.render_recursion": QCoreApplication.translate(
            "Notes", "the template calls itself without end (Python's recursion limit was "
                     "reached)"),
        "corpus.unknown_kind": QCoreApplication.translate(
            "Notes", "unknown source kind {kind!r}; use one of {kinds}"),
        "corpus.bad_weight": QCoreApplication.translate(
            "Notes", "a sampling weight must be a finite number, 0 or more (not {weight})"),
        "loading.options_not_taken": QCoreApplication.translate(
            "Notes", "{options} apply to {option_formats}; this is {format}"),
        "loading.options_on_bundle": QCoreApplication.translate(
            "Notes", "{options} apply to {option_formats}; this is a bundle (its manifest "
                     "says how it runs)"),
    }


def singular_templates() -> dict[str, str]:
    """Code -> translated template for a count of one (:data:`core.notes.ONE`: the codes whose
    English counts in the plural)."""
    return {
        "diff.piece_new_id": QCoreApplication.translate(
            "Notes", "1 piece has a new ID (same piece, new ID: a model would read another row "
                     "for it)"),
        "diff.id_new_piece": QCoreApplication.translate(
            "Notes", "1 ID now holds another piece (same ID, new piece: its row was learned for "
                     "the old one)"),
        "diff.removed": QCoreApplication.translate(
            "Notes", "1 piece was removed"),
        "diff.added_appended": QCoreApplication.translate(
            "Notes", "1 piece added (ID {first:,}, appended past the old ones)"),
        "diff.added_inside": QCoreApplication.translate(
            "Notes", "1 piece added (ID {first:,}, inside the old ID range)"),
        "diff.kind_changed": QCoreApplication.translate(
            "Notes", "1 kept piece changed kind (normal / control / user-defined / byte)"),
        "diff.specials_moved": QCoreApplication.translate(
            "Notes", "1 special token moved: {shown}"),
        "diff.specials_removed": QCoreApplication.translate(
            "Notes", "1 special token removed: {shown}"),
        "diff.specials_added": QCoreApplication.translate(
            "Notes", "1 special token added: {shown}"),
        "diff.specials_changed": QCoreApplication.translate(
            "Notes", "1 special token changed kind: {shown}"),
        "diff.unreachable": QCoreApplication.translate(
            "Notes", "1 kept piece is no longer produced by any merge sequence"),
        "diff.scores": QCoreApplication.translate(
            "Notes", "1 piece score changed"),
        "diff.duplicate_pieces": QCoreApplication.translate(
            "Notes", "1 ID of the {side} vocabulary repeats a piece another ID has: a mapping "
                     "could not be made for it (the lowest ID is used)"),
        "diff.roles_changed": QCoreApplication.translate(
            "Notes", "1 special token with another role: {shown}"),
        "diagnostics.failed_documents": QCoreApplication.translate(
            "Notes", "{tokenizer} failed on 1 document, listed under its failures; the rest was "
                     "measured"),
        "special.not_allowed": QCoreApplication.translate(
            "Notes", "allowed_special: {literals!r} is not a special token of this tokenizer "
                     "(its special tokens: {known})"),
        "special.not_allowed_none": QCoreApplication.translate(
            "Notes", "allowed_special: {literals!r} is not a special token of this tokenizer "
                     "(its special tokens: none)"),
    }


def terms() -> dict[str, dict[str, str]]:
    """Argument -> key -> its translation (:data:`core.notes.TERMS`: arguments whose value is a
    key, such as a pipeline part)."""
    families = {"byte-level": QCoreApplication.translate("Notes", "byte-level"),
                "wordpiece": QCoreApplication.translate("Notes", "WordPiece"),
                "piece": QCoreApplication.translate("Notes", "SentencePiece-style")}
    return {
        "part": {"normalizer": QCoreApplication.translate("Notes", "normalizer"),
                 "pre_tokenizer": QCoreApplication.translate("Notes", "pre-tokenizer"),
                 "model": QCoreApplication.translate("Notes", "model parameters"),
                 "post_processor": QCoreApplication.translate("Notes", "post-processor"),
                 "decoder": QCoreApplication.translate("Notes", "decoder"),
                 "padding_truncation": QCoreApplication.translate("Notes", "padding / truncation"),
                 "chat_template": QCoreApplication.translate("Notes", "chat template"),
                 "model_binding": QCoreApplication.translate("Notes", "model binding")},
        "side": {"old": QCoreApplication.translate("Notes", "old", "the old side of a diff"),
                 "new": QCoreApplication.translate("Notes", "new", "the new side of a diff")},
        "old_family": families,
        "new_family": families,
        # which template, which text of a pair (core.pipeline.postprocess)
        "which_template": {
            "single": QCoreApplication.translate("Notes", "single", "which template"),
            "pair": QCoreApplication.translate("Notes", "pair", "which template")},
        "which_text": {"first": QCoreApplication.translate("Notes", "first", "which text of a pair"),
                       "second": QCoreApplication.translate("Notes", "second",
                                                            "which text of a pair")},
        # loading options and the formats that take them (core.loading.check_options)
        "options": {"preset": QCoreApplication.translate("Notes", "preset", "a loading option"),
                    "pattern": QCoreApplication.translate("Notes", "pattern", "a loading option"),
                    "special": QCoreApplication.translate("Notes", "special tokens",
                                                          "a loading option"),
                    "add_bos": QCoreApplication.translate("Notes", "add BOS", "a loading option"),
                    "add_eos": QCoreApplication.translate("Notes", "add EOS", "a loading option")},
        "option_formats": {
            "tiktoken": QCoreApplication.translate("Notes", "tiktoken rank files"),
            "sentencepiece": QCoreApplication.translate("Notes", "SentencePiece models")},
        # what a byte offset of invalid UTF-8 counts in (core.text.utf8)
        "counted_in": {"file": QCoreApplication.translate("Notes", "file", "invalid UTF-8 in the"),
                       "decompressed file": QCoreApplication.translate(
                           "Notes", "decompressed file", "invalid UTF-8 in the")},
    }


def render(note: Note) -> str:
    """A note in the GUI's language (a unit or key arg by its translated name, a list joined
    as the language joins one, a library's own words set apart after the sentence)."""
    return worded(note, *tables())


def render_all(notes: list[Note]) -> list[str]:
    """Several notes, the templates looked up once."""
    found = tables()
    return [worded(n, *found) for n in notes]


def tables() -> tuple:
    """What :func:`core.notes.worded` needs to say a note in the GUI's language."""
    return (templates(), singular_templates(), all_terms(),
            QCoreApplication.translate("Notes", ", ", "joins the items of a list in a message"),
            QCoreApplication.translate(
                "Notes", "{message}: {said}", "a message, then a library's own words (English) "
                                              "that it quotes"))


def all_terms() -> dict[str, dict[str, str]]:
    """:func:`terms` and the unit args (:data:`core.notes.UNIT_ARGS`) by their names."""
    units = unit_names()
    return {**terms(), **{name: units for name in UNIT_ARGS}}


def unit_names() -> dict[str, str]:
    """Unit key -> its name in the GUI's language (the args :data:`core.notes.UNIT_ARGS`)."""
    return {unit.value: unit_label(unit) for unit in Unit}


def error_text(error: WorkbenchError) -> str:
    """``str(error)`` in the GUI's language: an error that carries a note (a code and its
    values, e.g. SentencePiece's refusals) is worded here; any other keeps the core's words.

    >>> # error_text(TrainingError.of(note("sentencepiece.needs_unknown"))) -> '... add <unk> ...'
    """
    return str(error) if error.note is None else error.render(render(error.note))


def error_message(error: WorkbenchError) -> str:
    """What is wrong, in the GUI's language, without where (for a view that shows the file and
    line itself): the note worded here, else the core's ``message``."""
    return error.message if error.note is None else render(error.note)


def unit_label(unit: Unit) -> str:
    """A unit's display name in the GUI's language (the core keeps the stable ``unit.value``)."""
    return {Unit.BYTES: QCoreApplication.translate("Units", "UTF-8 bytes"), Unit.CP: QCoreApplication.translate("Units", "code points"),
            Unit.UTF16: QCoreApplication.translate("Units", "UTF-16 units"), Unit.GRAPHEME: QCoreApplication.translate("Units", "graphemes")}[unit]


def model_name(model: str) -> str:
    """What an explanation explained (:attr:`core.explain.Explanation.model`) in the GUI's
    language: the names that hold words (:data:`core.explain.MODEL_NAMES`) are translated by their
    English, the others are the model's own name (``WordPiece (tokenizer.json)``)."""
    return model_names().get(model, model)


def model_names() -> dict[str, str]:
    """English name of an explained model -> its translation (see :func:`model_name`)."""
    return {
        "byte-level BPE (tokenizer.json)": QCoreApplication.translate(
            "Describe", "byte-level BPE (tokenizer.json)"),
        "byte-level BPE (tiktoken ranks)": QCoreApplication.translate(
            "Describe", "byte-level BPE (tiktoken ranks)"),
        "BPE (separate </w> symbol)": QCoreApplication.translate(
            "Describe", "BPE (separate </w> symbol)"),
    }


def tokenizer_label(loaded) -> str:
    """``name · format`` with ``(bundle)`` for a bundle (:attr:`core.loading.Loaded.label`, in
    the GUI's language): the tokenizer lists."""
    label = f"{loaded.runtime.name} · {loaded.format}"
    if loaded.is_bundle:
        return QCoreApplication.translate("Describe", "{label} (bundle)").format(label=label)
    return label


def special_kind(kind: str) -> str:
    """A special token's kind (:attr:`core.pipeline.special.SpecialToken.kind`, a key) in the GUI's
    language; an unknown kind is shown as it is."""
    return special_kinds().get(kind, kind)


def special_kinds() -> dict[str, str]:
    """Special-token kind -> its translation (see :func:`special_kind`)."""
    return {
        "special": QCoreApplication.translate("Describe", "special"),
        "added": QCoreApplication.translate("Describe", "added"),
        "control": QCoreApplication.translate("Describe", "control"),
        "user_defined": QCoreApplication.translate("Describe", "user_defined"),
        "unk": QCoreApplication.translate("Describe", "unk"),
        "vocabulary": QCoreApplication.translate("Describe", "vocabulary", "special-token kind"),
    }


def special_role(role: str) -> str:
    """A special token's role (:attr:`core.pipeline.special.SpecialToken.role`, a key) in the GUI's
    language. The short names of the configs (bos, eos, pad, unk, cls, sep, mask, fim) are the
    files' own words and stay; the roles said in words are translated; an unknown role is shown
    as it is.

    >>> # special_role("chat role") -> '对话角色' in the Chinese window
    """
    return special_roles().get(role, role)


def special_roles() -> dict[str, str]:
    """Special-token role said in words -> its translation (see :func:`special_role`)."""
    return {
        "chat role": QCoreApplication.translate("Describe", "chat role"),
        "end of turn": QCoreApplication.translate("Describe", "end of turn"),
        "end of message": QCoreApplication.translate("Describe", "end of message"),
        "tool": QCoreApplication.translate("Describe", "tool", "special-token role"),
        "image placeholder": QCoreApplication.translate("Describe", "image placeholder"),
    }


def special_source(source: str) -> str:
    """Where a special-token fact came from (:class:`core.pipeline.special.RegistryEntry` ``source`` /
    ``role_source``) in the GUI's language: a file and its key stay as they are (they are
    names), the format's own words are translated.

    >>> # special_source("tiktoken preset cl100k") -> 'tiktoken 预设 cl100k'
    """
    if source == GUESS:
        return QCoreApplication.translate("Describe", "guessed from the string")
    if source == "SentencePiece piece type":
        return QCoreApplication.translate("Describe", "SentencePiece piece type")
    if source == "user-given special tokens":
        return QCoreApplication.translate("Describe", "user-given special tokens")
    if source == "GGUF token type":
        return QCoreApplication.translate("Describe", "GGUF token type")
    if source == "Tekken special tokens":
        return QCoreApplication.translate("Describe", "Tekken special tokens")
    if source.startswith("tiktoken preset "):
        return QCoreApplication.translate("Describe", "tiktoken preset {name}").format(
            name=source[len("tiktoken preset "):])
    return source


def describe_labels() -> dict[str, str]:
    """The row labels of ``Loaded.describe()`` (its keys) in the GUI's language."""
    return {
        "format": QCoreApplication.translate("Describe", "format"),
        "runtime": QCoreApplication.translate("Describe", "runtime"),
        "vocabulary": QCoreApplication.translate("Describe", "vocabulary"),
        "model": QCoreApplication.translate("Describe", "model"),
        "merges": QCoreApplication.translate("Describe", "merges"),
        "normalizer": QCoreApplication.translate("Describe", "normalizer"),
        "pre-tokenizer": QCoreApplication.translate("Describe", "pre-tokenizer"),
        "post-processor": QCoreApplication.translate("Describe", "post-processor"),
        "decoder": QCoreApplication.translate("Describe", "decoder"),
        "special tokens": QCoreApplication.translate("Describe", "special tokens"),
        "dummy prefix": QCoreApplication.translate("Describe", "dummy prefix"),
        "preset": QCoreApplication.translate("Describe", "preset"),
        "bundle": QCoreApplication.translate("Describe", "bundle"),
        "configs": QCoreApplication.translate("Describe", "configs"),
        "chat template": QCoreApplication.translate("Describe", "chat template"),
        "fingerprint": QCoreApplication.translate("Describe", "fingerprint"),
        # GGUF and Tekken files
        "architecture": QCoreApplication.translate("Describe", "architecture"),
        "model name": QCoreApplication.translate("Describe", "model name"),
        "embedding rows": QCoreApplication.translate("Describe", "embedding rows"),
        "context length": QCoreApplication.translate("Describe", "context length"),
        "GGUF header": QCoreApplication.translate("Describe", "GGUF header"),
        "tekken version": QCoreApplication.translate("Describe", "Tekken version"),
        "ranks": QCoreApplication.translate("Describe", "ranks"),
        "converted from": QCoreApplication.translate("Describe", "converted from"),
    }


def describe_rows(loaded) -> list[tuple[str, str]]:
    """``loaded.describe()`` as (label, value) rows in the GUI's language.

    Labels are translated by key. Values are data (type names, patterns, counts), except the few
    made of words: those are said again here from the same facts (the bundle's manifest, the chat
    template, a SentencePiece model's special tokens) or looked up whole (``yes``, ``none``, the
    model names)."""
    labels = describe_labels()
    words = {
        "yes": QCoreApplication.translate("Describe", "yes"),
        "no": QCoreApplication.translate("Describe", "no"),
        "none": QCoreApplication.translate("Describe", "none"),
        "custom": QCoreApplication.translate("Describe", "custom"),
        "byte-level BPE (ranks)": QCoreApplication.translate("Describe", "byte-level BPE (ranks)"),
        "BPE, separate </w> symbol (reference encoder)": QCoreApplication.translate(
            "Describe", "BPE, separate </w> symbol (reference encoder)"),
    }
    fallback = " + byte fallback"
    rows = []
    for key, value in loaded.describe().items():
        if key == "bundle" and loaded.manifest is not None:
            value = PLURALS.bundle(loaded.manifest)
        elif key == "chat template" and loaded.configs.chat_template is not None:
            value = PLURALS.characters(len(loaded.configs.chat_template))
        elif key == "special tokens" and loaded.format == "sentencepiece":
            kinds = [token.kind for token in loaded.runtime.special_tokens()]
            value = QCoreApplication.translate(
                "Describe", "{control} control, {user} user-defined").format(
                control=kinds.count("control"), user=kinds.count("user_defined"))
        elif key == "fingerprint":  # said again from the runtime's (cached) fingerprints
            from core.bundles.fingerprints import fingerprint

            found = fingerprint(loaded.runtime)
            value = QCoreApplication.translate("Describe", "behaviour {behaviour} · vocabulary "
                                               "{vocabulary}").format(**found)
        elif loaded.format in ("gguf", "tekken") and model_file_value(loaded, key) is not None:
            value = model_file_value(loaded, key)
        elif key == "model" and value.endswith(fallback):
            value = QCoreApplication.translate("Describe", "{model} + byte fallback").format(
                model=words.get(value[:-len(fallback)], value[:-len(fallback)]))
        else:
            value = words.get(value, value)
        rows.append((labels.get(key, key), value))
    return rows


def model_file_value(loaded, key: str) -> str | None:
    """A GGUF or Tekken ``describe()`` value made of words, said in the GUI's language from the
    runtime's facts (None for the rows that are data)."""
    runtime = loaded.runtime
    if loaded.format == "gguf" and key == "embedding rows":
        facts = runtime.model_facts
        rows, vocabulary = facts["embedding_rows"], facts["vocabulary"]
        if rows is None:
            return QCoreApplication.translate("Describe", "none (a vocab-only file)")
        if rows == vocabulary:
            return QCoreApplication.translate("Describe", "{rows} (= vocabulary, from {source})").format(
                rows=f"{rows:,}", source=facts["embedding_rows_from"])
        return QCoreApplication.translate(
            "Describe", "{rows} (vocabulary {sign} {difference}, from {source})").format(
            rows=f"{rows:,}", sign="+" if rows > vocabulary else "−",
            difference=f"{abs(rows - vocabulary):,}", source=facts["embedding_rows_from"])
    if loaded.format == "gguf" and key == "configs":
        return QCoreApplication.translate("Describe", "{files} (from the GGUF metadata)").format(
            files=", ".join(sorted(loaded.configs.by_file())))
    if loaded.format == "gguf" and key == "GGUF header":
        facts = runtime.model_facts
        return QCoreApplication.translate(
            "Describe", "version {version}, {keys} keys, {tensors} tensors, {size} bytes").format(
            version=facts["gguf_version"], keys=facts["keys"], tensors=f"{facts['tensors']:,}",
            size=f"{facts['header_bytes']:,}")
    if loaded.format == "tekken" and key == "model":
        return QCoreApplication.translate("Describe", "byte-level BPE (Tekken ranks)")
    if loaded.format == "tekken" and key == "special tokens":
        facts = runtime.model_facts
        count = facts["special_tokens"]
        return QCoreApplication.translate("Describe", "{count} (IDs 0–{last}, {named} named)").format(
            count=f"{count:,}", last=f"{count - 1:,}", named=facts["named_special_tokens"])
    if loaded.format == "tekken" and key == "ranks":
        facts = runtime.model_facts
        return QCoreApplication.translate(
            "Describe", "{used} of {listed} listed, ID = rank + {offset}").format(
            used=f"{facts['ranks']:,}", listed=f"{facts['listed_ranks']:,}",
            offset=f"{facts['special_tokens']:,}")
    return None


class Describe(QObject):
    """The describe() values with a count in them: a QObject only for ``tr`` with plural forms
    (lupdate reads a plural only from ``self.tr(source, "", n)``)."""

    def bundle(self, manifest: dict) -> str:
        """``demo v3, 5 files verified, created 2026-…``"""
        return self.tr("{name} v{version}, %n file(s) verified, created {created}", "",
                       len(manifest.get("files", {}))).format(
            name=manifest.get("name", "?"), version=manifest.get("version", "?"),
            created=manifest.get("created", "?"))

    def characters(self, count: int) -> str:
        return self.tr("%Ln character(s)", "", count)


PLURALS = Describe()
