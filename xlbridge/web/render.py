"""The Jinja2 environment of the results pages: templates shipped in ``templates/``, every
value escaped (autoescaping on for every page; only the style sheet, our own text, is not)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import jinja2


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one environment: package templates, autoescaping, no undefined names allowed."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("xlbridge.web", "templates"),
        autoescape=jinja2.select_autoescape(
            disabled_extensions=("css",), default=True, default_for_string=True
        ),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(template: str, common: Mapping[str, object], **context: object) -> str:
    """The page ``template`` filled with ``common`` and ``context``."""
    return environment().get_template(template).render(common, **context)
