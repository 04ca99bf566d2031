"""The built-in golden stress set: short texts written for this project, each aimed at one way
tokenizers differ (scripts, normalization, emoji sequences, numbers, code, controls, lookalikes).

A tokenizer's own special-token literals are added per tokenizer by :func:`core.bundles.golden.samples_for`.

>>> names = [name for name, _ in STRESS_SAMPLES]
>>> len(names) == len(set(names)), "empty" in names
(True, True)
"""

from __future__ import annotations

STRESS_SAMPLES: tuple[tuple[str, str], ...] = (
    ("zh", "低碳模型需要低碳数据，我们在周三下午测试分词器。"),
    ("zh_mixed", "模型版本 v2.1 在 2026 年发布，词表从 32000 扩到 64000。"),
    ("en", "The quick tokenizer split every word, then stitched the pieces back together."),
    ("en_contractions", "We'll see; they're sure it's fine, but I'd rather check."),
    ("ja", "吾輩はテスト用の文である。カタカナとひらがなと漢字が混ざっている。"),
    ("ar_rtl", "هذا نص تجريبي باللغة العربية يقرأ من اليمين إلى اليسار."),
    ("hi", "यह एक परीक्षण वाक्य है जिसमें देवनागरी लिपि है।"),
    ("ko", "토크나이저는 한글 음절을 어떻게 나눌까요?"),
    ("ru", "Проверка кириллицы: ёлка, щётка и подъезд."),
    ("emoji_zwj", "family 👨‍👩‍👧‍👦 and technologist 🧑🏽‍💻 together"),
    ("emoji_skin_flags", "👍🏻👍🏿 🇯🇵🇧🇷🏳️‍🌈 ❤️"),
    ("combining_precomposed", "caf\u00e9 na\u00efve r\u00e9sum\u00e9"),
    ("combining_decomposed", "cafe\u0301 nai\u0308ve re\u0301sume\u0301"),
    ("compatibility", "Chapter Ⅳ, the ﬃ ligature, item ① and ㍻ ㎞"),
    ("fullwidth", "ＡＢＣ１２３！ｆｕｌｌ　ｗｉｄｔｈ"),
    ("numbers", "3.14159 2,718 -0.5 1e-9 007 123456789012345"),
    ("dates", "2026-12-01 01/12/2026 1 Dec 2026 14:51:44Z"),
    ("url_email", "See https://example.org/path?q=token&lang=zh#frag or write to a.b+c@example.com"),
    ("code_indent", "def f(x):\n\tif x:\n\t\treturn [i ** 2 for i in range(x)]\n    return None\n"),
    ("code_braces", "for (int i = 0; i < n; ++i) { sum += a[i]; }  // total"),
    ("long_run_letters", "a" * 300),
    ("long_run_digits", "9" * 120),
    ("long_run_spaces", "x" + " " * 64 + "y"),
    ("repeated_punct", "!!!???...---===***"),
    ("zero_width", "zero\u200bwidth\u200cjoin\u200dand\ufeffbom"),
    ("bidi_controls", "abc \u202eevil\u202c def \u2066iso\u2069"),
    ("homoglyph_latin", "paypal"),
    ("homoglyph_cyrillic", "p\u0430ypal"),
    ("mixed_scripts", "Tokyo 東京 Τόκιο Токио طوكيو"),
    ("whitespace_mix", " leading and trailing  \u00a0nbsp\u3000ideographic "),
    ("empty", ""),
    ("newline_only", "\n"),
    ("newlines", "line one\n\nline three\r\nline four"),
)
