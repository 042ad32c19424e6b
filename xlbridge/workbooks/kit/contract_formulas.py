"""Spreadsheet formulas for a traveller line: vulnerability, contracts, scores, adjusted scores.

They restate the scoring table of Law 77 and the notations of the Laws of Duplicate Bridge in
the Excel 2010 function set (MID, FIND, SUBSTITUTE, UPPER, TRIM, MIN, MAX, IF, IFERROR), so a
workbook scores contracts offline. Each returns an expression without the leading "=", built
from the cell references it is given; the LibreOffice tests hold the results equal to an
independent scorer.
"""

from __future__ import annotations

from xlbridge.scoring.session.data import ARTIFICIAL_SHARES

#: Vulnerability of boards 1–16 (then repeating): "-" none, N north-south, E east-west, B both.
VULNERABILITY_CODES = "-NEBNEB-EB-NB-NE"
VULNERABILITY_NAMES = {"-": "None", "N": "NS", "E": "EW", "B": "All"}
#: Dealer of boards 1–4 (then repeating).
DEALERS = "NESW"
#: Strains in the order of their index (1 clubs … 5 no trumps).
STRAINS = "CDHSN"
#: How a passed-out board may be written (after normalising).
PASSED_OUT = ("PASS", "P", "AP")
#: Spellings folded into one before a contract is read: suit symbols, NT, "*" for doubled.
_CONTRACT_SPELLINGS = (
    (" ", ""),
    ("♠", "S"),
    ("♥", "H"),
    ("♦", "D"),
    ("♣", "C"),
    ("NT", "N"),
    ("*", "X"),
)
#: Dashes that stand for a minus sign in an adjusted score (A+/A–).
_DASHES = (" ", ""), ("−", "-"), ("–", "-")
#: Shares of the board (%) that A+, A= and A- stand for at matchpoints (Law 12C2).
ADJUSTED_SHARES = {"+": 60, "=": 50, "-": 40}


