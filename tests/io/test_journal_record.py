"""The journal's bytes, put together around the base64 text, are exactly what the JSON encoder
writes for the same record, so every journal reads back the same (and older journals too)."""

from __future__ import annotations

import base64
import json

from hypothesis import given
from hypothesis import strategies as st

from xlbridge.io.journal import FORMAT_1 as FORMAT
from xlbridge.io.journal import _record

paths = st.text(min_size=1, max_size=40)  # any character: quotes, backslashes, accents, tabs
fingerprints = st.none() | st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)


@given(st.lists(st.tuples(paths, fingerprints, st.binary(max_size=300)), max_size=4))
def test_record_is_the_json_encoders_text(files: list[tuple[str, str | None, bytes]]) -> None:
    encoded = [base64.b64encode(data) for _, _, data in files]
    expected = json.dumps(
        {
            "format": FORMAT,
            "files": [
                {"path": path, "before": before, "data": text.decode("ascii")}
                for (path, before, _), text in zip(files, encoded, strict=True)
            ],
        }
    ).encode("ascii")
    record = _record([f[0] for f in files], [f[1] for f in files], encoded)
    assert record == expected
    back = json.loads(record)["files"]
    assert [base64.b64decode(entry["data"]) for entry in back] == [f[2] for f in files]
