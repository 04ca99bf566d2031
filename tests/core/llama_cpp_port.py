"""A Python port of llama.cpp's BPE tokenizer, written from ``src/llama-vocab.cpp`` and
``src/unicode.cpp``, as a test oracle where no llama.cpp binary is at hand.

It follows the C++ step by step, independently of the workbench's ``tokenizers`` pipelines:

- the table of ``tokenizer.ggml.pre`` names (:data:`PRE_NAMES`) with the flags
  ``llama_vocab::impl::load`` sets, and each type's regexes exactly as the C++ string literals
  give them (:data:`REGEXES`);
- ``unicode_regex_split``: the hand-written splitters for the GPT-2, Llama-3, Kimi-K2 and AFMoE
  regexes; any other regex with ``\\p{..}`` runs on the "collapsed" text (one byte per code point:
  ASCII as is, other whitespace as a vertical tab, other code points as their category's byte)
  with the regex collapsed the same way; a regex without runs on the code points, non-ASCII
  whitespace turned into vertical tabs. Python's ``re`` in ASCII mode stands for ``std::regex``
  in the C locale (``$`` as ``\\Z``: ECMAScript's ``$`` is the end of the input only);
- ``tokenizer_st_partition`` (special tokens cut out longest first), the BPE session (merges by
  rank, the leftmost of equal ranks; ``ignore_merges``; Gemma 4's whole newline runs; GPT-2
  byte encoding or raw UTF-8 with ``<0xXX>`` fallback) and BOS.

Code point categories come from Python's ``unicodedata``.
"""

from __future__ import annotations

import heapq
import re
import unicodedata
from dataclasses import dataclass

WHITE_SPACE = frozenset(map(chr, [*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680,
                                  *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F,
                                  0x3000]))
_CATEGORY_BYTE = {"N": "\xd1", "L": "\xd2", "P": "\xd3", "M": "\xd4", "S": "\xd5"}
_CATEGORY_ASCII = {"N": "0-9", "L": "A-Za-z", "P": "!-#%-*,-/:-;?-@\\[-\\]_\\{\\}", "M": "",
                   "S": "\\$\\+<->^`\\|"}
_UCAT = {"\\p{N}": "N", "\\p{L}": "L", "\\p{P}": "P", "\\p{M}": "M", "\\p{S}": "S",
         "\\p{Lu}": "L", "\\p{Ll}": "L", "\\p{Lt}": "L", "\\p{Lm}": "L", "\\p{Lo}": "L"}


@dataclass(frozen=True)
class Flags:
    letter: bool = False
    number: bool = False
    whitespace: bool = False
    defined: bool = False  # unicode_cpt_flags::as_uint() != 0: a code point inside the chunk


def flags(c: str | None) -> Flags:
    if c is None:
        return Flags()
    cat = unicodedata.category(c)[0]
    return Flags(cat == "L", cat == "N", c in WHITE_SPACE, True)


def _lower(c: str) -> str:
    low = c.lower()
    return low if len(low) == 1 else c


