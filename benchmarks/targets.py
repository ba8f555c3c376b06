"""Print a benchmark figure against its target (issues 14 and 42).

The benchmark scripts import this module from their own directory (a script's
directory is the first entry of ``sys.path``).
"""

from __future__ import annotations

QUICK = (
    "(a --quick run, for CI: too short to judge a target by, with few rounds and"
    " caches still cold; the full run is the measurement)"
)
"""What a ``--quick`` run prints under its heading of targets."""

BOTS_AT_MOST_US = {
    "observation_vector out=": 8.0,
    "observation_vector": 8.0,
    "legal_mask chicago": 8.0,
    "legal_indices chicago": 8.0,
    "determinize": 10.0,
}
"""Issue 42's targets for what bots and adapters call, in microseconds a call
(pagat, two players; ``legal_mask`` under chicago)."""


def format_target(
    label: str,
    measured: float,
    *,
    at_least: float | None = None,
    at_most: float | None = None,
    unit: str = "x",
    digits: int = 2,
) -> str:
    """Return ``target <label> >= <threshold>: <measured>, met`` (or ``not met``).

    Give exactly one of ``at_least`` and ``at_most``. ``unit`` follows each
    number (``"x"`` for ratios, ``" us"``, ``"/s"``, ``" bytes"``). The figure
    as printed, rounded to ``digits``, is what is compared, so that the line
    never contradicts itself.

    >>> format_target("(a) tonk vs gin_rummy", 1.714, at_least=2.5)
    'target (a) tonk vs gin_rummy >= 2.5x: 1.71x, not met'
    >>> format_target("seeded deal", 12.04, at_most=15, unit=" us", digits=1)
    'target seeded deal <= 15 us: 12.0 us, met'
    >>> format_target("memory", 352.316, at_most=352.3, unit=" bytes", digits=1)
    'target memory <= 352.3 bytes: 352.3 bytes, met'
    """
    if (at_least is None) == (at_most is None):
        raise ValueError("give exactly one of at_least and at_most")
    shown = round(measured, digits)
    if at_least is not None:
        sign, threshold, met = ">=", at_least, shown >= at_least
    else:
        assert at_most is not None
        sign, threshold, met = "<=", at_most, shown <= at_most
    return (
        f"target {label} {sign} {threshold:g}{unit}:"
        f" {shown:,.{digits}f}{unit}, {'met' if met else 'not met'}"
    )


def print_target(
    label: str,
    measured: float,
    *,
    at_least: float | None = None,
    at_most: float | None = None,
    unit: str = "x",
    digits: int = 2,
) -> None:
    """Print :func:`format_target` of the arguments."""
    print(
        format_target(
            label,
            measured,
            at_least=at_least,
            at_most=at_most,
            unit=unit,
            digits=digits,
        )
    )
