"""One live VP card on a sheet: its parameters in cells (boards and K are inputs; σ is a
formula) and formulas for its bands, so a director who changes K sees it redrawn offline.
A WBF discrete card reads its bounds from the table of
:mod:`xlbridge.workbooks.scales.discrete_card` by the boards cell. :func:`write_card` writes one;
the VP cards workbook (:mod:`xlbridge.workbooks.scales.cards`) and the event workbooks' Scale
sheets use it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.scales.gaussian import FORM_TITLES, VPScale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.workbooks.kit import formulas, refs, styles, validation
from xlbridge.workbooks.scales import discrete_card

WHITE_BOOK_CARD_NOTE = "White Book bounds: a band ends at its 'to'"
CARD_WIDTH = 4  # from, to, winner VP, loser VP
COLUMN_WIDTHS = (7.5, 7.5, 5.5, 5.5)


@dataclass
class CardCells:
    """Where one card's cells are (A1 references on the cards sheet)."""

    scale: VPScale | DiscreteScale
    title: str
    boards: str
    k: str | None
    sigma: str | None
    total: str
    band_rows: list[int]
    columns: tuple[str, str, str, str]
    tables: str | None = None
    comparisons: str | None = None
    results: str | None = None

    def column_range(self, column: int, sheet: str | None = None) -> str:
        """The absolute range of one card column (0 bounds, 1 to, 2 winner, 3 loser)."""
        ref = refs.absolute(self.columns[column], self.band_rows[0], self.band_rows[-1])
        return refs.on(sheet, ref) if sheet else ref

    def vp_formula(self, margin: str, sheet: str | None = None) -> str:
        """An expression (no "=") of the VPs this card gives the side whose margin is in
        cell ``margin`` ("" when the cell is blank), as :meth:`VPScale.vp` does."""
        scale = self.scale
        bounds, winners, losers = (self.column_range(i, sheet) for i in (0, 2, 3))
        return formulas.vp_lookup(
            margin,
            bounds,
            winners,
            losers,
            scale.granularity,
            scale.offset,
            scale.is_card,
            edge_ends_band=_edge_ends_band(scale),
        )


def _edge_ends_band(scale: VPScale | DiscreteScale) -> bool:
    return isinstance(scale, VPScale) and scale.bounds == "white-book" and not scale.is_card


def _parameter_rows(scale: VPScale | DiscreteScale) -> int:
    """Rows between the title and the header: boards/K, σ/VPs, tables or C/R for butler and
    cross, and the bound rule when it is the White Book's."""
    if isinstance(scale, DiscreteScale):
        return 1
    rows = 3 if scale.form in ("butler", "cross") else 2
    return rows + (scale.bounds == "white-book")


def card_height(scale: VPScale | DiscreteScale) -> int:
    """Title, parameters, header, one row per result, and a gap row."""
    return 1 + _parameter_rows(scale) + 1 + len(scale.winner) + 1


class _Put(Protocol):
    """Writes a centred card cell: ``put(ref, value, font=…, fmt=…)``."""

    def __call__(
        self, ref: str, value: object, *, font: Font = ..., fmt: str | None = None
    ) -> None: ...


def _putter(ws: Worksheet) -> _Put:
    """put(ref, value, font=…, fmt=…): a centred card cell in the body font (or ``font``)."""

    def put(
        ref: str, value: object, *, font: Font = styles.BODY_FONT, fmt: str | None = None
    ) -> None:
        cell = ws[ref]
        cell.value = value
        cell.font = font
        if fmt is not None:
            cell.number_format = fmt
        cell.alignment = styles.CENTER

    return put


class _CardRefs(NamedTuple):
    """Absolute references of a card's parameter cells (None: not on this form's card)."""

    boards: str
    k: str
    sigma: str
    total: str
    tables: str | None
    comparisons: str | None
    results: str | None


def write_card(
    ws: Worksheet, scale: VPScale | DiscreteScale, top: int, left: int, paper: str = "a4"
) -> CardCells:
    """Write one live card (boards and K as inputs, bands as formulas) at row ``top``,
    column ``left``; event workbooks put one on a scale sheet and look VPs up in it
    (:meth:`CardCells.vp_formula`). A WBF discrete card reads its bands from the table sheet
    of :mod:`xlbridge.workbooks.scales.discrete_card` (added to the workbook, printed on
    ``paper``)."""
    if isinstance(scale, DiscreteScale):
        return _write_discrete_card(ws, scale, top, left, paper)
    col = [get_column_letter(left + i) for i in range(CARD_WIDTH)]
    a, b, c, d = col
    put = _putter(ws)
    card_refs = _write_parameters(ws, scale, top, col, put)
    _write_title(ws, scale, top, col, card_refs.boards, put)
    header = top + 1 + _parameter_rows(scale)
    _write_header(ws, scale, col, header)
    band_rows = _write_bands(ws, scale, col, header, card_refs, put)
    return CardCells(
        scale=scale,
        title=f"{a}{top}",
        boards=card_refs.boards.replace("$", ""),
        k=card_refs.k.replace("$", ""),
        sigma=card_refs.sigma.replace("$", ""),
        total=card_refs.total.replace("$", ""),
        band_rows=band_rows,
        columns=(a, b, c, d),
        tables=card_refs.tables and card_refs.tables.replace("$", ""),
        comparisons=card_refs.comparisons and card_refs.comparisons.replace("$", ""),
        results=card_refs.results and card_refs.results.replace("$", ""),
    )


