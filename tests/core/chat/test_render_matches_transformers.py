"""Our render equals transformers 5 ``apply_chat_template(tokenize=False)`` byte for byte, error
type and message included, for every real template in ../shared/data/chat × every conversation
shape × generation prompt / continue final message / extra variables.

The oracle is a ``PreTrainedTokenizerFast`` built in memory (a one-word model, no download)
holding the template and the model's named special tokens.
"""

import json
from datetime import datetime

import pytest

from core.chat import ChatTemplateError, render
from tests.conftest import DATA, require_data
from tests.core.chat.conversations import CONVERSATIONS, OPTIONS, control_token_message

transformers = pytest.importorskip("transformers", reason="transformers is the test oracle")
pytestmark = pytest.mark.realdata

CHAT = DATA / "chat"
TEMPLATE_NAMES = sorted(p.stem for p in (CHAT / "templates").glob("*.jinja")) or ["absent"]


def _oracle_tokenizer(template: str, special_tokens: dict):
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from transformers import PreTrainedTokenizerFast

    return PreTrainedTokenizerFast(tokenizer_object=Tokenizer(WordLevel({"x": 0}, unk_token="x")),
                                   chat_template=template, **special_tokens)


def _outcome(call):
    """("ok", text) or (error type name, message): what a user would see either way."""
    import jinja2

    try:
        return ("ok", call())
    except ChatTemplateError as exc:
        return (exc.kind, exc.detail)
    except jinja2.TemplateError as exc:
        return (type(exc).__name__, exc.message)
    except Exception as exc:  # noqa: BLE001 - the oracle's error, compared by type and message
        return (type(exc).__name__, str(exc))


def _ours(template, special_tokens, messages, extra, options):
    options = dict(options)
    flags = {k: options.pop(k) for k in ("add_generation_prompt", "continue_final_message")
             if k in options}
    return render(template, messages, special_tokens=special_tokens, variables=options,
                  **extra, **flags).text


@pytest.fixture(scope="module", params=TEMPLATE_NAMES)
def family(request):
    path = require_data(CHAT / "templates" / f"{request.param}.jinja")
    specials = json.loads((CHAT / "special_tokens.json").read_text(encoding="utf-8"))
    special_tokens = specials[request.param]["special_tokens"]
    template = path.read_text(encoding="utf-8")
    return request.param, template, special_tokens, _oracle_tokenizer(template, special_tokens)


def _cases(special_tokens):
    cases = dict(CONVERSATIONS)
    cases["control_tokens"] = (control_token_message(special_tokens), {})
    return cases


def test_every_conversation_and_option_renders_as_transformers_does(family, record_property):
    name, template, special_tokens, oracle = family
    compared, mismatches, errors = 0, [], 0
    for case, (messages, extra) in _cases(special_tokens).items():
        for option_name, options in OPTIONS.items():
            expected = _outcome(lambda: oracle.apply_chat_template(
                json.loads(json.dumps(messages)), tokenize=False, **extra, **options))
            got = _outcome(lambda: _ours(template, special_tokens, messages, extra, options))
            compared += 1
            errors += expected[0] != "ok"
            if got != expected:
                mismatches.append((case, option_name, expected, got))
    record_property("pairs_compared", compared)
    assert not mismatches, f"{name}: {len(mismatches)}/{compared} differ, first: {mismatches[0]}"
    assert errors < compared, f"{name}: every case failed in transformers; the test shows nothing"


def test_gemma2_refuses_a_system_message_with_the_template_words():
    template = require_data(CHAT / "templates" / "gemma2.jinja").read_text(encoding="utf-8")
    specials = json.loads((CHAT / "special_tokens.json").read_text(encoding="utf-8"))
    special_tokens = specials["gemma2"]["special_tokens"]
    with pytest.raises(ChatTemplateError) as info:
        render(template, CONVERSATIONS["system_user"][0], special_tokens=special_tokens)
    assert info.value.kind == "TemplateError"
    assert info.value.detail == "System role not supported"
    assert info.value.line is not None


