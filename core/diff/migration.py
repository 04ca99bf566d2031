"""What a model owner does with the embedding rows when the tokenizer changes, and what it costs.

Two counts, named for what they are. ``rows_added`` is the matrix growth: the new vocabulary's
rows minus the old one's (none when it does not grow). That is seed 000's cost: 32,000 new rows ×
hidden 4,096 in BF16 is 131,072,000 parameters ≈ 250 MiB, one matrix when the input embedding and
the output head are tied, about twice that when untied. ``rows_to_initialize`` counts the IDs
whose piece is new to them — appended past the old rows, or repurposed (an old ID now holding a
piece the old vocabulary did not have) — which need new vectors whether or not the matrix grows:
Mistral v2→v3 keeps its 32,768 rows and renames 24 reserved control pieces in place, so 0 rows
are added and 24 are to initialize.

>>> cost = MigrationCost(rows_added=32_000, hidden=4096, dtype="bf16", tied=True)
>>> cost.parameters, round(cost.mib_tied), round(cost.mib_untied)
(131072000, 250, 500)
>>> matrix_rows(32_768, 32_768, [10, 11, 12])
{'rows_added': 0, 'rows_to_initialize': 3, 'rows_repurposed': 3}
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
    """Rows the embedding grows by (and an untied output head with it), their size, and the
    rows that need new vectors (see the module docstring)."""

    rows_added: int
    hidden: int
    dtype: str
    tied: bool
    assumed: list[str] = field(default_factory=list)  # inputs not read from a config.json
    rows_to_initialize: int = 0
    rows_repurposed: int = 0  # of rows_to_initialize: IDs the old vocabulary already had

    @property
    def parameters(self) -> int:
        """Parameters of one matrix's added rows."""
        return self.rows_added * self.hidden

    @property
    def mib_tied(self) -> float:
        """MiB of the added rows of one matrix (tied embeddings: the whole cost)."""
        return self.parameters * BYTES_PER_PARAMETER[self.dtype] / 2 ** 20

    @property
    def mib_untied(self) -> float:
        """MiB when the output head is a second matrix (untied): twice :attr:`mib_tied`."""
        return 2 * self.mib_tied

    @property
    def mib(self) -> float:
        return self.mib_tied if self.tied else self.mib_untied

    def to_json(self) -> dict:
        return {"rows_added": self.rows_added, "rows_to_initialize": self.rows_to_initialize,
                "rows_repurposed": self.rows_repurposed, "hidden": self.hidden,
                "dtype": self.dtype, "tied": self.tied, "parameters": self.parameters,
                "mib_tied": self.mib_tied, "mib_untied": self.mib_untied, "mib": self.mib,
                "assumed": self.assumed}


def matrix_rows(old_rows: int, new_rows: int, added_ids) -> dict[str, int]:
    """The rows a model owner adds and initializes: ``rows_added`` (growth, never negative),
    ``rows_to_initialize`` (every ID whose piece the old vocabulary did not have,
    ``added_ids``) and ``rows_repurposed`` (those of them below ``old_rows``).

    >>> matrix_rows(32_000, 32_768, list(range(3, 771)))
    {'rows_added': 768, 'rows_to_initialize': 768, 'rows_repurposed': 768}
    """
    added = np.asarray(added_ids, dtype=np.int64)
    return {"rows_added": max(0, int(new_rows) - int(old_rows)),
            "rows_to_initialize": int(added.size),
            "rows_repurposed": int(np.count_nonzero(added < old_rows))}


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


def migration_cost(rows_added: int, *, hidden: int | None = None, dtype: str | None = None,
                   tied: bool | None = None, configs=(), rows_to_initialize: int = 0,
                   rows_repurposed: int = 0) -> MigrationCost:
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
    return MigrationCost(rows_added, int(hidden), dtype, bool(tied), assumed,
                         rows_to_initialize, rows_repurposed)


@dataclass(frozen=True)
class BlockOffset:
    """Every kept row from ``from_id`` on moved by ``offset`` (a block inserted or removed
    there); the rows before it stay."""

    offset: int
    from_id: int


def block_offset(new_id_of_old: np.ndarray) -> BlockOffset | None:
    """A constant shift of the kept rows: ids from ``from_id`` on moved by ``offset`` (a block
    inserted or removed there), the ones before it unchanged; None when the rows did not move
    that way (or did not move at all).

    >>> block_offset(np.array([0, 1, 5, 6, 7]))
    BlockOffset(offset=3, from_id=2)
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
    return BlockOffset(offset, int(ids[kept][moved[0]]))


def row_map(new_id_of_old: np.ndarray) -> list[list[int]]:
    """``[[old_id, new_id], ...]`` for every kept piece: the rows a model owner copies."""
    kept = np.flatnonzero(new_id_of_old >= 0)
    return np.stack([kept, new_id_of_old[kept]], axis=1).tolist()