GPT2 = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)"
LLAMA3 = ("(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+"
          "|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
_QWEN2 = ("(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+"
          "|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
_CONTR = "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
_DS3 = ("[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?"
        "[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+")
_LOOK = "((?=[\\p{L}])([^a-z]))", "((?=[\\p{L}])([^A-Z]))"
_LOOK_M = "((?=[\\p{L}\\p{M}])([^a-z]))", "((?=[\\p{L}\\p{M}])([^A-Z]))"
_CASED = ("[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+"
          + _CONTR + "?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+"
          "[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*" + _CONTR + "?")


def _gpt4o_like(upper: str, lower: str) -> str:
    return (f"[^\\r\\n\\p{{L}}\\p{{N}}]?{upper}*{lower}+{_CONTR}?|[^\\r\\n\\p{{L}}\\p{{N}}]?{upper}+"
            f"{lower}*{_CONTR}?|\\p{{N}}{{1,3}}| ?[^\\s\\p{{L}}\\p{{N}}]+[\\r\\n/]*|\\s*[\\r\\n]+"
            "|\\s+(?!\\S)|\\s+")


def _deepseek_letters() -> str:
    from core.formats.gguf.pretokenizers import _DEEPSEEK_LETTERS  # a long literal class: the same characters

    return _DEEPSEEK_LETTERS


# llm_tokenizer_bpe's regex_exprs per LLAMA_VOCAB_PRE_TYPE_*, as the C++ literals read
REGEXES: dict[str, tuple[str, ...]] = {
    "DEFAULT": ("[\\p{P}\\$\\+<=>\\^~\\|]+", GPT2, "\\p{N}+", "[0-9][0-9][0-9]"),
    "LLAMA3": (LLAMA3,), "DBRX": (LLAMA3,), "SMAUG": (LLAMA3,), "CHATGLM4": (LLAMA3,),
    "JAIS2": (_CONTR + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*"
              "|\\s*[\\r\\n]+|\\s{512}(?!\\S)|\\s{256}(?!\\S)|\\s{128}(?!\\S)|\\s{64}(?!\\S)"
              "|\\s{32}(?!\\S)|\\s{16}(?!\\S)|\\s{8}(?!\\S)|\\s{4}(?!\\S)|\\s{1,2}(?!\\S)|\\s{1}",),
    "DEEPSEEK_LLM": ("[\r\n]", "<letters>", "\\s?[!-/:-~！-／：-～‘-‟　-。]+", "\\s+$",
                     "[一-龥ࠀ-一가-퟿]+", "\\p{N}+"),
    "DEEPSEEK3_LLM": ("\\p{N}{1,3}", "[一-龥぀-ゟ゠-ヿ]+", _DS3),
    "SPARK2_5": ("\\p{N}{1,3}", "[一-龥぀-ゟ゠-ヿ]+",
                 "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?"
                 "[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+|[\r\n]|\\s+(?!\\S)|\\s+", "\\p{N}"),
    "YOUTU": ("[가-힣ㄱ-ㆎ]+|[！…“”‘’—：；，、-〿︰-﹏]+|[ㄅ-ㄯ]+|[一-龥぀-ゟ゠-ヿ]+",
              _CASED + "|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"),
    "DEEPSEEK_CODER": ("[\r\n]", "\\s?\\p{L}+", "\\s?\\p{P}+", "[一-龥ࠀ-一가-퟿]+", "\\p{N}"),
    "FALCON": ("[\\p{P}\\$\\+<=>\\^~\\|`]+", GPT2, "[0-9][0-9][0-9]"),
    "STARCODER": ("\\p{N}", GPT2),
    "GPT2": (GPT2,),
    "QWEN2": (_QWEN2,),
    "QWEN35": (_CONTR + "|[^\\r\\n\\p{L}\\p{N}]?[\\p{L}\\p{M}]+|\\p{N}| ?[^\\s\\p{L}\\p{M}\\p{N}]+"
               "[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",),
    "PORO": (" ?[^(\\s|.,!?…。，、।۔،)]+",),
    "VIKING": (" ?[^(\\s|.,!?…。，、।۔،)]+", "\\p{N}"),
    "TEKKEN": ("[^\\r\\n\\p{L}\\p{N}]?" + _LOOK[0] + "*" + _LOOK[1] + "+|[^\\r\\n\\p{L}\\p{N}]?"
               + _LOOK[0] + "+" + _LOOK[1] + "*|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*"
               "|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",),
    "CHAMELEON": ("<sentinel:[0-9]+>", "(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z",
                  "([\\t\\n]|    |  )", "\\p{N}", "[\\p{P}!-/:-@\\[-`{-~]", GPT2),
    "GPT4O": (_gpt4o_like(*_LOOK),),
    "GRANITE_EMB_MULTI": (_gpt4o_like(*_LOOK_M),),
    "TINY_AYA": ("\\d{1,3}(?=(?:\\d{3})*\\b)",
                 _CASED + "|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)"
                 "|\\s+"),
    "KIMI_K2": ("\\p{Han}+",),
    "SUPERBPE": ("\\p{N}+", "(?=(\\d{3})+(?!\\d))"),
    "BAILINGMOE": ("'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}"
                   "| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+",),
    "SEED_CODER": (_CONTR + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1}| ?[^\\s\\p{L}\\p{N}\\r\\n]+"
                   "|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",),
    "UFAKZEKA": ("[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+"
                 "|\\s+(?!\\S)|\\s+",),
    "AFMOE": ("\\p{AFMoE_digits}",
              "[一-鿿㐀-䶿豈-﫿぀-ゟ゠-ヿ･-ﾟ⼀-⿟เ-๿຀-໿ក-៿က-႟ꩠ-ꩿꧠ-꧿가-힯ᄀ-ᇿ]+", _DS3),
    "LAGUNA": ("[^\\n]+|[\\n]+", _QWEN2),
    "EXAONE_MOE": (_CONTR + "|[^\\r\\n\\p{L}\\p{N}]?(?:\\p{L}\\p{M}*(?: \\p{L}\\p{M}*)*)+|\\p{N}"
                   "| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]?|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+",),
    "GEMMA4": ("[^\\n]+|[\\n]+",),
    "MINICPM5": ("\\p{N}{1,3}", _CONTR + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}+"
                 "| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"),
    "WHITESPACE": ("\\S+",),
}
for _same, _as in (("HUNYUAN_DENSE", "DEEPSEEK3_LLM"), ("JOYAI_LLM", "DEEPSEEK3_LLM"),
                   ("HY_V4", "DEEPSEEK3_LLM"), ("REFACT", "STARCODER"),
                   ("COMMAND_R", "STARCODER"), ("SMOLLM", "STARCODER"),
                   ("CODESHELL", "STARCODER"), ("EXAONE", "STARCODER"), ("MINERVA", "STARCODER"),
                   ("MELLUM2", "STARCODER"), ("MPT", "GPT2"), ("OLMO", "GPT2"), ("JAIS", "GPT2"),
                   ("TRILLION", "GPT2"), ("GRANITE_DOCLING", "GPT2"), ("STABLELM2", "QWEN2"),
                   ("HUNYUAN", "QWEN2"), ("SOLAR_OPEN", "QWEN2"), ("GROK_2", "QWEN2"),
                   ("BLOOM", "PORO"), ("GPT3_FINNISH", "PORO"), ("MINIMAX_M2", "GPT4O"),
                   ("SARVAM_MOE", "GEMMA4")):
    REGEXES[_same] = REGEXES[_as]


