"""What a model owner does with the embedding rows when the tokenizer changes, and what it costs.

Seed example: 32,000 new rows × hidden 4,096 in BF16 is 131,072,000 parameters ≈ 250 MiB, one
matrix when the input embedding and the output head are tied, about twice that when untied.

>>> cost = MigrationCost(rows_to_add=32_000, hidden=4096, dtype="bf16", tied=True)
>>> cost.parameters, round(cost.mib_tied), round(cost.mib_untied)
(131072000, 250, 500)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

BYTES_PER_PARAMETER = {"bf16": 2, "fp16": 2, "fp32": 4}
# config.json's torch_dtype / dtype names
TORCH_DTYPES = {"bfloat16": "bf16", "float16": "fp16", "half": "fp16", "float32": "fp32",
                "float": "fp32"}
DEFAULT_HIDDEN, DEFAULT_DTYPE = 4096, "bf16"  # the seed's example, said when assumed


@dataclass
class MigrationCost:
    """Rows to add to the embedding (and to an untied output head) and their size."""

    rows_to_add: int
    hidden: int
    dtype: str
    tied: bool
    assumed: list[str] = field(default_factory=list)  # inputs not read from a config.json

    @property
    def parameters(self) -> int:
        """Parameters of one matrix's new rows."""
        return self.rows_to_add * self.hidden

    @property
    def mib_tied(self) -> float:
        """MiB of the new rows of one matrix (tied embeddings: the whole cost)."""
        return self.parameters * BYTES_PER_PARAMETER[self.dtype] / 2 ** 20

    @property
    def mib_untied(self) -> float:
        """MiB when the output head is a second matrix (untied): twice :attr:`mib_tied`."""
        return 2 * self.mib_tied

    @property
    def mib(self) -> float:
        return self.mib_tied if self.tied else self.mib_untied

    def to_json(self) -> dict:
        return {"rows_to_add": self.rows_to_add, "hidden": self.hidden, "dtype": self.dtype,
                "tied": self.tied, "parameters": self.parameters, "mib_tied": self.mib_tied,
                "mib_untied": self.mib_untied, "mib": self.mib, "assumed": self.assumed}


def mib_text(mib: float) -> str:
    """MiB for display: one decimal from 1 MiB on, three significant digits below (a row or two
    is not "0.0 MiB").

    >>> mib_text(250.0), mib_text(6.0), mib_text(4096 * 2 / 2 ** 20), mib_text(0)
    ('250.0', '6.0', '0.00781', '0')
    """
    if mib == 0:
        return "0"
    return f"{mib:,.1f}" if mib >= 1 else f"{mib:.3g}"


def binding_defaults(*model_configs: dict | None) -> dict:
    """Hidden size, dtype and tying from the first ``config.json`` that gives each.

    >>> binding_defaults({"hidden_size": 1024, "torch_dtype": "float32"}, None)
    {'hidden': 1024, 'dtype': 'fp32', 'tied': None}
    """
    found = {"hidden": None, "dtype": None, "tied": None}
    for config in model_configs:
        if not isinstance(config, dict):
            continue
        text = config.get("text_config") if isinstance(config.get("text_config"), dict) else {}
        hidden = (config.get("hidden_size") or config.get("d_model") or config.get("n_embd")
                  or text.get("hidden_size"))
        dtype = TORCH_DTYPES.get(str(config.get("torch_dtype") or config.get("dtype") or ""))
        tied = config.get("tie_word_embeddings", text.get("tie_word_embeddings"))
        for key, value in (("hidden", hidden), ("dtype", dtype), ("tied", tied)):
            if found[key] is None and value is not None:
                found[key] = int(value) if key == "hidden" else value
    return found


def migration_cost(rows_to_add: int, *, hidden: int | None = None, dtype: str | None = None,
                   tied: bool | None = None, configs=()) -> MigrationCost:
    """The cost with the given inputs; a missing one from ``configs`` (``config.json`` dicts),
    else the seed's defaults (hidden 4,096, BF16, tied — transformers' default), said in
    ``assumed``."""
    defaults = binding_defaults(*configs)
    assumed = []
    if hidden is None:
        hidden = defaults["hidden"]
        if hidden is None:
            hidden = DEFAULT_HIDDEN
            assumed.append("hidden")
    if dtype is None:
        dtype = defaults["dtype"]
        if dtype is None:
            dtype = DEFAULT_DTYPE
            assumed.append("dtype")
    if tied is None:
        tied = defaults["tied"]
        if tied is None:
            tied = True
            assumed.append("tied")
    return MigrationCost(rows_to_add, int(hidden), dtype, bool(tied), assumed)


def block_offset(new_id_of_old: np.ndarray) -> dict | None:
    """A constant shift of the kept rows: ids from ``from_id`` on moved by ``offset`` (a block
    inserted or removed there), the ones before it unchanged; None when the rows did not move
    that way (or did not move at all).

    >>> block_offset(np.array([0, 1, 5, 6, 7]))
    {'offset': 3, 'from_id': 2}
    >>> block_offset(np.array([0, 1, 2])) is None, block_offset(np.array([1, 0])) is None
    (True, True)
    """
    ids = np.arange(len(new_id_of_old))
    kept = new_id_of_old >= 0
    shift = new_id_of_old[kept] - ids[kept]
    moved = np.flatnonzero(shift != 0)
    if len(moved) == 0:
        return None
    offset = int(shift[moved[0]])
    # every kept row from the first moved one on moves by the same offset
    if not np.all(shift[moved[0]:] == offset):
        return None
    return {"offset": offset, "from_id": int(ids[kept][moved[0]])}


def row_map(new_id_of_old: np.ndarray) -> list[list[int]]:
    """``[[old_id, new_id], ...]`` for every kept piece: the rows a model owner copies."""
    kept = np.flatnonzero(new_id_of_old >= 0)
    return np.stack([kept, new_id_of_old[kept]], axis=1).tolist()