def _substituted(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    for old, new in pairs:
        text = f'SUBSTITUTE({text},"{old}","{new}")'
    return text


def normalised(cell: str) -> str:
    """The text of ``cell`` in capitals, without surrounding spaces ("" for an error value)."""
    return f'IF(ISERROR({cell}),"",UPPER(TRIM({cell}&"")))'


def vulnerability_code(board: str) -> str:
    """The code of board ``board``'s vulnerability (see :data:`VULNERABILITY_CODES`)."""
    return f'MID("{VULNERABILITY_CODES}",MOD({board}-1,16)+1,1)'


def vulnerability_name(code: str) -> str:
    """None, NS, EW or All from a vulnerability code."""
    formula = f'"{VULNERABILITY_NAMES["B"]}"'
    for key in "EN-":
        formula = f'IF({code}="{key}","{VULNERABILITY_NAMES[key]}",{formula})'
    return formula


def dealer(board: str) -> str:
    """N, E, S or W: the dealer of board ``board``."""
    return f'MID("{DEALERS}",MOD({board}-1,4)+1,1)'


def declarer_vulnerable(code: str, declarer: str) -> str:
    """1 if the side of ``declarer`` (N, E, S or W) is vulnerable, else 0."""
    sides = f'IF(OR({declarer}="N",{declarer}="S"),"NB","EB")'
    return f"IF(ISNUMBER(FIND({code},{sides})),1,0)"


def contract_text(cell: str) -> str:
    """The contract in ``cell`` folded to one spelling: 4♠ → 4S, 3nt → 3N, 4H* → 4HX."""
    return _substituted(normalised(cell), _CONTRACT_SPELLINGS)


def passed_out(text: str) -> str:
    """1 if the folded contract ``text`` says the board was passed out, else 0."""
    return "IF(OR(" + ",".join(f'{text}="{word}"' for word in PASSED_OUT) + "),1,0)"


def contract_level(text: str) -> str:
    """1–7 from a folded contract, 0 when it is not level, strain and doubling."""
    return f'IF(OR(LEN({text})<2,LEN({text})>4),0,IFERROR(FIND(LEFT({text},1),"1234567"),0))'


def contract_strain(text: str) -> str:
    """1 (clubs) … 5 (no trumps) from a folded contract, 0 when there is none."""
    return f'IF(LEN({text})<2,0,IFERROR(FIND(MID({text},2,1),"{STRAINS}"),0))'


def contract_doubling(text: str) -> str:
    """1 undoubled, 2 doubled (X), 4 redoubled (XX), 0 anything else after the strain."""
    rest = f"MID({text},3,9)"
    return f'IF({rest}="",1,IF({rest}="X",2,IF({rest}="XX",4,0)))'


def declarer_score(level: str, strain: str, doubling: str, tricks: str, vulnerable: str) -> str:
    """The declaring side's score (Law 77) of a contract and the tricks it took.

    Made: trick score (20 a trick in a minor, 30 in a major, 40 + 30 in no trumps, × the
    doubling), a game (trick score ≥ 100: 300 / 500 vulnerable) or part-score (50) bonus, a
    slam bonus (500 / 750, grand 1000 / 1500), 50 for a doubled and 100 for a redoubled
    contract made, and overtricks (trick value; doubled 100 / 200, redoubled twice that).
    Defeated, a negative score: undoubled 50 / 100 a trick; doubled not vulnerable 100, 300,
    500 and 300 more each; doubled vulnerable 200 and 300 more each; redoubled twice doubled.
    """
    per_trick = f"IF({strain}<=2,20,30)"
    trick_score = f"(({per_trick})*{level}+IF({strain}=5,10,0))*{doubling}"
    over = f"({tricks}-{level}-6)"
    down = f"({level}+6-{tricks})"
    made = (
        f"{trick_score}+IF({trick_score}>=100,IF({vulnerable},500,300),50)"
        f"+IF({level}=6,IF({vulnerable},750,500),IF({level}=7,IF({vulnerable},1500,1000),0))"
        f"+IF({doubling}>1,25*{doubling}+{over}*IF({vulnerable},100,50)*{doubling},"
        f"{over}*{per_trick})"
    )
    doubled_down = (
        f"IF({vulnerable},300*{down}-100,100+200*MIN({down}-1,2)+300*MAX({down}-3,0))*{doubling}/2"
    )
    defeated = f"IF({doubling}=1,{down}*IF({vulnerable},100,50),{doubled_down})"
    return f"IF({over}>=0,{made},-({defeated}))"


def ns_sign(declarer: str) -> str:
    """1 when ``declarer`` sits N or S, −1 for E or W: declarer's score × this is NS's."""
    return f'IF(OR({declarer}="N",{declarer}="S"),1,-1)'


# --------------------------------------------------------------------------------------------
# Adjusted scores: A60/40, A6040 (as USEBIO writes it), A+/A-, A=/A=, A-/A+ …


def score_text(cell: str) -> str:
    """The text of an entered score or result, capitals, no spaces, any dash a minus sign."""
    return _substituted(normalised(cell), _DASHES)


def tricks_taken(text: str, level: str) -> str:
    """The tricks a result means, from its text (:func:`score_text`) and the contract's level,
    as :func:`xlbridge.scoring.contract.parse_result` reads it: ``=`` level + 6, ``+N`` and
    ``-N`` (N from 1 to 13, no leading zero) that many over or under, a whole number 0–13
    the tricks themselves. "" for any other text; a number outside 0–13 for an over- or
    undertrick the contract cannot have."""
    digits, sign = f"MID({text},2,9)", f"LEFT({text},1)"
    signed = (
        f"IF({_whole_text(digits)},IF(AND(VALUE({digits})>=1,VALUE({digits})<=13),"
        f'{level}+6+IF({sign}="+",1,-1)*VALUE({digits}),""),"")'
    )
    unsigned = f'IF({_whole_text(text)},IF(VALUE({text})<=13,VALUE({text}),""),"")'
    return f'IF({text}="=",{level}+6,IF(OR({sign}="+",{sign}="-"),{signed},{unsigned}))'


def _whole_text(text: str) -> str:
    """TRUE when ``text`` is a whole number written plainly: digits, no sign, no leading zero."""
    return f'IFERROR(TEXT(VALUE({text}),"0")={text},FALSE)'


def adjusted_part(text: str, side: str) -> str:
    """NS's (``side`` "ns") or EW's ("ew") part of an adjusted score's text: "60", "+" …;
    "" when ``text`` is not "A" and two parts (split at "/", or 2 + 2 digits)."""
    rest = f"MID({text},2,99)"
    slash = f'FIND("/",{rest})'
    if side == "ns":
        by_slash = f"LEFT({rest},{slash}-1)"
        by_digits = f"LEFT({rest},2)"
    else:
        after = f"MID({rest},{slash}+1,99)"
        by_slash = f'IF(LEFT({after},1)="A",MID({after},2,99),{after})'
        by_digits = f"RIGHT({rest},2)"
    return (
        f'IF(LEFT({text},1)<>"A","",IF(ISNUMBER({slash}),{by_slash},'
        f'IF(LEN({rest})=4,{by_digits},"")))'
    )


def adjusted_share(part: str) -> str:
    """The % of the board a part stands for: + 60, = 50, - 40, or one of those numbers (the
    artificial adjusted scores, as every reader of the program takes them); "" when it is
    none of these (A70/30 is refused here as in a traveller file)."""
    number = f"(--{part})"
    written = f'IFERROR({number}&""={part},FALSE)'
    allowed = ",".join(f"{number}={share:g}" for share in ARTIFICIAL_SHARES)
    whole = f'IF({written},IF(OR({allowed}),{number},""),"")'
    formula = whole
    for sign, share in reversed(ADJUSTED_SHARES.items()):
        formula = f'IF({part}="{sign}",{share},{formula})'
    return formula
