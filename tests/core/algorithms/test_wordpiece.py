"""WordPiece: greedy longest-match-first equals the tokenizers runtime; training by score."""

import pytest

from core.algorithms.wordpiece import encode_word, train_wordpiece
from tests.conftest import TOKENIZERS, flores_lines, require_data


def test_greedy_longest_match_first():
    vocab = {"[UNK]", "hug", "##s", "##gi", "##g", "h", "##u"}
    trace = []
    assert encode_word("hugs", vocab, trace=trace) == ["hug", "##s"]
    assert trace == [(0, 3, "hug"), (3, 4, "##s")]
    assert encode_word("hugx", vocab) == ["[UNK]"]  # one unknown rest: the whole word is unknown
    assert encode_word("h" * 101, vocab | {"##h"}) == ["[UNK]"]  # max_input_chars_per_word


def test_training_scores_rare_parts_first():
    vocab, merges = train_wordpiece({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5},
                                    vocab_size=20)
    assert vocab[:5] == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    first = merges[0]
    # count(ab)/(count(a)count(b)) is highest for a pair whose parts rarely occur apart
    assert first.score == max(m.score for m in merges[:1])
    assert len(vocab) <= 20 and len(set(vocab)) == len(vocab)
    assert all(encode_word(w, set(vocab)) != ["[UNK]"] for w in ["hug", "pun", "bugs"])


@pytest.mark.realdata
def test_explainer_agrees_with_runtime_on_bert():
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")))
    tk.no_padding()
    tk.no_truncation()
    vocab = tk.get_vocab()
    checked = 0
    for lang, lines in flores_lines(100).items():
        for text in lines:
            words = tk.pre_tokenizer.pre_tokenize_str(tk.normalizer.normalize_str(text))
            ours = [vocab[p] for word, _ in words for p in encode_word(word, vocab)]
            assert ours == tk.encode(text, add_special_tokens=False).ids, (lang, text[:50])
            checked += 1
    assert checked >= 30 * 100