@dataclass(frozen=True)
class Pre:
    """What ``llama_vocab::impl::load`` sets for one ``tokenizer.ggml.pre`` name."""

    type: str
    ignore_merges: bool = False
    add_bos: bool = False
    escape: bool = False


def _names(kind: str, *names: str, **kw) -> dict[str, Pre]:
    return {name: Pre(kind, **kw) for name in names}


# every name load() accepts for a BPE vocabulary (the chain of tokenizer_pre == ... branches)
PRE_NAMES: dict[str, Pre] = {
    **_names("DEFAULT", "default"),
    **_names("MINICPM5", "minicpm5", ignore_merges=True),
    **_names("LLAMA3", "llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral",
             "midm-2.0", "lfm2", "jina-v5-nano", ignore_merges=True, add_bos=True),
    **_names("DEEPSEEK_LLM", "deepseek-llm"), **_names("DEEPSEEK_CODER", "deepseek-coder"),
    **_names("DEEPSEEK3_LLM", "deepseek-v3"), **_names("SPARK2_5", "spark2_5"),
    **_names("YOUTU", "youtu", ignore_merges=True), **_names("FALCON", "falcon"),
    **_names("MPT", "mpt"), **_names("STARCODER", "starcoder"),
    **_names("GPT2", "gpt-2", "phi-2", "jina-es", "jina-de", "gigachat", "jina-v2-es",
             "jina-v2-de", "a.x-4.0", "mellum", "modern-bert", "jina-v1-en", "jina-v2-code",
             "roberta-bpe", "exaone4"),
    **_names("JAIS2", "jais-2"),
    **_names("GEMMA4", "gemma4", "granite-embed-multi-311m", escape=True, add_bos=True),
    **_names("SARVAM_MOE", "sarvam-moe", escape=True), **_names("WHITESPACE", "whitespace"),
    **_names("REFACT", "refact"), **_names("COMMAND_R", "command-r"),
    **_names("QWEN2", "qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2", "megrez"),
    **_names("QWEN35", "qwen35"), **_names("STABLELM2", "stablelm2"), **_names("OLMO", "olmo"),
    **_names("DBRX", "dbrx"), **_names("SMAUG", "smaug-bpe"), **_names("PORO", "poro-chat"),
    **_names("CHATGLM4", "glm4", "chatglm-bpe"), **_names("VIKING", "viking"),
    **_names("JAIS", "jais"), **_names("TEKKEN", "tekken", ignore_merges=True, add_bos=True),
    **_names("SMOLLM", "smollm"), **_names("CODESHELL", "codeshell"), **_names("BLOOM", "bloom"),
    **_names("GPT3_FINNISH", "gpt3-finnish"), **_names("EXAONE", "exaone"),
    **_names("EXAONE_MOE", "exaone-moe"), **_names("CHAMELEON", "chameleon", add_bos=True),
    **_names("MINERVA", "minerva-7b"),
    **_names("GPT4O", "gpt-4o", "llama4", "kanana2", "talkie"),
    **_names("GRANITE_EMB_MULTI", "granite-embed-multi-97m", ignore_merges=True),
    **_names("TINY_AYA", "tiny_aya", "cohere2moe"), **_names("SUPERBPE", "superbpe"),
    **_names("TRILLION", "trillion"), **_names("GRANITE_DOCLING", "granite-docling"),
    **_names("BAILINGMOE", "bailingmoe", "bailingmoe2", "llada-moe"),
    **_names("SEED_CODER", "seed-coder"), **_names("HUNYUAN", "hunyuan"),
    **_names("HUNYUAN_DENSE", "hunyuan-dense"), **_names("HY_V4", "hy_v4"),
    **_names("JOYAI_LLM", "joyai-llm"), **_names("KIMI_K2", "kimi-k2"),
    **_names("UFAKZEKA", "ufakzeka"), **_names("GROK_2", "grok-2"), **_names("AFMOE", "afmoe"),
    **_names("LAGUNA", "laguna"), **_names("MINIMAX_M2", "minimax-m2"),
    **_names("SOLAR_OPEN", "solar-open"), **_names("MELLUM2", "mellum2"),
}
RAW_UTF8 = frozenset({"GEMMA4", "SARVAM_MOE", "WHITESPACE"})  # byte_encode = false


