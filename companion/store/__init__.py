"""TinyDB persistence behind a small repository API (no Flet here).

``GameStore(default_data_dir(...))`` keeps one index plus one atomically
written file per game; ``GameStore.memory()`` is the same API without a disk.
"""

from .games import KEEP, GameNotFound, GameStore, StoreReadOnly, utc_now
from .paths import APP_NAME, ENV_FLET_DATA, default_data_dir
from .records import GameRecord, GameSummary, JSONDict
from .storage import (
    AtomicJSONStorage,
    CorruptFileError,
    DocumentError,
    MemoryJSONStorage,
    NewerDocumentError,
    read_blob,
)

__all__ = [
    "APP_NAME",
    "ENV_FLET_DATA",
    "KEEP",
    "AtomicJSONStorage",
    "CorruptFileError",
    "DocumentError",
    "GameNotFound",
    "GameRecord",
    "GameStore",
    "GameSummary",
    "JSONDict",
    "MemoryJSONStorage",
    "NewerDocumentError",
    "StoreReadOnly",
    "default_data_dir",
    "read_blob",
    "utc_now",
]
