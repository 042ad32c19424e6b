"""Every Excel function: what xlwings lists, what it serves under the module name that add-in
settings give, and that every argument reads Excel error cells as text."""

from __future__ import annotations

import inspect


def test_metadata_lists_functions_with_help_and_design_arguments(udfs) -> None:
    from xlwings.server import custom_functions_meta

    meta = {f["name"]: f for f in custom_functions_meta(udfs)["functions"]}
    expected = {
        "VPSCALE": ["boards", "k", "form", "vp_total", "negative", "rounding", "tables", "bounds"],
        "VP": ["margin", "boards", "k", "form", "vp_total", "negative", "rounding"]
        + ["tables", "bounds"],
        "VP_WBF": ["margin", "boards", "discrete"],
        "IMPS": ["points"],
    }
    for name, params in expected.items():
        assert [p["name"] for p in meta[name]["parameters"]] == params
        assert meta[name]["description"] and "Python function" not in meta[name]["description"]
        assert all(p["description"] for p in meta[name]["parameters"])
    assert [p.get("optional", False) for p in meta["VP"]["parameters"]] == [False, False] + [
        True
    ] * 7


def test_the_module_add_in_settings_name_serves_every_function(udfs) -> None:
    """Users' add-in settings name ``xlbridge.udfs``: xlwings finds every function there, the
    very objects of :mod:`xlbridge.excel.functions`."""
    from xlwings.server import custom_functions_meta

    import xlbridge.udfs as named

    listed = {f["name"] for f in custom_functions_meta(named)["functions"]}
    assert listed == set(udfs.__all__) == set(named.__all__)
    assert len(listed) >= 19
    assert all(getattr(named, name) is getattr(udfs, name) for name in listed)


def test_every_excel_function_is_served_and_reads_error_cells_as_text(udfs) -> None:
    """Every Excel function of every module of xlbridge.excel is in the __all__ of
    xlbridge.excel.functions (xlwings serves no other), and reads each of its arguments with
    err_to_str, so that an Excel error cell reaches it as "#N/A", not as a blank."""
    import importlib
    import pkgutil

    import xlbridge.excel as package

    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found.update({n: f for n, f in vars(module).items() if hasattr(f, "__xlfunc__")})
    assert sorted(found) == sorted(udfs.__all__)
    for name, function in found.items():
        options = [argument["options"] for argument in function.__xlfunc__["args"]]
        assert len(options) == len(inspect.signature(function).parameters), name
        assert all(option.get("err_to_str") is True for option in options), name
