"""The static results site: Jinja2 templates (autoescaped) and their writers.

:func:`xlbridge.web.site.write_site` writes a pairs session's ranking, boards and score cards;
:func:`xlbridge.web.standings.write_standings` a team event's standings.
"""
