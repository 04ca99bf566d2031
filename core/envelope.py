"""The one JSON envelope of a result as ``tokbench`` prints it and the GUI exports it: the
command's name and its JSON version first, then the result's own keys::

    {"tokbench": "<command>", "version": N, ...the result's keys}

``tokbench <command> --json`` prints :func:`json_line` (through ``app.cli_output``); a pane's
*Export JSON…* writes the same line, so a file saved from the window is what the command prints
for the same inputs (docs/cli.md, "Exit codes and JSON").

>>> envelope("fingerprint", 1, {"behaviour": "ab12"})
{'tokbench': 'fingerprint', 'version': 1, 'behaviour': 'ab12'}
>>> json_line("stream", 1, {"text": "你"})
'{"tokbench": "stream", "version": 1, "text": "你"}'
"""

from __future__ import annotations

import json

ENVELOPE_KEYS = ("tokbench", "version")


def envelope(command: str, version: int, payload: dict) -> dict:
    """``payload`` under the envelope's two keys (first). A payload that carries them itself
    (a core result whose ``to_json()`` has them) must agree with them."""
    own = {key: payload[key] for key in ENVELOPE_KEYS if key in payload}
    if own and own != {"tokbench": command, "version": version}:
        raise ValueError(f"{command} JSON says {own}, its command version {version}")
    return {"tokbench": command, "version": version,
            **{key: value for key, value in payload.items() if key not in ENVELOPE_KEYS}}


def json_line(command: str, version: int, payload: dict) -> str:
    """The enveloped object as one line of JSON (UTF-8 as is, not escaped): what ``tokbench``
    prints under ``--json`` and the GUI's JSON exports write."""
    return json.dumps(envelope(command, version, payload), ensure_ascii=False)
