"""Benchmarks of the chat protocol: rendering + encoding a long conversation, and streaming.

    make bench                      # part of it
    python -m tests.bench.chat [--repeat 3] [--chat-repeat 200] [--tokens 100000]

(a) **Render + encode** a 50-message conversation with tool definitions, tool calls and results
through :func:`core.chat.report.chat_report` (render in the bounded child, segments, both
readings, assistant mask, budget, checks) with a real template and a real tokenizer, set against
transformers' ``apply_chat_template(tokenize=True)`` on the same conversation (render + encode
only: the report does more). Pairs: a byte-level tokenizer (claude-legacy ``tokenizer.json`` +
the Qwen2.5 template's control tokens) with ``qwen2_5.jinja``, and the SentencePiece
``mistral-v3/tokenizer.model`` with ``mistral_v0_3.jinja``. The bounded renderer is kept across
runs, as the Chat pane keeps it.

(b) **Stream-decode** 100k tokens (multilingual text: FLORES lines in several scripts, so many
characters are cut between byte tokens) with 3 stop strings that never match, through
:class:`core.stream.decode.TextStream`, one ID at a time, set against ``tokenizers.decoders.DecodeStream``
on the same IDs: per-token cost of each and the ratio (lower is better). Byte-level: claude-legacy
``tokenizer.json``; byte fallback: mistral-v3 as a ``tokenizer.json`` (transformers' conversion of
the ``.model``, in memory) and as the ``.model`` itself (the SentencePiece runtime); tiktoken: ``gpt2.tiktoken`` against
``DecodeStream`` on the same vocabulary as a ``tokenizers`` GPT-2.

Each figure is the best of ``--chat-repeat`` runs (a) or ``--repeat`` runs (b), the runs of the
two sides alternating (:func:`~tests.bench.common.interleaved_best`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from pathlib import Path

from core.memory import keep_freed_memory
from tests.bench import results
from tests.bench.common import interleaved_best
from tests.conftest import DATA, FLORES

TEMPLATES = DATA / "chat" / "templates"
STOPS = ["\n\nUser:", "</answer>", "<|STOP|>"]
FLORES_FILES = ["eng_Latn", "jpn_Jpan", "kor_Hang", "arb_Arab", "hin_Deva", "rus_Cyrl", "tha_Thai",
                "amh_Ethi", "mya_Mymr"]
QWEN_SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>"]

WEATHER_TOOL = {"type": "function", "function": {
    "name": "get_weather", "description": "Current weather in a city",
    "parameters": {"type": "object", "properties": {
        "city": {"type": "string", "description": "City name"},
        "unit": {"type": "string", "enum": ["c", "f"]}}, "required": ["city"]}}}
SEARCH_TOOL = {"type": "function", "function": {
    "name": "search", "description": "Search the web",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}}}
CITIES = ["Zürich", "東京", "São Paulo", "Kraków", "القاهرة", "Reykjavík"]


def conversation_50() -> tuple[list[dict], list[dict]]:
    """50 messages: a system prompt, then rounds of user / assistant tool call / tool result /
    assistant answer (tool call IDs of 9 alphanumerics, as Mistral's template demands), and a
    last user turn."""
    messages = [{"role": "system", "content": "You are a helpful assistant. Use the tools."}]
    k = 0
    while len(messages) < 49:
        city = CITIES[k % len(CITIES)]
        call_id = f"call{k:05d}"
        messages += [
            {"role": "user", "content": f"What is the weather in {city} today? 🌦 Round {k}."},
            {"role": "assistant", "content": None, "tool_calls": [{
                "id": call_id, "type": "function",
                "function": {"name": "get_weather", "arguments": {"city": city, "unit": "c"}}}]},
            {"role": "tool", "tool_call_id": call_id, "name": "get_weather",
             "content": json.dumps({"temp": 10 + k, "unit": "c", "sky": "cloudy"})},
            {"role": "assistant", "content": f"It is {10 + k} °C and cloudy in {city}."},
        ]
        k += 1
    messages = messages[:49] + [{"role": "user", "content": "Thanks! And tomorrow?"}]
    assert len(messages) == 50 and messages[-2]["role"] == "assistant"
    return messages, [WEATHER_TOOL, SEARCH_TOOL]


# a report takes a few ms: the best of 3 was mostly the scheduler's noise on a 2-core VM (the
# same code measured 1.7x to 2.1x transformers from run to run); the best of 200, ~2 s a pair,
# is the same for both sides and settles within a few per cent
CHAT_REPEAT = 200


# -- (a) render + encode ------------------------------------------------------------------------
def chat_pairs(folder: Path):
    """(name, template, special tokens, core runtime, transformers tokenizer) for each pair."""
    import transformers
    from tokenizers import AddedToken, Tokenizer

    from core.loading import open_tokenizer

    families = json.loads((DATA / "chat" / "special_tokens.json").read_text())
    tk = Tokenizer.from_file(str(DATA / "tokenizers" / "claude-legacy" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in QWEN_SPECIALS])
    path = folder / "byte-level" / "tokenizer.json"
    path.parent.mkdir()
    tk.save(str(path))
    template = (TEMPLATES / "qwen2_5.jinja").read_text()
    special = families["qwen2_5"]["special_tokens"]
    oracle = transformers.PreTrainedTokenizerFast(tokenizer_object=Tokenizer.from_file(str(path)),
                                                  chat_template=template, **special)
    yield "claude-legacy + qwen2_5", template, special, open_tokenizer(path).runtime, oracle

    model = DATA / "tokenizers" / "mistral-v3" / "tokenizer.model"
    spm = folder / "mistral"
    spm.mkdir()
    (spm / "tokenizer.model").symlink_to(model)
    oracle = transformers.LlamaTokenizer.from_pretrained(str(spm))
    oracle.chat_template = template = (TEMPLATES / "mistral_v0_3.jinja").read_text()
    yield ("mistral-v3 .model + mistral_v0_3", template, families["mistral_v0_3"]["special_tokens"],
           open_tokenizer(model).runtime, oracle)


def bench_chat(repeat: int) -> list[dict]:
    from core.chat.bounded import BoundedRenderer
    from core.chat.conversation import Conversation
    from core.chat.report import chat_report

    messages, tools = conversation_50()
    conversation = Conversation(messages=messages, tools=tools, documents=None)
    rows = []
    print(f"(a) render + encode a {len(messages)}-message conversation with {len(tools)} tools "
          f"· best of {repeat}")
    print(f"{'pair':34} {'tokens':>7} {'core ms':>8} {'transformers ms':>15} {'ratio':>7}")
    renderer = BoundedRenderer()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, template, special, runtime, oracle in chat_pairs(Path(tmp)):
                def ours():
                    return chat_report(template, conversation, runtime=runtime,
                                       special_tokens=special, renderer=renderer)

                def theirs():
                    return oracle.apply_chat_template(messages, tools=tools, tokenize=True,
                                                      return_dict=True)

                report = ours()  # the child starts and imports once: not part of the figure
                assert report.ids == list(theirs()["input_ids"]), name  # the same IDs
                best = interleaved_best({"core": ours, "transformers": theirs}, repeat)
                core_s, hf_s = best["core"], best["transformers"]
                rows.append({"pair": name, "tokens": len(report.ids), "core_s": core_s,
                                "transformers_s": hf_s, "ratio": core_s / hf_s})
                print(f"{name:34} {len(report.ids):7,} {core_s * 1e3:8.1f} "
                      f"{hf_s * 1e3:15.1f} {core_s / hf_s:6.2f}×", flush=True)
    finally:
        renderer.close()
    return rows


# -- (b) stream decode ----------------------------------------------------------------------------
def stream_text(target_tokens: int, encode) -> list[int]:
    """IDs of FLORES lines in several scripts, round robin, until ``target_tokens`` (whole lines:
    the stream ends with a whole character, where ``DecodeStream``, which has no end, emits it)."""
    files = [(FLORES / f"{name}.dev").read_text(encoding="utf-8").splitlines()
             for name in FLORES_FILES]
    ids: list[int] = []
    k = 0
    while len(ids) < target_tokens:
        lines = files[k % len(files)]
        ids += encode(lines[(k // len(files)) % len(lines)] + "\n")
        k += 1
    return ids


def stream_pairs(folder: Path):
    """(name, core runtime, tokenizers.Tokenizer) with the same vocabulary and IDs."""
    import transformers
    from tokenizers import Tokenizer

    from core.formats.detect import load_tokenizer

    path = DATA / "tokenizers" / "claude-legacy" / "tokenizer.json"
    yield "byte-level: claude-legacy .json", load_tokenizer(path), Tokenizer.from_file(str(path))
    model = DATA / "tokenizers" / "mistral-v3" / "tokenizer.model"
    (folder / "tokenizer.model").symlink_to(model)
    converted = transformers.LlamaTokenizer.from_pretrained(str(folder)).backend_tokenizer
    converted.save(str(folder / "tokenizer.json"))
    yield ("byte-fallback: mistral-v3 .json", load_tokenizer(folder / "tokenizer.json"),
           converted)
    yield "byte-fallback: mistral-v3 .model", load_tokenizer(model), converted
    # tiktoken has no DecodeStream: tokenizers' GPT-2 (llama.cpp's test GGUF, same IDs) stands in
    gpt2 = load_tokenizer(DATA / "gguf" / "ggml-vocab-gpt-2.gguf")
    yield "byte-level: gpt2 .tiktoken", load_tokenizer(DATA / "tokenizers" / "gpt2.tiktoken"), \
        gpt2.tk


def bench_stream(repeat: int, tokens: int) -> list[dict]:
    from tokenizers.decoders import DecodeStream

    from core.stream.decode import TextStream

    rows = []
    print(f"\n(b) stream-decode {tokens:,} tokens, one at a time, {len(STOPS)} stop strings · "
          f"best of {repeat}")
    print(f"{'tokenizer':34} {'core µs/token':>13} {'DecodeStream µs/token':>21} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, runtime, tk in stream_pairs(Path(tmp)):
            ids = stream_text(tokens, lambda t: tk.encode(t, add_special_tokens=False).ids)

            def ours():
                stream = TextStream(runtime, stops=STOPS)
                for token_id in ids:
                    stream.push(token_id)
                stream.finish()
                return stream

            def theirs():
                stream = DecodeStream(skip_special_tokens=False)
                return "".join(stream.step(tk, token_id) or "" for token_id in ids)

            stream = ours()
            assert stream.stopped is None and stream.decoder.lossy_text == theirs(), name
            best = interleaved_best({"core": ours, "decode_stream": theirs}, repeat)
            core_s, hf_s = best["core"], best["decode_stream"]
            rows.append({"tokenizer": name, "tokens": len(ids),
                            "core_us_per_token": core_s / len(ids) * 1e6,
                            "decode_stream_us_per_token": hf_s / len(ids) * 1e6,
                            "ratio": core_s / hf_s})
            print(f"{name:34} {core_s / len(ids) * 1e6:13.2f} {hf_s / len(ids) * 1e6:21.2f} "
                  f"{core_s / hf_s:6.2f}×", flush=True)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each stream decode (b)")
    parser.add_argument("--chat-repeat", type=int, default=CHAT_REPEAT,
                        help="runs of each chat report and apply_chat_template (a)")
    parser.add_argument("--tokens", type=int, default=100_000, help="tokens streamed (b)")
    parser.add_argument("--only", choices=["chat", "stream"], help="run one part only")
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    keep_freed_memory()
    if args.tiny:
        args.repeat, args.chat_repeat, args.tokens = 1, 1, 2000
    needed = [TEMPLATES, FLORES, DATA / "tokenizers" / "claude-legacy",
              DATA / "tokenizers" / "mistral-v3", DATA / "tokenizers" / "gpt2.tiktoken",
              DATA / "gguf" / "ggml-vocab-gpt-2.gguf"]
    if not all(path.exists() for path in needed):
        print(f"benchmark data not found under {DATA} (../shared/data is absent)", file=sys.stderr)
        return 0
    if importlib.util.find_spec("transformers") is None:  # the reference of both parts
        print("transformers is not installed (pip install -e '.[test]'): nothing to compare "
              "against", file=sys.stderr)
        return 0
    found = {}
    if args.only in (None, "chat"):
        found["chat"] = bench_chat(args.chat_repeat)
    if args.only in (None, "stream"):
        found["stream"] = bench_stream(args.repeat, args.tokens)
    judged = results.judge("Chat report and stream decode", figures(found))
    if args.json:
        results.save(args.json, "chat",
                     {results.GOALS: results.goal_rows(judged),
                      "render + encode against apply_chat_template": found.get("chat", []),
                      "stream decode against DecodeStream": found.get("stream", [])},
                     {"repeat": args.repeat, "chat_repeat": args.chat_repeat,
                      "tokens": args.tokens})
    return 0


def figures(found: dict) -> list:
    """The chat report against ``apply_chat_template(tokenize=True)`` and the stream against
    ``DecodeStream``, per tokenizer; goal 2.0× each."""
    out = [results.Figure(f"chat report, {row['pair']}", f"{row['core_s'] * 1e3:.1f} ms",
                          f"{row['transformers_s'] * 1e3:.1f} ms", row["ratio"], 2.0)
           for row in found.get("chat", [])]
    out += [results.Figure(f"stream decode, {row['tokenizer']}",
                           f"{row['core_us_per_token']:.2f} µs/token",
                           f"{row['decode_stream_us_per_token']:.2f} µs/token", row["ratio"], 2.0)
            for row in found.get("stream", [])]
    return out


if __name__ == "__main__":
    sys.exit(main())
