"""The printable results pack of a pairs session: ranking, travellers and personal score cards.

:func:`build_results_pack` (in :mod:`.pack`) builds it; :mod:`.ranking` and :mod:`.boards` write
its sheets on the pieces of :mod:`.context`, :mod:`.sheet`, :mod:`.page` and :mod:`.hands`.
"""

from xlbridge.workbooks.results_pack.pack import build_results_pack

__all__ = ["build_results_pack"]
