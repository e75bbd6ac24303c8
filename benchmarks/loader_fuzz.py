"""The game loader over many hostile inputs: how many load, how many are refused, how long.

Draws inputs from the same strategies as ``tests/formats/test_records_fuzz.py`` (game files
with parts replaced by values of any type and size up to the 1 MB file limit, game
texts with lines damaged, bytes cut or re-encoded), loads each, checks the outcome
as the test does (a game that agrees with itself, or ``ValueError``), and prints the
time per load: median, 99th percentile and the slowest, with that input's size.
Exit code 0 when every input behaved.

    .venv/bin/python benchmarks/loader_fuzz.py                # 2,000 inputs of each kind
    .venv/bin/python benchmarks/loader_fuzz.py --examples 10000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.hostile_records import (  # type: ignore[import-not-found]
    check_loaded,
    hostile_bytes,
    hostile_documents,
    hostile_texts,
    load_any,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def measure(name: str, strategy: st.SearchStrategy[Any], examples: int) -> bool:
    times: list[tuple[float, int]] = []
    counts = {"loaded": 0, "refused": 0}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(data: str | bytes) -> None:
        started = time.perf_counter()
        loaded = load_any(data)
        times.append((time.perf_counter() - started, len(data)))
        if loaded is None:
            counts["refused"] += 1
        else:
            counts["loaded"] += 1
            check_loaded(loaded)

    ok = True
    try:
        run()
    except Exception as error:
        print(f"{name}: FAILED: {type(error).__name__}: {error}")
        ok = False
    durations = sorted(seconds for seconds, _size in times)
    slowest, size = max(times) if times else (0.0, 0)
    p99 = durations[int(len(durations) * 0.99) - 1] if durations else 0.0
    print(
        f"{name:>10}: {len(times):>6} inputs, {counts['loaded']:>5} loaded, "
        f"{counts['refused']:>6} refused; per load median "
        f"{statistics.median(durations) * 1e3 if durations else 0:.3f} ms, "
        f"p99 {p99 * 1e3:.2f} ms, slowest {slowest * 1e3:.1f} ms ({size:,} characters)"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--examples", type=int, default=2000, help="inputs of each kind (default 2000)"
    )
    options = parser.parse_args(argv)
    kinds: list[tuple[str, Callable[[], st.SearchStrategy[Any]]]] = [
        ("files", hostile_documents),
        ("texts", hostile_texts),
        ("bytes", hostile_bytes),
    ]
    results = [measure(name, make(), options.examples) for name, make in kinds]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
