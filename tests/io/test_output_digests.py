"""The files ``xlbridge score`` and ``xlbridge handicap update`` write are byte for byte those
of the byte-level CSV engine they replaced.

The reference is the OLD code: the SHA-256 digests in :data:`EXPECTED` were computed by running
this module as a script (``PYTHONPATH=<old checkout>:tests python tests/io/test_output_digests.py``)
on the code of commit 43acda4, the last one with the hand-written byte-level CSV engine
(``io/plain_fields.py``, ``io/line_bytes.py``, ``io/number_text.py``, ``io/digit_runs.py``),
before it was deleted. They were not produced by the code under test.

The inputs are made here, seeded: travellers and a register with two months of results of
modest size (the test takes seconds), and hand-picked files with semicolons and decimal commas,
a byte-order mark, CRLF line ends, Windows-1252, quotes, text columns (formula-like cells
included), split and weighted scores, blank lines and a carriage return inside a cell. Each
case scores a traveller with every method (and ``--split halves``, ``--expected``), or applies
a month, a second month on top and the first again to a register, and hashes every file
written.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from benchmark_modules import load

from xlbridge.cli.main import main

METHODS = ("mp", "acbl", "percent", "ascherman", "ximp", "butler", "bastille")
SCORE_OPTIONS: dict[str, list[str]] = {
    **{method: ["--method", method] for method in METHODS},
    "halves": ["--split", "halves"],
    "expected": ["--expected", "60"],
    "percent halves 60": ["--method", "percent", "--split", "halves", "--expected", "60"],
}

Writer = Callable[[Path], None]


def _file(text: str, encoding: str = "utf-8", newline: str = "\n", bom: bool = False) -> Writer:
    data = (b"\xef\xbb\xbf" if bom else b"") + text.replace("\n", newline).encode(encoding)
    return lambda path: path.write_bytes(data)


def _plain_traveller(boards: int, tables: int, seed: int) -> Writer:
    rng = np.random.default_rng(seed)
    board = np.repeat(np.arange(1, boards + 1), tables)
    table = np.tile(np.arange(1, tables + 1), boards)
    score = rng.integers(-150, 200, board.size) * 10
    rows = zip(board.tolist(), table.tolist(), score.tolist(), strict=True)
    return _file("board,table,ns_score\n" + "".join(f"{b},{t},{s}\n" for b, t, s in rows))


def _quirky_traveller(boards: int, tables: int, seed: int) -> Writer:
    """Semicolons, decimal commas, split and weighted scores, a text column with cells a
    spreadsheet would take for formulas, quotes, blank lines; a byte-order mark and CRLF."""
    rng = np.random.default_rng(seed)
    names = ["=SUM(A1)", "-Smith", "+1", "@home", "Dupont; Durand", 'say "hi"', "Zoë", " ", ""]
    lines = ["Board;Table;NS score;EW score;Weight;Names"]
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            name = names[int(rng.integers(len(names)))]
            quoted = (
                f'"{name.replace(chr(34), chr(34) * 2)}"' if ";" in name or '"' in name else name
            )
            ns = int(rng.integers(-150, 200)) * 10
            kind = rng.random()
            if kind < 0.1:  # a split score
                ew = -ns + int(rng.integers(-3, 4)) * 10
                lines.append(f"{board};{table};{ns};{ew};;{quoted}")
            elif kind < 0.2:  # an assigned weighted score, two rows
                share = int(rng.integers(1, 10))
                lines.append(f"{board};{table};{ns};;0,{share};{quoted}")
                lines.append(f"{board};{table};{ns + 30};;0,{10 - share};")
            else:
                lines.append(f"{board};{table};{ns};;;{quoted}")
            if rng.random() < 0.02:
                lines.append(";;;;;" if rng.random() < 0.5 else "")
    return _file("\n".join(lines) + "\n", newline="\r\n", bom=True)


TRAVELLERS: dict[str, Writer] = {
    "plain": _plain_traveller(200, 40, seed=3),
    "quirky": _quirky_traveller(60, 12, seed=5),
    "semicolon-comma": _file(
        "Board;Table;NS score;EW score;Weight;Names\n"
        "1;1;420;;;=Smith & Jones\n1;2;-50;;;-Brown\n1;3;400;-420;;@home\n"
        '\n2;1;100;;0,6;"Dupont; Durand"\n2;1;130;;0,4;x\n2;2;-100;;;+1 pair\n2;3;110;;;  \n'
        ';;;;;\n3;1;620;;;"He said ""hi"""\n3;2;600;;;tab\there\n3;3;-100;;;ok\n'
    ),
    "bom-crlf": _file(
        "board,table,ns_score,ew_score,contract\n1,1,420,,4S\n1,2,-50,,4S-1\n"
        "1,3,450,-420,4S+1\n2,1,100,,2N\n2,2,90,,2S\n2,3,-200,,3H-2\n",
        newline="\r\n",
        bom=True,
    ),
    "cp1252": _file(
        "board,table,ns_score,name\n1,1,420,Gérard\n1,2,-50,Zoë\n1,3,300,Müller\n"
        "2,1,100,café\n2,2,140,—\n2,3,-90,naïve\n",
        encoding="cp1252",
    ),
    "tabs": _file(
        "board\ttable\tns_score\tweight\tnote\n1\t1\t420\t0,5\ta,b\n1\t1\t400\t0,5\t\n"
        '1\t2\t-50\t\t"multi\nline"\n1\t3\t170\t\t-x\n2\t1\t100\t\t\n2\t2\t110\t\t\n2\t3\t120\t\t\n'
    ),
    "blank-lines": _file(
        "\n\nboard,table,ns_score\n\n1,1,420\n, ,\n1,2,-50\n1,3,-50\n\n"
        "2,1,100\n2,2,100\n2,3,-100\n\n\n"
    ),
    "quoted-numbers": _file(
        'board,table,ns_score,ew_score\n"1","1","420",""\n1,2,-50,\n'
        '1,3,"−100",\n2,1,100,\n2,2,"-110",110\n2,3,90,"-90"\n'
    ),
    "rescored": _file(
        "board,table,ns_score,ns_mp,ew_mp,extra\n1,1,420,1,2,=a\n1,2,-50,0,1,b\n"
        "1,3,450,2,0,c\n2,1,100,1,1,\n2,2,100,1,1,\n2,3,-100,0,2,\n"
    ),
    "carriage-return-cell": _file(
        'board,table,ns_score,note\n1,1,420,"a\rb"\n1,2,-50,x\n1,3,0,y\n'
        "2,1,100,\n2,2,100,\n2,3,-100,z\n"
    ),
    "decimal-scores": _file(
        "board;table;ns_score\n1;1;420,5\n1;2;-50\n1;3;100,25\n2;1;100\n2;2;1e3\n2;3;-0,0\n"
    ),
}


