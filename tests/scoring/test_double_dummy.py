"""Double-dummy tables and par: DDS's own published test deals, par edge cases worked by hand,
the cache, and the core without the optional extra."""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.scoring import double_dummy as dd
from xlbridge.scoring.double_dummy import DealtBoard, ParContract

pytest.importorskip("endplay")

from dds_data import dds_deals as _dds_deals  # noqa: E402

DDS = _dds_deals()


def test_the_dds_file_holds_100_deals() -> None:
    assert len(DDS) == 100
    assert all("table" in deal and "score" in deal for deal in DDS)


def test_tables_of_the_dds_test_deals() -> None:
    dd.clear_cache()
    tables = dd.solve(str(deal["deal"]) for deal in DDS)
    assert tables == [deal["table"] for deal in DDS]


def test_par_of_the_dds_test_deals() -> None:
    for deal in DDS:
        table = deal["table"]
        found = dd.par(table, str(deal["dealer"]), str(deal["vulnerable"]))  # type: ignore[arg-type]
        assert found.par_score == deal["score"], deal["deal"]
        assert set(found.par_contracts) == deal["contracts"], deal["deal"]


def _table(ns: dict[str, int], ew: dict[str, int]) -> dict[str, dict[str, int]]:
    """A table where both players of a side make the same tricks; strains not named: 4."""

    def full(tricks: dict[str, int]) -> dict[str, int]:
        return {strain: tricks.get(strain, 4) for strain in dd.STRAINS}

    return {"N": full(ns), "S": full(ns), "E": full(ew), "W": full(ew)}


def test_a_deal_nobody_makes_is_passed_out() -> None:
    # Six tricks at most for either side in every strain: no contract makes, par is 0.
    table = _table({s: 6 for s in dd.STRAINS}, {s: 6 for s in dd.STRAINS})
    found = dd.par(table, "N", "None")
    assert (found.par_score, found.par_contracts) == (0, ())
    assert found.par_text == "Par 0: passed out"


# NS make 4♠ (10 tricks); EW take 9 tricks in hearts, so 5♥ doubled goes two down.
SACRIFICE = _table({"S": 10, "NT": 6}, {"H": 9})


def test_a_sacrifice_is_par_when_it_costs_less() -> None:
    # NS vulnerable, EW not: 4♠ is worth 620; 5♥X two down non-vulnerable costs 300.
    found = dd.par(SACRIFICE, "N", "NS")
    assert found.par_score == 300
    assert found.par_contracts == (ParContract(5, "H", "EW", True, -2),)
    assert found.par_text == "Par NS +300: 5♥X by EW \u22122"


def test_a_sacrifice_that_costs_more_is_not_par() -> None:
    # Both vulnerable: 5♥X two down costs 500, less than 4♠'s 620: still a sacrifice.
    both = dd.par(SACRIFICE, "N", "All")
    assert (both.par_score, both.par_contracts) == (500, (ParContract(5, "H", "EW", True, -2),))
    # EW vulnerable, NS not: 5♥X two down costs 500, more than 4♠'s 420: NS keep 4♠.
    found = dd.par(SACRIFICE, "N", "EW")
    assert (found.par_score, found.par_contracts) == (420, (ParContract(4, "S", "NS", False, 0),))


@pytest.mark.parametrize(
    ("dealer", "score", "side"),
    [("N", 90, "NS"), ("E", -90, "EW"), ("S", 90, "NS"), ("W", -90, "EW")],
)
def test_the_side_that_bids_first_takes_an_equal_contract(
    dealer: str, score: int, side: str
) -> None:
    # Both sides make exactly 1NT (7 tricks) and nothing else: the dealer's side bids it first.
    table = _table({"NT": 7, "S": 6}, {"NT": 7, "H": 6})
    found = dd.par(table, dealer, "None")
    assert found.par_score == score
    assert found.par_contracts == (ParContract(1, "NT", side, False, 0),)


@pytest.mark.parametrize(("vulnerable", "score"), [("None", 430), ("NS", 630)])
def test_the_lowest_level_of_a_contract_is_named(vulnerable: str, score: int) -> None:
    # NS make ten tricks in no trump (4♠ fails with 9): 3NT+1 is par, named at 3NT, not 4NT.
    table = _table({"NT": 10, "S": 9}, {})
    found = dd.par(table, "N", vulnerable)
    assert found.par_score == score
    assert found.par_contracts == (ParContract(3, "NT", "NS", False, 1),)
    assert found.par_text == f"Par NS +{score}: 3NT by NS +1"


