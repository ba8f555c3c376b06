"""Run the atheris fuzzer for a bounded time: the command CI runs.

Usage::

    python fuzz/run.py --seconds 60            # CI: 60 s, seeds from fuzz/corpus
    python fuzz/run.py --seconds 3600 --keep   # longer; add new inputs to the corpus

Inputs the fuzzer finds interesting go to a temporary directory (with
``--keep``, to ``fuzz/corpus``: minimise it before committing, see
docs/testing.md). An input that crashes a parser is saved under
``fuzz/crashes/`` and the script exits with a non-zero status.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
CRASHES = HERE / "crashes"


def fuzz_command(seconds: int, work: Path) -> list[str]:
    """Return the command that fuzzes for ``seconds``, new inputs into ``work``."""
    return [
        sys.executable,
        str(HERE / "harness.py"),
        f"-max_total_time={seconds}",
        "-timeout=10",  # a single input running longer than 10 s is a hang
        "-rss_limit_mb=2048",
        "-max_len=4096",
        f"-artifact_prefix={CRASHES}/",
        "-print_final_stats=1",
        str(work),
        str(CORPUS),
    ]


def main(argv: list[str] | None = None) -> int:
    """Fuzz for the time asked; return the fuzzer's exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60, help="how long to fuzz")
    parser.add_argument(
        "--keep", action="store_true", help="add new inputs to fuzz/corpus"
    )
    args = parser.parse_args(argv)
    CRASHES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tonk-fuzz-") as temporary:
        work = CORPUS if args.keep else Path(temporary)
        return subprocess.call(fuzz_command(args.seconds, work))


if __name__ == "__main__":
    sys.exit(main())
