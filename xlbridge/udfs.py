"""xlbridge's Excel functions, under the module name that add-in settings give
("UDF Modules" = ``xlbridge.udfs``, and the Lite and Server ``main.py`` files import from it).

The functions live in :mod:`xlbridge.excel.functions`; this module re-exports every one of them.
"""

from xlbridge.excel.functions import *  # noqa: F403  (every Excel function, by its __all__)
from xlbridge.excel.functions import __all__ as __all__
