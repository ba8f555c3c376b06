"""Promises of the documentation that the code broke (a review of docs/)."""

from __future__ import annotations

import pytest

import tonk
from tonk import presets
from tonk.protocol import Table


@pytest.mark.parametrize("time_limit", ["5", True, [5], object()])
def test_a_table_refuses_a_time_limit_of_the_wrong_type_with_a_type_error(
    time_limit: object,
) -> None:
    # docs/api.md: "A wrong Python type raises a plain TypeError", as
    # act_message, encode_act and ActWriter.write do for the same time limit.
    expected = r"^time_limit must be a number, got "
    with pytest.raises(TypeError, match=expected) as caught:
        Table(presets.PAGAT, players=2, seed=1, time_limit=time_limit)  # type: ignore[arg-type]
    assert not isinstance(caught.value, tonk.TonkError)


@pytest.mark.parametrize("time_limit", [0, -1.0, 1e6 + 1, float("nan"), float("inf")])
def test_a_table_refuses_a_time_limit_out_of_range_with_a_rules_error(
    time_limit: float,
) -> None:
    with pytest.raises(tonk.RulesError, match=r"^time_limit must be 0 < seconds"):
        Table(presets.PAGAT, players=2, seed=1, time_limit=time_limit)