def test_strftime_now_reads_the_injected_clock_like_transformers_reads_its_own(monkeypatch):
    import transformers.utils.chat_template_utils as oracle_module

    template = "{{ strftime_now('%d %b %Y %H:%M') }}|{{ messages[0].content }}"
    frozen = datetime(2026, 2, 29 - 1, 13, 5)

    class FrozenDatetime(datetime):
        @classmethod
        def now(cls, tz=None):
            return frozen

    monkeypatch.setattr(oracle_module, "datetime", FrozenDatetime)
    messages = [{"role": "user", "content": "x"}]
    expected = _oracle_tokenizer(template, {}).apply_chat_template(messages, tokenize=False)
    ours = render(template, messages, clock=lambda: frozen).text
    assert ours == expected == "28 Feb 2026 13:05|x"


def test_generation_spans_are_the_ones_transformers_records(family):
    # apply_chat_template(tokenize=False) cannot return the spans; its renderer can, after the
    # same normalisation apply_chat_template does first (None-valued keys dropped)
    from transformers.utils.chat_template_utils import (_normalize_chat_messages,
                                                        render_jinja_template)

    name, template, special_tokens, _ = family
    spans_seen = 0
    for case in ("multi_turn", "tools_dict_arguments", "unicode_emoji", "reasoning"):
        messages, extra = CONVERSATIONS[case]
        expected = _outcome(lambda: [tuple(s) for s in render_jinja_template(
            [_normalize_chat_messages(json.loads(json.dumps(messages)))], chat_template=template,
            return_assistant_tokens_mask=True, **extra, **special_tokens)[1][0]])
        got = _outcome(lambda: list(render(template, messages, special_tokens=special_tokens,
                                           **extra).generation_spans))
        assert got == expected, (name, case)
        spans_seen += expected[0] == "ok" and len(expected[1])
    if "{% generation %}" in template:
        assert spans_seen, f"{name}: the generation tags recorded nothing; the test shows nothing"


ESCAPES = [
    "[{{ ''.__class__ }}]",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ messages.__class__.__mro__ }}",
    "{{ messages.append({'role': 'x'}) }}{{ messages | length }}",
    "{{ messages[0].update({'content': 'y'}) }}",
    "{{ dict.__class__ }}|{{ dict(a=1) | tojson }}|{{ dict.fromkeys(['a'], 0) | tojson }}",
    "{% set ns = namespace(_x=1) %}",
    "{% set ns = namespace(a=1) %}{% set ns._y = 2 %}",
    "{% set ns = namespace(a=1) %}{% set ns.a = ns.a + 1 %}{{ ns.a }}",
    "{{ raise_exception.__globals__ }}",
    "{{ cycler.__init__.__globals__ }}",
    "{{ (messages | first).items() | list }}|{{ messages[0]._private }}",
    "{{ range(100001) | length }}",
    "{{ {'b': 1, 'a': [1, 2]} | tojson(indent=2, sort_keys=True) }}|{{ '<é>' | tojson }}",
    "{{ [1, 2] | tojson(separators=(',', ':')) }}",
    "{% for m in messages %}{% if loop.first %}{% continue %}{% endif %}{{ m.role }}"
    "{% break %}{% endfor %}",
]


@pytest.mark.parametrize("template", ESCAPES)
def test_the_sandbox_allows_and_refuses_what_transformers_does(template):
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]
    oracle = _oracle_tokenizer(template, {})
    expected = _outcome(lambda: oracle.apply_chat_template(messages, tokenize=False))
    assert _outcome(lambda: render(template, messages).text) == expected


@pytest.mark.parametrize("template, variables", [
    ("{{ messages | length }}", {"messages": []}),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", {}),
    ("a\n{% if %}", {}),
    ("{{ eos_token }}|{{ bos_token }}|{{ enable_thinking }}", {"eos_token": "E",
                                                                "enable_thinking": False}),
    ("{{ messages[0].content }}{{ x.y }}", {}),
    ("{{ x }}|{{ x is defined }}", {"x": None}),
])
def test_variables_and_failures_outside_real_templates_match_transformers(template, variables):
    messages = [{"role": "user", "content": "hi"}]
    oracle = _oracle_tokenizer(template, {"eos_token": "</s>"})
    expected = _outcome(lambda: oracle.apply_chat_template(messages, tokenize=False, **variables))
    got = _outcome(lambda: render(template, messages, special_tokens={"eos_token": "</s>"},
                                  variables=variables).text)
    assert got == expected