def _write_parameters(
    ws: Worksheet, scale: VPScale, top: int, col: list[str], put: _Put
) -> _CardRefs:
    """The parameter rows below the title: boards and K are inputs (with C and R, or tables,
    where the form needs them), σ a formula, the VP total fixed by the layout."""
    a, b, c, d = col
    r1, r2 = top + 1, top + 2
    k_label = "S8 %" if scale.form == "pairs" else "K"
    put(f"{a}{r1}", "boards", font=styles.SMALL_FONT)
    put(f"{b}{r1}", scale.boards)
    put(f"{c}{r1}", k_label, font=styles.SMALL_FONT)
    put(f"{d}{r1}", scale.k)
    boards_ref, k_ref = f"${b}${r1}", f"${d}${r1}"
    styles.mark_input(ws, f"{b}{r1}")
    styles.mark_input(ws, f"{d}{r1}")
    validation.whole(ws, [f"{b}{r1}"], 1, 200, "boards")
    validation.positive(ws, [f"{d}{r1}"], k_label)
    tables_ref, comparisons_ref, results_ref = _write_form_inputs(ws, scale, top + 3, col, put)

    sigma_ref, total_ref = f"${b}${r2}", f"${d}${r2}"
    put(f"{a}{r2}", "σ", font=styles.SMALL_FONT)
    put(
        f"{b}{r2}",
        formulas.sigma(
            scale.form,
            boards_ref,
            k_ref,
            tables=tables_ref,
            comparisons=comparisons_ref,
            results=results_ref,
            negative=bool(scale.negative_steps),
        ),
        fmt="0.00",
    )
    put(f"{c}{r2}", "VPs", font=styles.SMALL_FONT)
    put(f"{d}{r2}", scale.vp_total)
    return _CardRefs(
        boards_ref, k_ref, sigma_ref, total_ref, tables_ref, comparisons_ref, results_ref
    )


def _write_form_inputs(
    ws: Worksheet, scale: VPScale, r3: int, col: list[str], put: _Put
) -> tuple[str | None, str | None, str | None]:
    """Row ``r3`` of a Butler card (tables) or a cross-IMP card (C and R); returns the
    references of tables, C and R (None where the form has none)."""
    a, b, c, d = col
    if scale.form == "butler":
        put(f"{a}{r3}", "tables", font=styles.SMALL_FONT)
        put(f"{b}{r3}", scale.tables)
        styles.mark_input(ws, f"{b}{r3}")
        validation.whole(ws, [f"{b}{r3}"], 2, 200, "tables")
        return f"${b}${r3}", None, None
    if scale.form == "cross":
        put(f"{a}{r3}", "C", font=styles.SMALL_FONT)
        put(f"{b}{r3}", scale.comparisons)
        put(f"{c}{r3}", "R", font=styles.SMALL_FONT)
        put(f"{d}{r3}", scale.results)
        for ref in (f"{b}{r3}", f"{d}{r3}"):
            styles.mark_input(ws, ref)
        validation.positive(ws, [f"{b}{r3}", f"{d}{r3}"], "C and R")
        return None, f"${b}${r3}", f"${d}${r3}"
    return None, None, None


def _write_title(
    ws: Worksheet, scale: VPScale, top: int, col: list[str], boards_ref: str, put: _Put
) -> None:
    """The title, live so it follows the boards cell, and the White Book note if it applies."""
    a, d = col[0], col[-1]
    ws.merge_cells(f"{a}{top}:{d}{top}")
    put(
        f"{a}{top}",
        f'="{FORM_TITLES[scale.form]} · "&{boards_ref}&IF({boards_ref}=1," board"," boards")',
        font=styles.TITLE_FONT,
    )
    if scale.bounds == "white-book":  # the card says so under its parameters
        rule_row = top + _parameter_rows(scale)
        ws.merge_cells(f"{a}{rule_row}:{d}{rule_row}")
        put(f"{a}{rule_row}", WHITE_BOOK_CARD_NOTE, font=styles.SMALL_FONT)