def _register(players: int, seed: int, semicolons: bool) -> Writer:
    rng = np.random.default_rng(seed)
    handicaps = rng.uniform(-5, 52, players)
    if not semicolons:
        rows = [f"{100_000 + i},{h:.2f}\n" for i, h in enumerate(handicaps.tolist())]
        return _file("id,handicap\n" + "".join(rows))
    rows = []
    for i, h in enumerate(handicaps.tolist()):
        kind = i % 7
        cell = "" if kind == 3 else f"{h:.4f}".replace(".", ",")
        points = f"{i * 3},5" if kind == 3 else ""
        name = ("=" if kind == 5 else "") + f"Spieler {i}" + (";x" if kind == 6 else "")
        rows.append(f'{100_000 + i};"{name}";{cell};{points}\n')
    return _file("Player ID;Name;Handicap;Masterpoints\n" + "".join(rows), "utf-8", "\r\n", True)


def _month(players: int, rows: int, seed: int, prefix: str, month: int) -> Writer:
    rng = np.random.default_rng(seed)
    ids = np.arange(100_000, 100_000 + players + 40)  # a few newcomers too
    name = lambda c: (f"{prefix}{c}", f"2026-{month:02d}-{1 + c % 28:02d}")  # noqa: E731
    return _file(load("bench_handicap").results_text(rng, ids, rows, name))


