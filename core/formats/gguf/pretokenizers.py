"""llama.cpp's pre-tokenizers for BPE vocabularies: what each ``tokenizer.ggml.pre`` value selects.

llama.cpp (``src/llama-vocab.cpp``, ``llm_tokenizer_bpe``) maps every known name to a
``LLAMA_VOCAB_PRE_TYPE_*`` and each type to a *list* of regexes applied one after the other (each
splits the pieces the previous one left, keeping unmatched text as pieces of its own), plus a few
flags: whether the pieces are byte-encoded GPT-2 style or left raw (Gemma 4), whether spaces
become ``▁`` first, whether a word that is a whole token skips the merges, whether BOS is added.
:data:`PRE_TYPES` holds that table; :mod:`core.formats.gguf.tokenizer` turns an entry into a
``tokenizers`` pipeline (a ``Sequence`` of ``Split(isolated)`` pre-tokenizers).

The regexes are llama.cpp's, rewritten where its regex engine reads them differently from
Oniguruma (the one ``tokenizers`` uses):

- a regex with ``\\p{..}`` runs on a "collapsed" text where every non-ASCII code point is one byte
  for its category, and ``\\p{Lu}``, ``\\p{Ll}``, ``\\p{Lt}``, ``\\p{Lm}``, ``\\p{Lo}`` all collapse
  to *any letter*: they are written ``\\p{L}`` here; its ASCII ``\\p{S}`` lacks ``~``;
- a regex without ``\\p{..}`` runs on ``std::wregex`` in the C locale, where ``\\d`` and ``\\w``
  are ASCII only: written ``[0-9]`` and ``[A-Za-z0-9_]`` here;
- Kimi-K2 and AFMoE run hand-written C++ splitters (``unicode.cpp``), written here as the regexes
  that split the same way.

>>> PRE_TYPES["llama-bpe"].family, PRE_TYPES["llama-bpe"].ignore_merges
('LLAMA3', True)
>>> PRE_TYPES["gemma4"].byte_level, PRE_TYPES["gemma4"].escape_spaces
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

_GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)"
_CONTRACTIONS = r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
_LLAMA3 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
           r"|\s*[\r\n]+|\s+(?!\S)|\s+")
_QWEN2 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
          r"|\s*[\r\n]+|\s+(?!\S)|\s+")
_QWEN35 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}| ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*"
           r"|\s*[\r\n]+|\s+(?!\S)|\s+")
# llama.cpp writes "letters other than a-z" and "other than A-Z" with lookaheads (not Lu/Ll
# classes): a non-ASCII lowercase letter counts as both; kept as llama.cpp has them
_UPPERISH = r"((?=[\p{L}])([^a-z]))"
_LOWERISH = r"((?=[\p{L}])([^A-Z]))"
_TEKKEN = (rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH}*{_LOWERISH}+|[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH}+"
           rf"{_LOWERISH}*|\p{{N}}| ?[^\s\p{{L}}\p{{N}}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_GPT4O = (rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH}*{_LOWERISH}+{_CONTRACTIONS}?"
          rf"|[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH}+{_LOWERISH}*{_CONTRACTIONS}?"
          r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# granite-embed-multi-97m: GPT-4o's lookaheads with marks counted as letters
_UPPERISH_M = r"((?=[\p{L}\p{M}])([^a-z]))"
_LOWERISH_M = r"((?=[\p{L}\p{M}])([^A-Z]))"
_GRANITE_MULTI = (rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH_M}*{_LOWERISH_M}+{_CONTRACTIONS}?"
                  rf"|[^\r\n\p{{L}}\p{{N}}]?{_UPPERISH_M}+{_LOWERISH_M}*{_CONTRACTIONS}?"
                  r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# youtu and tiny_aya name \p{Lu}, \p{Ll}...: collapsed, each is any letter
_CASED_WORDS = (rf"[^\r\n\p{{L}}\p{{N}}]?[\p{{L}}\p{{M}}]*[\p{{L}}\p{{M}}]+{_CONTRACTIONS}?"
                rf"|[^\r\n\p{{L}}\p{{N}}]?[\p{{L}}\p{{M}}]+[\p{{L}}\p{{M}}]*{_CONTRACTIONS}?")
# a regex without \p{..} runs on std::wregex, where llama.cpp first turns every non-ASCII space
# into a vertical tab: its classes never match U+2000-U+200A, U+3000... ("ࠀ-一" spans them)
_CJK = "[一-龥ࠀ-一가-퟿&&[^\\s]]+"
# the cased letters (Unicode L&) of DeepSeek's regex, written with escapes where a character has
# a canonical equivalent (U+1FD3 is U+0390 once normalized): an editor normalizing the file
# would otherwise turn a range into an empty one
_DEEPSEEK_LETTERS = (
    "\\s?[A-Za-zµÀ-ÖØ-öø-ƺƼ-ƿǄ-ʓʕ-ʯͰ-ͳͶͷͻ-ͽͿΆΈ-ΊΌΎ-ΡΣ-ϵϷ-ҁҊ-ԯԱ-ՖႠ-ჅᎠ-Ᏽᏸ-ᏽᲐ-ᲺᲽ-Ჿᴀ-ᴫᵫ-ᵷᵹ-ᶚḀ-ἕἘ-Ἕἠ-ὅὈ-Ὅὐ-ὗὙὛὝὟ-\u1f7dᾀ-ᾴᾶ-ᾼ\u1fbeῂ-ῄῆ-ῌῐ-\u1fd3ῖ-\u1fdbῠ-Ῥῲ-ῴῶ-ῼℂℇℊ-ℓℕℙ-ℝℤ\u2126ℨ\u212a-ℭℯ-ℴℹℼ-ℿⅅ-ⅉⅎↃↄⰀ-ⱻⱾ-ⳤⳫ-ⳮⳲⳳꙀ-ꙭꚀ-ꚛꜢ-ꝯꝱ-ꞇꞋ-ꞎꭰ-ꮿﬀ-ﬆﬓ-ﬗＡ-Ｚａ-ｚ𐐀-𐑏𐒰-𐓓𐓘-𐓻𐲀-𐲲𐳀-𐳲𑢠-𑣟𞤀-𞥃]+")
# llama.cpp runs a regex with \p{..} on a "collapsed" text where its \p{S} lists the ASCII symbols
# $+<=>^`| but not "~": written out here so Oniguruma treats "~" as llama.cpp does
_SYMBOL = r"\p{S}&&[^~]"
_NOT_LPS = r"(?:[^\r\n\p{L}\p{P}\p{S}]|~)"
_DEEPSEEK3_WORDS = (r"[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|" + _NOT_LPS +
                    rf"?[\p{{L}}\p{{M}}]+| ?[\p{{P}}{_SYMBOL}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# unicode_cpt_is_han's ranges (llama.cpp's own list, not \p{Han})
_HAN = ("\u4e00-\u9fff\u3400-\u4dbf\U00020000-\U0002a6df\U0002a700-\U0002ebef\uf900-\ufaff"
        "\U0002f800-\U0002fa1f")
# unicode_regex_split_custom_kimi_k2, as one regex: Han runs; an optional leading character then
# letters that are not Han, with an optional contraction; 1-3 digits; then GPT-4o's rest
_KIMI_K2 = (rf"[{_HAN}]+|[^\r\n\p{{L}}\p{{N}}]?[\p{{L}}&&[^{_HAN}]]+"
            r"(?:'[sS]|'[tT]|'[mM]|'[dD]|'[rR][eE]|'[vV][eE]|'[lL][lL])?"
            r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# unicode_regex_split_custom_afmoe: a run of n digits splits as n % 3 digits then threes, and the
# text before a run goes with the run's first group (the C++ emits it with that group)
_AFMOE_DIGITS = r"\P{N}*\p{N}{1,3}(?=(?:\p{N}{3})*(?!\p{N}))"
_AFMOE_SCRIPTS = "[一-鿿㐀-䶿豈-﫿぀-ゟ゠-ヿ･-ﾟ⼀-⿟เ-๿຀-໿ក-៿က-႟ꩠ-ꩿꧠ-꧿가-힯ᄀ-ᇿ]+"
_LINES = r"[^\n]+|[\n]+"


@dataclass(frozen=True)
class LlamaPre:
    """One ``LLAMA_VOCAB_PRE_TYPE_*`` of llama.cpp, as the workbench runs it.

    Attributes:
        family: llama.cpp's enum name (``LLAMA3``, ``GEMMA4``...).
        regexes: the splits, in order (Oniguruma syntax).
        byte_level: the pieces are GPT-2 byte-encoded before the merges (llama.cpp's
            ``byte_encode``); False: raw UTF-8, unknown characters fall back to ``<0xXX>`` tokens.
        escape_spaces: spaces become ``▁`` before splitting (``escape_whitespaces``).
        ignore_merges: a piece that is a whole token is that token (``ignore_merges``).
        add_bos: llama.cpp turns add_bos on, before the file's key can turn it off.
        force_bos: on whatever the file's key says (Gemma 4).
        whole_newline_runs: a run of newlines that is a token is that token (Gemma 4's fix).
        no_default_bos: llama.cpp forgets its default BOS ID (ChatGLM).
    """

    family: str
    regexes: tuple[str, ...]
    byte_level: bool = True
    escape_spaces: bool = False
    ignore_merges: bool = False
    add_bos: bool = False
    force_bos: bool = False
    whole_newline_runs: bool = False
    no_default_bos: bool = False


def _family(family: str, regexes: tuple[str, ...], names: tuple[str, ...], **flags):
    return {name: LlamaPre(family, regexes, **flags) for name in names}


_GEMMA4 = dict(byte_level=False, escape_spaces=True)

# every name llama.cpp's llama_vocab::impl::load accepts for a BPE vocabulary, grouped by the
# type it maps to (names that map to one type with different flags are separate entries)
PRE_TYPES: dict[str, LlamaPre] = {
    **_family("DEFAULT", (r"[\p{P}\$\+<=>\^~\|]+", _GPT2, r"\p{N}+", "[0-9][0-9][0-9]"),
              ("default",)),
    **_family("LLAMA3", (_LLAMA3,), ("llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1",
                                     "pixtral", "midm-2.0", "lfm2", "jina-v5-nano"),
              ignore_merges=True, add_bos=True),
    **_family("DBRX", (_LLAMA3,), ("dbrx",)),
    **_family("SMAUG", (_LLAMA3,), ("smaug-bpe",)),
    **_family("CHATGLM4", (_LLAMA3,), ("glm4", "chatglm-bpe"), no_default_bos=True),
    **_family("JAIS2", (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
                        r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s{512}(?!\S)|\s{256}(?!\S)"
                        r"|\s{128}(?!\S)|\s{64}(?!\S)|\s{32}(?!\S)|\s{16}(?!\S)|\s{8}(?!\S)"
                        r"|\s{4}(?!\S)|\s{1,2}(?!\S)|\s{1}",), ("jais-2",)),
    **_family("DEEPSEEK_LLM", ("[\r\n]", _DEEPSEEK_LETTERS, r"\s?[!-/:-~！-／：-～‘-‟　-。&&[^\s]]+",
                               r"\s+$", _CJK, r"\p{N}+"), ("deepseek-llm",)),
    **{name: LlamaPre(family, (r"\p{N}{1,3}", "[一-龥぀-ゟ゠-ヿ]+", _DEEPSEEK3_WORDS))
       for family, name in (("DEEPSEEK3_LLM", "deepseek-v3"), ("HUNYUAN_DENSE", "hunyuan-dense"),
                            ("JOYAI_LLM", "joyai-llm"), ("HY_V4", "hy_v4"))},
    **_family("SPARK2_5", (r"\p{N}{1,3}", "[一-龥぀-ゟ゠-ヿ]+",
                           r"[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|" + _NOT_LPS +
                           rf"?[\p{{L}}\p{{M}}]+| ?[\p{{P}}{_SYMBOL}]+|[\r\n]|\s+(?!\S)|\s+",
                           r"\p{N}"), ("spark2_5",)),
    **_family("YOUTU", ("[가-힣ㄱ-ㆎ]+|[！…“”‘’—：；，、-〿︰-﹏]+|[ㄅ-ㄯ]+|[一-龥぀-ゟ゠-ヿ]+",
                        _CASED_WORDS + r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+"
                                       r"|\s+(?!\S)|\s+"), ("youtu",), ignore_merges=True),
    **_family("DEEPSEEK_CODER", ("[\r\n]", r"\s?\p{L}+", r"\s?\p{P}+", _CJK, r"\p{N}"),
              ("deepseek-coder",)),
    **_family("FALCON", (r"[\p{P}\$\+<=>\^~\|`]+", _GPT2, "[0-9][0-9][0-9]"), ("falcon",)),
    **{name: LlamaPre(family, (r"\p{N}", _GPT2))
       for family, name in (("STARCODER", "starcoder"), ("REFACT", "refact"),
                            ("COMMAND_R", "command-r"), ("SMOLLM", "smollm"),
                            ("CODESHELL", "codeshell"), ("EXAONE", "exaone"),
                            ("MINERVA", "minerva-7b"), ("MELLUM2", "mellum2"))},
    **_family("GPT2", (_GPT2,), ("gpt-2", "phi-2", "jina-es", "jina-de", "gigachat",
                                 "jina-v2-es", "jina-v2-de", "a.x-4.0", "mellum", "modern-bert",
                                 "exaone4", "jina-v1-en", "jina-v2-code", "roberta-bpe")),
    **{name: LlamaPre(family, (_GPT2,))
       for family, name in (("MPT", "mpt"), ("OLMO", "olmo"), ("JAIS", "jais"),
                            ("TRILLION", "trillion"), ("GRANITE_DOCLING", "granite-docling"))},
    **_family("QWEN2", (_QWEN2,), ("qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2", "megrez")),
    **{name: LlamaPre(family, (_QWEN2,))
       for family, name in (("STABLELM2", "stablelm2"), ("HUNYUAN", "hunyuan"),
                            ("SOLAR_OPEN", "solar-open"), ("GROK_2", "grok-2"))},
    **_family("QWEN35", (_QWEN35,), ("qwen35",)),
    **{name: LlamaPre(family, (r" ?[^(\s|.,!?…。，、।۔،)]+",))
       for family, name in (("PORO", "poro-chat"), ("BLOOM", "bloom"),
                            ("GPT3_FINNISH", "gpt3-finnish"))},
    **_family("VIKING", (r" ?[^(\s|.,!?…。，、।۔،)]+", r"\p{N}"), ("viking",)),
    **_family("TEKKEN", (_TEKKEN,), ("tekken",), ignore_merges=True, add_bos=True),
    **_family("CHAMELEON", ("<sentinel:[0-9]+>", "(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z",
                            "([\t\n]|    |  )", r"\p{N}", r"[\p{P}!-/:-@\[-`{-~]", _GPT2),
              ("chameleon",), add_bos=True),
    **_family("GPT4O", (_GPT4O,), ("gpt-4o", "llama4", "kanana2", "talkie")),
    **_family("MINIMAX_M2", (_GPT4O,), ("minimax-m2",)),
    **_family("GRANITE_EMB_MULTI", (_GRANITE_MULTI,), ("granite-embed-multi-97m",),
              ignore_merges=True),
    **_family("TINY_AYA", (r"[0-9]{1,3}(?=(?:[0-9]{3})*(?![A-Za-z0-9_]))",
                           _CASED_WORDS + r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+"
                                          r"|\s+(?!\S)|\s+"), ("tiny_aya", "cohere2moe")),
    **_family("KIMI_K2", (_KIMI_K2,), ("kimi-k2",)),
    **_family("SUPERBPE", (r"\p{N}+", r"(?=(?:[0-9]{3})+(?![0-9]))"), ("superbpe",)),
    **_family("BAILINGMOE", (r"'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\r\n\p{L}\p{N}]?\p{L}+"
                             r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+",),
              ("bailingmoe", "bailingmoe2", "llada-moe")),
    **_family("SEED_CODER", (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1}"
                             r"| ?[^\s\p{L}\p{N}\r\n]+|\s*[\r\n]+|\s+(?!\S)|\s+",), ("seed-coder",)),
    **_family("UFAKZEKA", (r"[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+"
                           r"|\s+(?!\S)|\s+",), ("ufakzeka",)),
    **_family("AFMOE", (_AFMOE_DIGITS, _AFMOE_SCRIPTS, _DEEPSEEK3_WORDS), ("afmoe",)),
    **_family("LAGUNA", (_LINES, _QWEN2), ("laguna",)),
    **_family("EXAONE_MOE", (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?(?:\p{L}\p{M}*(?: \p{L}\p{M}*)*)+"
                             r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]?|\s*[\r\n]|\s+(?!\S)|\s+",),
              ("exaone-moe",)),
    **_family("MINICPM5", (r"\p{N}{1,3}", _CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}+"
                           r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"), ("minicpm5",),
              ignore_merges=True),
    # SentencePiece-style BPE: spaces are ▁, lines split from newline runs, raw UTF-8 merges
    **_family("GEMMA4", (_LINES,), ("gemma4", "granite-embed-multi-311m"), force_bos=True,
              whole_newline_runs=True, **_GEMMA4),
    **_family("SARVAM_MOE", (_LINES,), ("sarvam-moe",), **_GEMMA4),
    **_family("WHITESPACE", (r"\S+",), ("whitespace",), byte_level=False),
}

# the pre-tokenizer llama.cpp gives every vocabulary of these models, whatever the file says
FORCED_PRE = {"gemma4": "gemma4"}