# --- unicode_regex_split ---------------------------------------------------------------------

def _split_gpt2(chunk: str) -> list[int]:
    out, n, get, f, add = _splitter(chunk)
    pos = 0
    while pos < n:
        c, fl = get(pos), f(pos)
        if c == "'" and pos + 1 < n:
            nx = get(pos + 1)
            if nx in "stmd":
                pos += add(pos + 2)
                continue
            if pos + 2 < n and nx + get(pos + 2) in ("re", "ve", "ll"):
                pos += add(pos + 3)
                continue
        f2 = f(pos + 1) if c == " " else fl
        for kind in ("letter", "number"):
            if getattr(f2, kind):
                pos += c == " "
                while getattr(f2, kind):
                    pos += 1
                    f2 = f(pos)
                add(pos)
                break
        else:
            if not (f2.whitespace or f2.letter or f2.number) and f2.defined:
                pos += c == " "
                while not (f2.whitespace or f2.letter or f2.number) and f2.defined:
                    pos += 1
                    f2 = f(pos)
                add(pos)
                continue
            spaces = 0
            while f(pos + spaces).whitespace:
                spaces += 1
            if spaces > 1 and get(pos + spaces) is not None:
                pos += spaces - 1
            elif spaces > 0:
                pos += spaces
            else:
                pos += 1
            add(pos)
    return out