def test_equal_par_contracts_are_all_named_lowest_first() -> None:
    # 3NT and 5♦ both just make for NS (non-vulnerable: 400 each).
    table = _table({"NT": 9, "D": 11}, {})
    found = dd.par(table, "N", "None")
    assert found.par_score == 400
    assert found.par_contracts == (
        ParContract(3, "NT", "NS", False, 0),
        ParContract(5, "D", "NS", False, 0),
    )


def test_one_seat_only_makes_a_contract() -> None:
    table = _table({"NT": 6}, {})
    table["N"]["NT"] = 9  # only North makes 3NT (the lead comes through South's hand)
    found = dd.par(table, "N", "None")
    assert found.par_contracts == (ParContract(3, "NT", "N", False, 0),)


def test_a_deal_is_solved_once_however_often_it_appears(monkeypatch: pytest.MonkeyPatch) -> None:
    import endplay.dds

    calls: list[int] = []
    real = endplay.dds.calc_all_tables

    def counting(deals, *args):  # type: ignore[no-untyped-def]
        deals = list(deals)
        calls.append(len(deals))
        return real(deals, *args)

    monkeypatch.setattr(endplay.dds, "calc_all_tables", counting)
    dd.clear_cache()
    first, second = str(DDS[0]["deal"]), str(DDS[1]["deal"])
    # The same deal written from another seat is the same deal.
    hands = first.split(":")[1].split()
    rotated = "E:" + " ".join(hands[1:] + hands[:1])
    boards = [DealtBoard(1, first), DealtBoard(2, second), DealtBoard(3, rotated)]
    analyses = dd.analyse(boards)
    assert calls == [2]  # one batch of the two different deals
    assert analyses[3].table == analyses[1].table == DDS[0]["table"]
    dd.analyse([DealtBoard(4, second)])
    assert calls == [2]  # already known
    # Board 3 is dealt by South, EW vulnerable (the usual rotation) unless the file says.
    assert analyses[3].par_score == dd.par(DDS[0]["table"], "S", "EW").par_score  # type: ignore[arg-type]


def test_a_batch_larger_than_dds_takes_is_split(monkeypatch: pytest.MonkeyPatch) -> None:
    import endplay.dds

    calls: list[int] = []

    def counting(deals, *args):  # type: ignore[no-untyped-def]
        deals = list(deals)
        calls.append(len(deals))
        return real(deals, *args)

    real = endplay.dds.calc_all_tables
    monkeypatch.setattr(endplay.dds, "calc_all_tables", counting)
    monkeypatch.setattr(dd, "BATCH", 3)
    dd.clear_cache()
    tables = dd.solve(str(deal["deal"]) for deal in DDS[:7])
    assert calls == [3, 3, 1]
    assert tables == [deal["table"] for deal in DDS[:7]]


def test_tricks_against_double_dummy() -> None:
    analysis = dd.analyse([DealtBoard(1, str(DDS[0]["deal"]))])[1]
    table = DDS[0]["table"]
    assert analysis.against("S", "N", 9) == 9 - table["N"]["S"]  # type: ignore[index]
    assert analysis.tricks("W", "NT") == table["W"]["NT"]  # type: ignore[index]


def test_a_bad_table_or_dealer_is_refused() -> None:
    table = _table({}, {})
    with pytest.raises(InputError, match="dealer must be N, E, S or W"):
        dd.par(table, "X", "None")
    with pytest.raises(InputError, match="vulnerability must be"):
        dd.par(table, "N", "Red")
    table["N"]["S"] = 14
    with pytest.raises(InputError, match="S by N must be 0 to 13"):
        dd.par(table, "N", "None")


@pytest.mark.usefixtures("no_endplay")
def test_without_the_extra_analysis_says_how_to_install_it() -> None:
    assert not dd.available()
    with pytest.raises(dd.NotInstalledError) as error:
        dd.analyse([DealtBoard(1, str(DDS[0]["deal"]))])
    assert str(error.value) == (
        "double-dummy analysis needs the optional extra: pip install 'xlbridge[dd]'"
    )
