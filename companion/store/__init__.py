"""TinyDB persistence behind a small repository API (no Flet here).

``GameStore(default_data_dir(...))`` keeps one index plus one atomically
written file per game; ``GameStore.memory()`` is the same API without a disk.
``lock_folder`` keeps one app process per data folder (see :mod:`.lock`).
"""

from .games import KEEP, GameNotFound, GameStore, StoreReadOnly, utc_now
from .lock import LOCK_NAME, FolderInUse, FolderLock, Holder, lock_folder
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
    "LOCK_NAME",
    "AtomicJSONStorage",
    "CorruptFileError",
    "DocumentError",
    "FolderInUse",
    "FolderLock",
    "GameNotFound",
    "GameRecord",
    "GameStore",
    "GameSummary",
    "Holder",
    "JSONDict",
    "MemoryJSONStorage",
    "NewerDocumentError",
    "StoreReadOnly",
    "default_data_dir",
    "lock_folder",
    "read_blob",
    "utc_now",
]