def _tail(chunk: str, pos: int, add, get, f, newline_suffix: bool = True) -> int:
    """The part the Llama-3 and Kimi-K2 splitters share: `` ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*``,
    ``\\s*[\\r\\n]+``, ``\\s+(?!\\S)``, ``\\s+``, else one character. Returns the new position."""
    c, fl = get(pos), f(pos)
    f2 = f(pos + 1) if c == " " else fl
    if not (f2.whitespace or f2.letter or f2.number) and fl.defined:
        pos += c == " "
        while not (f2.whitespace or f2.letter or f2.number) and f2.defined:
            pos += 1
            f2 = f(pos)
        while get(pos) in ("\r", "\n"):
            pos += 1
        add(pos)
        return pos
    spaces, last_rn = 0, 0
    while f(pos + spaces).whitespace:
        if get(pos + spaces) in ("\r", "\n"):
            last_rn = pos + spaces + 1
        spaces += 1
    if last_rn > 0:
        add(last_rn)
        return last_rn
    if spaces > 1 and get(pos + spaces) is not None:
        add(pos + spaces - 1)
        return pos + spaces - 1
    if spaces > 0:
        add(pos + spaces)
        return pos + spaces
    add(pos + 1)
    return pos + 1


def _contraction(get, pos: int, n: int) -> int:
    """How many characters a contraction at ``pos`` takes (llama.cpp lowercases them)."""
    if get(pos) == "'" and pos + 1 < n:
        nx = _lower(get(pos + 1))
        if nx in "stmd":
            return 2
        if pos + 2 < n and nx + _lower(get(pos + 2)) in ("re", "ve", "ll"):
            return 3
    return 0


def _splitter(chunk: str):
    """What the C++ splitters share: the piece lengths found, the chunk's length, the character
    and flags at a position (None / no flags outside it) and ``_add_token``."""
    out, n = [], len(chunk)
    state = {"prev": 0}
    get = lambda p: chunk[p] if 0 <= p < n else None  # noqa: E731
    f = lambda p: flags(get(p))  # noqa: E731

    def add(end: int) -> int:
        length = end - state["prev"]
        if length > 0:
            out.append(length)
        state["prev"] = end
        return length

    add.done = lambda: state["prev"]  # where the last piece ends
    return out, n, get, f, add


def _split_llama3(chunk: str) -> list[int]:
    out, n, get, f, add = _splitter(chunk)
    pos = 0
    while pos < n:
        c, fl = get(pos), f(pos)
        taken = _contraction(get, pos, n)
        if taken:
            pos += add(pos + taken)
            continue
        if not (c in ("\r", "\n") or fl.number) and (fl.letter or f(pos + 1).letter):
            pos += 1
            while f(pos).letter:
                pos += 1
            add(pos)
            continue
        if fl.number:
            ini = pos
            while f(pos).number:
                pos += 1
                if pos - ini >= 3:
                    add(pos)
                    ini = pos
            add(pos)
            continue
        pos = _tail(chunk, pos, add, get, f)
    return out


HAN_RANGES = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
              (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0x2CEB0, 0x2EBEF), (0xF900, 0xFAFF),
              (0x2F800, 0x2FA1F))


def is_han(c: str | None) -> bool:
    return c is not None and any(a <= ord(c) <= b for a, b in HAN_RANGES)