def _write_bands(
    ws: Worksheet, scale: VPScale, col: list[str], header: int, card_refs: _CardRefs, put: _Put
) -> list[int]:
    """The bands below the header row: lower bound (a formula), upper bound, winner's and
    loser's VPs; returns their rows."""
    a, b, c, d = col
    bound_format = _bound_format(scale)
    m = scale.vp_total // 2
    steps = scale.negative_steps
    band_rows = list(range(header + 1, header + 1 + len(scale.winner)))
    for band, row in enumerate(band_rows):
        if band == 0:
            put(f"{a}{row}", scale.offset, fmt=bound_format)
        else:
            if band <= m:
                probability = formulas.band_probability(band, card_refs.total)
            else:
                probability = formulas.negative_probability(band - m, steps, card_refs.total)
            put(
                f"{a}{row}",
                formulas.lower_bound(
                    probability,
                    card_refs.sigma,
                    f"{a}{row - 1}",
                    scale.granularity,
                    scale.offset,
                    scale.rounding,
                    z=float(scale.z[band - 1]) if scale.bounds == "white-book" else None,
                ),
                fmt=bound_format,
            )
        if band + 1 < len(band_rows):
            step = "" if scale.rounding == "none" else f"-{scale.granularity:g}"
            put(f"{b}{row}", f"={a}{row + 1}{step}", fmt=bound_format)
        else:
            put(f"{b}{row}", "+")
        put(f"{c}{row}", int(scale.winner[band]))
        if band <= m:
            put(f"{d}{row}", f"={card_refs.total}-{c}{row}")
        else:
            put(f"{d}{row}", int(scale.loser[band]))
        for ref in col:
            ws[f"{ref}{row}"].border = styles.BOX
    return band_rows


def _write_header(
    ws: Worksheet, scale: VPScale | DiscreteScale, col: list[str], header: int
) -> None:
    put = _putter(ws)
    unit = {"IMPs": "IMPs", "%": "MP %", "points": "points"}[scale.unit]
    for ref, text in zip(col, (unit, "to", "win", "lose"), strict=True):
        put(f"{ref}{header}", text, font=styles.HEADER_FONT)
        ws[f"{ref}{header}"].fill = styles.HEADER_FILL


def _write_discrete_card(
    ws: Worksheet, scale: DiscreteScale, top: int, left: int, paper: str
) -> CardCells:
    """A WBF discrete card: boards (an input) and the VP total, then whole-VP IMP ranges
    read from the table sheet by the boards cell."""
    col = [get_column_letter(left + i) for i in range(CARD_WIDTH)]
    a, b, c, d = col
    put = _putter(ws)
    assert ws.parent is not None
    table = discrete_card.table_refs(ws.parent, scale.vp_total, paper)
    r1 = top + 1
    put(f"{a}{r1}", "boards", font=styles.SMALL_FONT)
    put(f"{b}{r1}", scale.boards)
    put(f"{c}{r1}", "VPs", font=styles.SMALL_FONT)
    put(f"{d}{r1}", scale.vp_total)
    boards_ref, total_ref = f"${b}${r1}", f"${d}${r1}"
    styles.mark_input(ws, f"{b}{r1}")
    validation.whole(ws, [f"{b}{r1}"], 1, 200, "boards")
    ws.merge_cells(f"{a}{top}:{d}{top}")
    put(f"{a}{top}", discrete_card.title_formula(scale, boards_ref), font=styles.TITLE_FONT)
    header = r1 + 1
    _write_header(ws, scale, col, header)
    band_rows = list(range(header + 1, header + 1 + len(scale.winner)))
    for band, row in enumerate(band_rows):
        start = 0 if band == 0 else discrete_card.band_start(boards_ref, table, band)
        put(f"{a}{row}", start, fmt="0")
        put(f"{b}{row}", f"={a}{row + 1}-1" if band + 1 < len(band_rows) else "+", fmt="0")
        put(f"{c}{row}", int(scale.winner[band]))
        put(f"{d}{row}", f"={total_ref}-{c}{row}")
        for ref in col:
            ws[f"{ref}{row}"].border = styles.BOX
    return CardCells(
        scale=scale,
        title=f"{a}{top}",
        boards=boards_ref.replace("$", ""),
        k=None,
        sigma=None,
        total=total_ref.replace("$", ""),
        band_rows=band_rows,
        columns=(a, b, c, d),
    )


def _bound_format(scale: VPScale) -> str:
    if scale.rounding == "none" or scale.granularity < 1:
        return "0.00"
    return "0"