MONTHS: dict[str, tuple[Writer, list[Writer]]] = {
    "generated": (
        _register(2_000, seed=52, semicolons=False),
        [_month(2_000, 10_000, 1, "c", 11), _month(2_000, 10_000, 2, "d", 12)],
    ),
    "generated-semicolons-bom-crlf": (
        _register(1_000, seed=53, semicolons=True),
        [_month(1_000, 4_000, 3, "c", 11), _month(1_000, 4_000, 4, "=d", 12)],
    ),
    "hand-picked": (
        _file(
            "Player ID;Name;Handicap;Masterpoints;Club\n"
            '1;Anne;12,5;;Nord\n2;Bob;;100;"Sud; Est"\n3;=Chris;-3,25;;@club\n4;Dana;;;\n'
            "\n5;Eve;52;;x\n6;Finn;0;;\n7;Gus;30,123456789;;\n8;Hal;;2500,5;\n",
            newline="\r\n",
            bom=True,
        ),
        [
            _file(
                "competition,date,form,method,boards,played,players,result,datum\n"
                "k1,2026-11-02,pairs,topscore,24,24,1+2,55.5,no\n"
                "k1,2026-11-02,pairs,topscore,24,21,3+4,44.5,no\n"
                "k1,2026-11-02,pairs,topscore,24,24,5+6,50,no\n"
                "k2,2026-11-02,individual,imp,12,12,7,0.5,\n"
                "k2,2026-11-02,individual,imp,12,12,8,-0.5,\n"
                "k3,2026-11-09,team,imp,16,16,1 2 3 4,1.25,no\n"
                "k3,2026-11-09,team,imp,16,16,5/6/7&8,-1.25,no\n"
                "k4,2026-11-01,pairs,topscore,18,18,9+10,60,yes\n"
                "k4,2026-11-01,pairs,topscore,18,18,11+12,40,yes\n"
            ),
            _file(
                "competition,date,boards,players,result\n"
                '"z,1",2026-12-02,24,1+2,55.5\n"z,1",2026-12-02,24,3+4,44.5\n'
                "=z2,2026-12-05,24,1+4,51\n=z2,2026-12-05,24,2+3,49\n"
                "=z2,2026-12-05,24,=new+-new,50\n"
            ),
        ],
    ),
    "cp1252": (
        _file(
            "id,name,handicap\n1,Gérard,10\n2,Zoë,20.5\n3,Müller,\n4,naïve,33\n"
            "5,José,40\n6,Ødegård,\n7,x,1\n8,y,2\n",
            encoding="cp1252",
        ),
        [
            _file(
                "competition,date,boards,players,result\n"
                "k1,2026-11-02,24,1+2,55.5\nk1,2026-11-02,24,3+4,44.5\nk1,2026-11-02,24,5+6,50\n"
                "é1,2026-11-04,24,1+5,61\né1,2026-11-04,24,2+6,39\n"
            ),
            _file(
                "competition;date;boards;players;result\n"
                "k1;2026-11-02;24;1+2;55,5\nk1;2026-11-02;24;3+4;44,5\nk1;2026-11-02;24;5+6;50\n"
                "k9;2026-11-03;24;007+3;52,25\nk9;2026-11-03;24;2+4;47,75\n"
                "k9;2026-11-03;24;99+7;50\n"
            ),
        ],
    ),
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(arguments: list[str]) -> None:
    code = main(arguments)
    assert code == 0, f"xlbridge {' '.join(arguments)} exited {code}"


def score_digests(case: str, folder: Path) -> dict[str, str]:
    """Every scored file of traveller ``case``, by the options it was scored with."""
    traveller = folder / f"{case}.csv"
    TRAVELLERS[case](traveller)
    digests = {}
    for name, options in SCORE_OPTIONS.items():
        scored = folder / f"{case}.{name}.csv"
        _run(["score", str(traveller), *options, "-o", str(scored), "--force"])
        digests[name] = _digest(scored)
    return digests


def handicap_digests(case: str, folder: Path) -> dict[str, str]:
    """The register and history after the first month, the second on top, the first again."""
    make_register, months = MONTHS[case]
    register, history = folder / "players.csv", folder / "players-history.csv"
    make_register(register)
    digests = {}
    for step, make_month in enumerate([*months, months[0]], start=1):
        results = folder / f"results-{step}.csv"
        make_month(results)
        _run(
            ["handicap", "update", "--register", str(register), "--results", str(results)]
            + ["--add-new"]
        )
        digests[f"register {step}"] = _digest(register)
        digests[f"history {step}"] = _digest(history)
    return digests


EXPECTED: dict[str, dict[str, str]] = {  # computed with the OLD code (see the module)
    "score blank-lines": {
        "mp": "8951deb5bb07dace2e8ead306227084c5dae50284c17c3d59d3fc6aacef81583",
        "acbl": "ed5b6fb889fd596450948f575cd62ad9b9ed0256bdb30caccdd30cef6b3f3c9e",
        "percent": "338ee29aaab17be97d9f2c665baf13f1b47f35a8e5aff0d34b57f89fe773ca54",
        "ascherman": "32c01a28885dc0b42ad31359b244fd56fc3d8bd2d0106875009166a609555fae",
        "ximp": "759f79e6d766aaafac3694f465c288c70a91d2e40e254e9b63dde8b9b75a3404",
        "butler": "12151512f5a7e5b8893ba7e5ecd4374146a9aa112a4699f6d7cad411d160f1dd",
        "bastille": "7e21aaaf2a99eaa438d989f2c875b039a6a5c27d4f907e9f68571a0a4c9f02d7",
        "halves": "8951deb5bb07dace2e8ead306227084c5dae50284c17c3d59d3fc6aacef81583",
        "expected": "2e324a2a06b99d476a10d244ff68b2d0923af427358be17ce331ada593fc7c48",
        "percent halves 60": "e7247a008449f34e306db2237b66539c6519abfc6c1cb44e6c064a1ccf27336f",
    },
    "score bom-crlf": {
        "mp": "83ad79898b292a1a513ce1698a2c1805b384d44621827ee48b4cf0016b3f6c30",
        "acbl": "01d8389771792577ccf5f27f4f70006adc765a1a749e52f385b50eaec7352241",
        "percent": "4ac02fb61fccdf2cea84bd669051ceac7d56ee8528f743f4a6c3703df6f39d36",
        "ascherman": "351bb6551bad8ed74e9b9faa631090b6be5f91cc3106f419c83f7571f4a4422a",
        "ximp": "8c085dd77fcaf8071077d9eeab6e2bc0f22c2f1ac674db0407ca619b2a77a085",
        "butler": "a4fd8f67884fb5536b793ef3a0b3529c941fee7d20a8a745d06963f5c2f429f1",
        "bastille": "7a28d782b59cfa521d593285617b11a0c15f569dcd6d78a132d870967a611d87",
        "halves": "47e54fa378a6aa80e79c72d5d5e83034b1ca1f9630a4bde563ae09d2156e5047",
        "expected": "1cc6ef756e683b34fc97011b29ed47bf8033a4d0031dfdc90d9f333c44624b2f",
        "percent halves 60": "a5ccb259bb81293076244a628ebc9c6aa7af1121857b28eba4c8a83b0035fdfd",
    },
    "score carriage-return-cell": {
        "mp": "5157518d3e356b2acf0d5a38225a10871e4eb3194d8f78894f750570b5dc5bf2",
        "acbl": "7686cd7dc006a2e7290bbec8f2d3978fd642455e13ae468096cca6d908fd1a89",
        "percent": "edb08f51f49381d4d73b1bdbabe8427c2032881bdfa0d408449ecb17f2985e34",
        "ascherman": "61ca6746f8fc47aabe626262986ba0cdfa3f3aa2ea900ded5c9a97a060d1bd21",
        "ximp": "a273a6f1b69ef3106e36cba7c9446057e2b9ff7efabeda3f3ca8309e221c61c0",
        "butler": "992a41ae31292e00c5bc2721bef817bcf2c22173333bab6dbf12c70c5edc16c2",
        "bastille": "2ab8259044b09e1b9201baecded360148a7b356826b65074688d0e28cd4201f8",
        "halves": "5157518d3e356b2acf0d5a38225a10871e4eb3194d8f78894f750570b5dc5bf2",
        "expected": "22dc1d752978c6159c0d0895547956bc52ead6512130ce8b6819b3f997f51f70",
        "percent halves 60": "e2cdcffd78f64fdd06876bf05c5083a9f1a8aebd90210240ccaf5e33c4be071d",
    },
    "score cp1252": {
        "mp": "7a1264449680eb5fc67f52b855d7d5f250cdfb6a76ea39bd5ecfe9b5918f6dae",
        "acbl": "f1fcd8c3d5a4baddd53cab6b26f73a43120837781f7df05b1507933b541774fe",
        "percent": "f321605378fee8f2a60d3e5b1ad900faefdebe4f47032332e2a9b98ece135138",
        "ascherman": "7193b4d2e907e00725818c6b8736c2f11cd580a34a22624d783c458677ee196d",
        "ximp": "89e8e2554f9b227c0f0f70d03abc8ac83d49145b1e48b18372aca9a49f1d11b8",
        "butler": "83e3f698206dfdf8b97ec44baa873f2067e84ef5ff4ac1934fb165eb00ada6e1",
        "bastille": "a727f3de64802867390336205ce5e8c50233d2fe3a8b613c09f05afd8408d854",
        "halves": "7a1264449680eb5fc67f52b855d7d5f250cdfb6a76ea39bd5ecfe9b5918f6dae",
        "expected": "b72531b09c466296bfa9e1f109f70a033dc679438527c7b196f458c597c39d9c",
        "percent halves 60": "b23d061404f28bc9be5fa5414017c9a2a76d10a8abf9599c62906cb9eebe722f",
    },
    "score decimal-scores": {
        "mp": "3ee662dad0be21001287163ec19d98dd3d40e4284f04f9b6074eadf2b04bdb57",
        "acbl": "3ee324517a6914d54faea318139ff3081448afe01051f36c4173fdef5a856dce",
        "percent": "e0670c3eabb3eeadb4ce8b7b0c4105e32e8f42ea33176a0b51d9d88c76cca2b6",
        "ascherman": "1395a78b5d0f06973cf355192b65201e87a11a90258b47d838bd552352bb6001",
        "ximp": "fce157e14cce2aa36835932bb83855d37f11f4eb7c636fea74a178e8636bd3ce",
        "butler": "2a339707011683093c13fb986c8363e9e5a7f77fa27331067b91a59440276208",
        "bastille": "340eccdb86fec2f40cd36ae2bfe59fbecd91ea9193c10a5ad46e5af84621002c",
        "halves": "3ee662dad0be21001287163ec19d98dd3d40e4284f04f9b6074eadf2b04bdb57",
        "expected": "614d963784b82160f9dfbad7998d1f8e3817f3ff0e35a92283811aa661fa723d",
        "percent halves 60": "c7e0b03702a1ab0b96faed0de88063490944f1ed98e0d8ce4707b9b404a388c3",
    },
    "score plain": {
        "mp": "b9ba77e3639ac876470a5daf4312fa951a01b72f2567e41d359e363d3f9d274a",
        "acbl": "a0009d7fe94ebfe9e18b1fb90f98a34d5c4ad1d3c185a2e09ae4f23584b67297",
        "percent": "3f53e122ba67c3403434dbac43d33e948a485472d22cf4ec93fe002930f699bc",
        "ascherman": "201b8d9bf1b16014744e2f29facc37ec6646d93906a00abed260c932851dfbdd",
        "ximp": "fc29a918dc348b93a91f2007ec9c98cd7e4786f322ea1a970f12457e2948fe4a",
        "butler": "b5d57ce2db335d624857d3688a3c9a8f01daee42440e93d368fe2caf24e6cccf",
        "bastille": "005df8af799d4a5b7a9b088053e8b72e4dbe701cf0d5f394983cd68ad12efc3c",
        "halves": "b9ba77e3639ac876470a5daf4312fa951a01b72f2567e41d359e363d3f9d274a",
        "expected": "ebc1548a7ee7ca46f923ff4d252de72c3ff071f31249d06a764c7695d26fe915",
        "percent halves 60": "de5e0b2a462af4c984e086abf2a7b4bc02a9909d5be48dfbbf0105b0d260f486",
    },
    "score quirky": {
        "mp": "7f020fdec5f0ed815c5d14b27e188b4438372bedd1eb4ee099e480303dbc8486",
        "acbl": "cda803674cf41994a530197d30e5c0c14df10e8eda2a316ed86d11dcdb8d4fd4",
        "percent": "4c52e402b1115c293b19f29e889ab19d9d50462851137d70931dcecb11f3a217",
        "ascherman": "1f5961a7d359481ec996a5163a1f4a840075bd0c2a7e78f7da8af9e789effc75",
        "ximp": "c6af1ffa2cde18b86257baf80ae2f267cffc32c1a2504a29411082715e599529",
        "butler": "0f01fcec051ca46d739ee970b8393fa81cc881794e486a18b20738a06ab6426c",
        "bastille": "4228ce47ee7fb32492a746e54a99b9b90974f95874fe4853d12778309a6657de",
        "halves": "0d019c2766147f6a39c307470f032f8fa3685aeb8defeb7804bb2dc3fee08f54",
        "expected": "f6013fcdfdea403302092d78688fee786255a2b9261bad09a4f2f3acb6047d30",
        "percent halves 60": "52695dadfb02b49fbc473175a283b8dceff2f3306e5495439e4bd653e90aefe2",
    },
    "score quoted-numbers": {
        "mp": "f2a2485bbb387c2bee0fd0abfdff3a399e7fd832d454f9d1f88718df3dbae1b7",
        "acbl": "46845af858da5ea403f349f379758adea7dbf379c4e04d44c00fed4f7be80629",
        "percent": "f304fdc4d27c255f71e4545e8de962a0041cb23eb811351ce0c1dbf809a70f7d",
        "ascherman": "d2f153a5fa2e61f5dc26ca11e5ed23d867e10c85940cf8b4b2ec20602f7c60c7",
        "ximp": "36b6892c05f27228969398828aa4647600e59d05eae03af61a0bc7eeff10a905",
        "butler": "bb2292ddb5ec8916b8ecf84d186fb9cf7286d732a165b2717512318388893788",
        "bastille": "6ab6b6d38eb9b554c094288b7ae483a38ed10382a64976874a8f2c60a17ec372",
        "halves": "f2a2485bbb387c2bee0fd0abfdff3a399e7fd832d454f9d1f88718df3dbae1b7",
        "expected": "9e758a58f23a58804342964117945de0a041fef85dafed5857d7235b76b4ea00",
        "percent halves 60": "c55c15cb29fb05bcef77f130bf6b799a21ae135f6ce13006d914473ca2531e34",
    },
    "score rescored": {
        "mp": "8fc4bb313a8a1864c54210019a1460535fcb1862aed4479ac4caa655eda227d2",
        "acbl": "7de56e1607cfc3064f71892f4e7c4055005e032e50396555fd2802ea827c8572",
        "percent": "4e2e74dd98020a77a30dbcd61b7b937cdd0fa0fc3ebcc85df24d93597a90b0cd",
        "ascherman": "1d88e1573d07621827e7beb98788b491c07412fca032052787f1fd09097cfb1c",
        "ximp": "8848a1a24deb1b8cd65a8b0ead825b8872cd7235c106a2378cebe73c3bfc70e4",
        "butler": "745aa4031b6d515336d8730d4576c815fb6aad0211ef7a45618639bc287dce40",
        "bastille": "0f9d368924c6528948e84f1aefd8bd278719b51afbbc945bca0bba324a2b4d66",
        "halves": "8fc4bb313a8a1864c54210019a1460535fcb1862aed4479ac4caa655eda227d2",
        "expected": "b6307e08b2dc2d817ccdddea4bca91c72fa19a391f010d9a0967c580dc317501",
        "percent halves 60": "20873b05abf4083c00198a9504ba4e86253ee8aa1259ce5e49f490ed6574cb78",
    },
    "score semicolon-comma": {
        "mp": "6dbd4bbea6280f0ad1697a5ce2afc06f6f1ce927f2e1d53a61519e7a02dafcb0",
        "acbl": "bca76e56dfa6aebc0dec5763026e4bcefd8a60dfaef97d16240ece2a3fe54ed6",
        "percent": "eb5da8534f57f99a42371dfbb27716098f6c1f4edb797bd99715fa4dd3d1c716",
        "ascherman": "5b0c30ac31a3e7324b70e04d4b71901fe2fa065a042c2e5f3cfee43b36ed3927",
        "ximp": "d92f7ee34da99fca6a14045b104bd9dcc81ad44ebeb04de480eef89939c9871c",
        "butler": "60054c148298ac2741fc2cbdf8d3dd400e7768ac6fba46f5024acf72733cf70a",
        "bastille": "0df31759fba0bb9b4c77b8c31f64b5f6b377ddb7cf309d4bb6eb1e45c19361b7",
        "halves": "10019e4fa97c1c81adfcc460e1712db598eb5f4b65e347142879282fdbd71254",
        "expected": "f172c685a12b9576e0417add2ac4bb52ba4944cdfe421dad2bc3cbb402c42337",
        "percent halves 60": "d70da4772418987881065ece3bf3635d10fbf0659f117a0861418c08ea13c0bc",
    },
    "score tabs": {
        "mp": "af80cf943ff60285f19e537f072fa8100cc789b3ef62d541bae14c11bbdb4a02",
        "acbl": "6869b036538cf1da436391d04f3b1a01d08240146f94a607a12a9e3edf6500fa",
        "percent": "58bededaa09fbb401dc6bf0592c97002c29e1f4ded148e9648c2026c778c4b9a",
        "ascherman": "f0c76709cc48996512de4e845b9ea131613fa2ae214f77ddc99f75e1f5cfabbc",
        "ximp": "685b6f62881ff2d5f823c7b24ca89fab54d6f3d5a76f3420339a554236a33fb9",
        "butler": "4469528dce8fc90931b5f9971637318d063a981cde9f01fd3904371b946b9e8f",
        "bastille": "2e661410656baa5aeb68d5d8dc2c5cb570807473eb27bd85532e29398e7f27ba",
        "halves": "af80cf943ff60285f19e537f072fa8100cc789b3ef62d541bae14c11bbdb4a02",
        "expected": "a57f4fc4d3f1ffebccde580832497e3f8daf064512428d11b920899a8475cc3d",
        "percent halves 60": "a2bb3b15c3a0edb62f91c8b4f912d6cabca3f5d7b332b6fb222c4c4e49a1ee79",
    },
    "handicap cp1252": {
        "register 1": "2e7457fa12d8b127d824ff2add5b2f6f652b8b721f27bdf72a0a1f63bc52b9a3",
        "history 1": "ca9ba33e4447615f5b863b31a015f75c0194a980b7d023abb55f220a5fd2630e",
        "register 2": "7f4fe2d93c6db3b314dbe6e8760eaa1c328e22613d5ba9eb7440987e15576626",
        "history 2": "9cf842276831d262df04acda1cd07d0525fe1ed072b88653952ff4f7c86bc917",
        "register 3": "7f4fe2d93c6db3b314dbe6e8760eaa1c328e22613d5ba9eb7440987e15576626",
        "history 3": "9cf842276831d262df04acda1cd07d0525fe1ed072b88653952ff4f7c86bc917",
    },
    "handicap generated": {
        "register 1": "d26c12ede81eb7063deda1c169550c129375322bf0145fedf0586b464f42d07b",
        "history 1": "9b147152b190f10fdce23f876420916334e1c4ffa4333b421e13cda7722e896d",
        "register 2": "0586336993e4673e316ac70e89b2a6399eef6f62cbc00b449dced19f0a9aa778",
        "history 2": "b4c4ee38b05c1e64c4780056a3295887af1dd506ed83e4cbf7b64cf52f25694f",
        "register 3": "0586336993e4673e316ac70e89b2a6399eef6f62cbc00b449dced19f0a9aa778",
        "history 3": "b4c4ee38b05c1e64c4780056a3295887af1dd506ed83e4cbf7b64cf52f25694f",
    },
    "handicap generated-semicolons-bom-crlf": {
        "register 1": "6a4dbaf7e19dfe9f0841227b3370e509f4b10eb1737b5fcf00069ce348b4368a",
        "history 1": "e80bcfeb31aecee980d674ae28382e1f5341769edb2da2b4a817cfb66705a35f",
        "register 2": "94f8c650556bb6b34df8badb8020603584fd98fb730bdef4778ab22202ea6ba5",
        "history 2": "c9e1f9b414d1d62ecb85a52d2c1e893c9b84e9a5d80300b9be0fb8c9b740776f",
        "register 3": "94f8c650556bb6b34df8badb8020603584fd98fb730bdef4778ab22202ea6ba5",
        "history 3": "c9e1f9b414d1d62ecb85a52d2c1e893c9b84e9a5d80300b9be0fb8c9b740776f",
    },
    "handicap hand-picked": {
        "register 1": "3ea85291dea8406db190b43edfc0c8afef2062a0c51f42be10a8b62beb3d52af",
        "history 1": "b9682b06d587b81a9ec7dd460eeadfbe7c7aaef27db4d03612126298c6b54766",
        "register 2": "d2df327730bb5482d2bd77b0056749dc427191ef1c63ba6d482c0ddfcc6aa1ba",
        "history 2": "59589fe52c8ee9eb586b99e3c52b0f28bccff0e52a0aa6a2c6881c491bc6c072",
        "register 3": "d2df327730bb5482d2bd77b0056749dc427191ef1c63ba6d482c0ddfcc6aa1ba",
        "history 3": "59589fe52c8ee9eb586b99e3c52b0f28bccff0e52a0aa6a2c6881c491bc6c072",
    },
}


@pytest.mark.parametrize("case", sorted(TRAVELLERS))
def test_scored_files_are_the_old_engines(case: str, tmp_path: Path, capsys) -> None:
    assert score_digests(case, tmp_path) == EXPECTED[f"score {case}"]


@pytest.mark.parametrize("case", sorted(MONTHS))
def test_register_and_history_are_the_old_engines(case: str, tmp_path: Path, capsys) -> None:
    assert handicap_digests(case, tmp_path) == EXPECTED[f"handicap {case}"]


def test_the_digests_are_of_distinct_files() -> None:
    """A case whose outputs all hash alike (nothing written, say) would prove nothing."""
    for case, digests in EXPECTED.items():
        assert len(set(digests.values())) > 1, case


if __name__ == "__main__":  # prints the digests of whichever xlbridge is importable
    import json
    import tempfile

    found = {}
    with tempfile.TemporaryDirectory() as name:
        for case in sorted(TRAVELLERS):
            (Path(name) / case).mkdir()
            found[f"score {case}"] = score_digests(case, Path(name) / case)
        for case in sorted(MONTHS):
            (Path(name) / f"m-{case}").mkdir()
            found[f"handicap {case}"] = handicap_digests(case, Path(name) / f"m-{case}")
    print(json.dumps(found, indent=4), file=sys.stdout)