def _split_kimi_k2(chunk: str) -> list[int]:
    out, n, get, f, add = _splitter(chunk)
    pos = 0
    while pos < n:
        c, fl = get(pos), f(pos)
        if is_han(c):
            while is_han(get(pos)):
                pos += 1
            add(pos)
            continue
        leading_ok = not (c in ("\r", "\n") or fl.letter or fl.number)
        if (fl.letter and not is_han(c)) or (leading_ok and f(pos + 1).letter
                                             and not is_han(get(pos + 1))):
            if leading_ok:
                pos += 1
            while f(pos).letter and not is_han(get(pos)):
                pos += 1
            pos += _contraction(get, pos, n)
            add(pos)
            continue
        if fl.number:
            ini = pos
            while f(pos).number:
                pos += 1
                if pos - ini >= 3:
                    add(pos)
                    ini = pos
            add(pos)
            continue
        pos = _tail(chunk, pos, add, get, f)
    return out


def _split_afmoe(chunk: str) -> list[int]:
    out, n, get, f, add = _splitter(chunk)
    pos = 0
    while pos < n:
        if f(pos).number:
            start = pos
            while pos < n and f(pos).number:
                pos += 1
            count, current = pos - start, start
            if count % 3:
                add(current + count % 3)
                current += count % 3
            while current < start + count:
                add(current + 3)
                current += 3
            continue
        pos += 1
    if add.done() < n:
        add(n)
    return out


_CUSTOM = {GPT2: _split_gpt2, LLAMA3: _split_llama3, "\\p{Han}+": _split_kimi_k2,
           "\\p{AFMoE_digits}": _split_afmoe}


def _collapse_regex(regex: str) -> str:
    out, inside, i = [], False, 0
    while i < len(regex):
        ch = regex[i]
        if ch == "[" and (i == 0 or regex[i - 1] != "\\"):
            out.append("[")
            inside = True
            i += 1
            continue
        if inside and ch == "]" and regex[i - 1] != "\\":
            out.append("]")
            inside = False
            i += 1
            continue
        if regex.startswith("\\p{", i):
            close = regex.find("}", i + 3)
            if close != -1 and close <= i + 10 and regex[i:close + 1] in _UCAT:
                cat = _UCAT[regex[i:close + 1]]
                body = _CATEGORY_BYTE[cat] + _CATEGORY_ASCII[cat]
                out.append(body if inside else f"[{body}]")
                i = close + 1
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def _collapse_text(text: str) -> str:
    out = []
    for c in text:
        if ord(c) < 128:
            out.append(c)
        elif c in WHITE_SPACE:
            out.append("\x0b")
        else:
            out.append(_CATEGORY_BYTE.get(unicodedata.category(c)[0], "\xd0"))
    return "".join(out)


def _split_stl(text: str, regex: str, offsets: list[int]) -> list[int]:
    pattern = re.compile(regex.replace("+$", "+\\Z"), re.ASCII)
    out, start = [], 0
    for offset in offsets:
        chunk, done = text[start:start + offset], 0
        for match in pattern.finditer(chunk):
            if match.start() > done:
                out.append(match.start() - done)
            out.append(match.end() - match.start())
            done = match.end()
        if done < offset:
            out.append(offset - done)
        start += offset
    return out


def regex_split(text: str, regexes: tuple[str, ...]) -> list[str]:
    """``unicode_regex_split``: the pieces (as text, before byte encoding)."""
    offsets = [len(text)]
    for regex in regexes:
        if regex == "<letters>":
            regex = _deepseek_letters()
        if regex in _CUSTOM:
            new, start = [], 0
            for offset in offsets:
                new += _CUSTOM[regex](text[start:start + offset])
                start += offset
            offsets = new
        elif any(cat in regex for cat in _UCAT):
            offsets = _split_stl(_collapse_text(text), _collapse_regex(regex), offsets)
        else:
            wide = "".join("\x0b" if ord(c) > 0x7F and c in WHITE_SPACE else c for c in text)
            offsets = _split_stl(wide, regex, offsets)
    pieces, start = [], 0
    for offset in offsets:
        pieces.append(text[start:start + offset])
        start += offset
    return pieces


# --- the BPE session -----------------------------------------------------------------------

