"""Scale science (Probst's VP scales; Probst's VP scales): fitting K, auditing a scale, A+."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm

from xlbridge.errors import InputError
from xlbridge.scoring.scales.fit import audit, average_plus, fit_k, t0_share
from xlbridge.scoring.scales.gaussian import band_z, vp_scale


def test_sheffield_arithmetic_1790_over_root_24_is_365() -> None:
    # 418 aggregate results with σ = 1790 over 24 boards: margins ±1790 have exactly σ = 1790.
    fit = fit_k([1790, -1790] * 209, 24, form="aggregate")
    assert fit.count == 418
    assert fit.k == pytest.approx(1790 / np.sqrt(24))
    assert round(fit.k) == 365


def test_seed_000_t0_share_at_z_1_534_is_6_25_percent_each_way() -> None:
    assert float(t0_share(1.534)) / 2 == pytest.approx(0.0625, abs=5e-5)
    assert int(3598 * float(t0_share(1.534))) == 449


def test_audit_expects_449_twenty_nils_of_3598_when_the_scale_starts_t0_at_1_534_sigma() -> None:
    """A Swiss pairs scale whose 20-0 starts at z = 1.534 of the field's real σ (Probst).

    The scale is built with S8 smaller than the field's, so that its top edge
    band_z[-1]·σ_scale falls at 1.534·σ_field; the audit's model uses the field's own σ.
    """
    rng = np.random.default_rng(2005)
    field_s8 = 11.73
    boards = 8
    sigma = field_s8 * np.sqrt(8) / np.sqrt(boards)
    deviations = rng.normal(0, sigma, 3598)
    deviations *= sigma / np.sqrt(np.mean(deviations**2))  # exactly the field's σ
    margins = np.clip(50 + deviations, 0, 100)
    assert np.all((margins > 0) & (margins < 100))
    scale_s8 = field_s8 * 1.534 / band_z(20)[-1]
    report = audit(margins, boards, k=scale_s8, form="pairs", rounding="none")
    assert report.model_k == pytest.approx(field_s8)
    assert report.top_share == pytest.approx(2 * (1 - norm.cdf(1.534)), rel=1e-9)
    assert int(report.expected[-1]) == 449
    assert report.expected.sum() == pytest.approx(3598)
    assert report.observed.sum() == 3598


def test_observed_counts_are_the_scales_own_results() -> None:
    # Eight margins four times over: enough results for the chi-square test.
    margins = np.tile([0, 1, -3, 12, -40, 25, 7.4, -0.4], 4)
    report = audit(margins, 8)
    scale = vp_scale(8)
    winners = np.maximum(scale.vp(margins), 20 - scale.vp(margins)).astype(int)
    expected = np.bincount(np.searchsorted(scale.winner, winners), minlength=11)
    assert report.observed.tolist() == expected.tolist()
    assert report.labels[0] == "10-10" and report.labels[-1] == "20-0"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_expected_counts_follow_the_model_when_it_is_true(seed: int) -> None:
    """Margins drawn from the model: the χ² test should rarely reject (p-value not tiny)."""
    rng = np.random.default_rng(seed)
    boards = rng.choice([8, 12], 2000)
    margins = np.round(rng.normal(0, 6.5 * np.sqrt(boards)))
    report = audit(margins, boards)
    assert report.expected.sum() == pytest.approx(2000)
    assert report.p_value > 0.001
    assert report.dof == report.labels.__len__() - 2  # all categories large; K was fitted


def test_interval_covers_the_true_k_at_about_its_nominal_rate() -> None:
    rng = np.random.default_rng(7)
    true_k, covered, trials = 6.5, 0, 400
    for _ in range(trials):
        boards = rng.choice([8, 10, 12, 16], 60)
        margins = rng.normal(0, true_k * np.sqrt(boards))
        fit = fit_k(margins, boards, level=0.9)
        covered += fit.low <= true_k <= fit.high
    assert 0.86 <= covered / trials <= 0.94


def test_pairs_fit_uses_percentages_around_50() -> None:
    rng = np.random.default_rng(11)
    boards = rng.choice([6, 8], 500)
    margins = 50 + rng.normal(0, 11 * np.sqrt(8) / np.sqrt(boards))
    fit = fit_k(margins, boards, form="pairs", level=0.95)
    assert fit.low < 11 < fit.high
    assert fit.low < fit.k < fit.high


def test_average_plus_in_every_form() -> None:
    assert average_plus("teams") == 3.0
    assert average_plus("aggregate") == pytest.approx(3 * 365 / 6.5)
    assert average_plus("pairs") == pytest.approx(3 * 11 * np.sqrt(8) / 6.5)
    butler = vp_scale(1, None, "butler", None, False, "none", 15).sigma
    assert average_plus("butler", 1, 15) == pytest.approx(3 * butler / 6.5)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: fit_k([5], 8), "margins must hold at least 2 results, got 1"),
        (lambda: fit_k([5, 6], 0), "boards must be whole numbers of at least 1, got 0"),
        (lambda: fit_k([5, 6], [8, 8.5]), "boards must be whole numbers of at least 1, got 8.5"),
        (lambda: fit_k([5, "x"], 8), "margins must hold numbers or blank cells, got 'x'"),
        (lambda: fit_k([5, 6], [8, 8, 8]), "boards must be one number or one per margin"),
        (lambda: fit_k([0, 0], 8), "margins must not all be draws"),
        (lambda: fit_k([5, 6], 8, level=1.5), "level must be a number between 0 and 1"),
        (lambda: fit_k([5, 6], 8, form="butler"), "form butler cannot be fitted"),
        (lambda: fit_k([50, 150], 8, form="pairs"), "matchpoint percentages from 0 to 100"),
        (lambda: audit([5], 8), "margins must hold at least 2 results, got 1"),
        (lambda: average_plus("butler"), "tables must be a whole number of at least 2"),
    ],
)
def test_bad_input_is_named(call, message) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        call()


@pytest.mark.parametrize("margins", [[3, 5], [3, -5, 8, 1, -2, 0, 4, -7]])
def test_too_few_results_for_the_test_are_refused(margins: list[float]) -> None:
    with pytest.raises(InputError, match="margins must hold enough results for a chi-square"):
        audit(np.array(margins, dtype=float), 8)
