"""The version of xlbridge: written here once, read by the package metadata (pyproject.toml),
``xlbridge --version``, the files we write (USEBIO, PBN) and the add-in installer."""

__version__ = "0.1.0"