def _bytes_to_unicode() -> dict[int, str]:
    keep = [*range(0x21, 0x7F), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    table, extra = {b: chr(b) for b in keep}, 0
    for b in range(256):
        if b not in table:
            table[b] = chr(256 + extra)
            extra += 1
    return table


BYTE_CHARS = _bytes_to_unicode()


def bpe_word(word: str, vocab: dict[str, int], ranks: dict[tuple[str, str], int], *,
             ignore_merges: bool, gemma4: bool, byte_encode: bool) -> list[int]:
    """llm_tokenizer_bpe_session::tokenize for one word (already byte-encoded if it is)."""
    if (ignore_merges and word in vocab) or (gemma4 and word.strip("\n") == "" and word in vocab):
        symbols = [word]
    else:
        symbols = list(word)
    alive = [True] * len(symbols)
    nxt = list(range(1, len(symbols))) + [-1]
    prev = list(range(-1, len(symbols) - 1))
    queue: list = []

    def push(left: int, right: int) -> None:
        if left < 0 or right < 0:
            return
        rank = ranks.get((symbols[left], symbols[right]))
        if rank is not None:
            heapq.heappush(queue, (rank, left, right, symbols[left] + symbols[right]))

    for i in range(1, len(symbols)):
        push(i - 1, i)
    while queue:
        _, left, right, text = heapq.heappop(queue)
        if not alive[left] or not alive[right] or symbols[left] + symbols[right] != text:
            continue
        symbols[left] = text
        alive[right] = False
        nxt[left] = nxt[right]
        if nxt[right] >= 0:
            prev[nxt[right]] = left
        push(prev[left], left)
        push(left, nxt[left])
    out = []
    for i, symbol in enumerate(symbols):
        if not alive[i] or not symbol:
            continue
        if symbol in vocab:
            out.append(vocab[symbol])
            continue
        for b in symbol.encode("utf-8"):  # each byte alone; the tokens found are kept
            alone = (chr(b) if b < 0x80 else None) if byte_encode else f"<0x{b:02X}>"
            if alone in vocab:
                out.append(vocab[alone])
    return out


def tokenize(text: str, *, pre: str, tokens: list[str], merges: list[tuple[str, str]],
             specials: list[tuple[int, bool]], add_bos: int | None = None,
             parse_special: bool = False) -> list[int]:
    """llama_vocab::impl::tokenize for a BPE vocabulary. ``specials``: ``(id, is_control)`` of
    the tokens llama.cpp partitions (control and unknown ones only when ``parse_special``);
    ``add_bos``: the BOS id to put first, if any."""
    info = PRE_NAMES[pre]
    vocab = {t: i for i, t in enumerate(tokens)}
    ranks = {}
    for rank, pair in enumerate(merges):
        ranks.setdefault(pair, rank)
    fragments: list[str | int] = [text] if text else []
    for token_id, control in sorted(specials, key=lambda s: -len(tokens[s[0]].encode())):
        if control and not parse_special:
            continue
        literal, new = tokens[token_id], []
        for fragment in fragments:
            if isinstance(fragment, int):
                new.append(fragment)
                continue
            parts = fragment.split(literal)
            for k, part in enumerate(parts):
                if part:
                    new.append(part)
                if k < len(parts) - 1:
                    new.append(token_id)
        fragments = new
    out = [add_bos] if add_bos is not None else []
    byte_encode = info.type not in RAW_UTF8
    for fragment in fragments:
        if isinstance(fragment, int):
            out.append(fragment)
            continue
        if info.escape:
            fragment = fragment.replace(" ", "▁")
        for word in regex_split(fragment, REGEXES[info.type]):
            if byte_encode:
                word = "".join(BYTE_CHARS[b] for b in word.encode("utf-8"))
            out += bpe_word(word, vocab, ranks, ignore_merges=info.ignore_merges,
                            gemma4=info.type == "GEMMA4", byte_encode=byte_encode)
    return out
