"""The app's run settings: flet.toml, overridden by command-line flags.

Flet does not read flet.toml; this module does, with :mod:`tomllib`. A missing
file means defaults; a broken one is a clear error rather than a silent
fallback, so a typo in the port is noticed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from companion.store.paths import default_data_dir

PROJECT_ROOT = Path(__file__).resolve().parents[2]


class SettingsError(ValueError):
    """flet.toml exists but cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8550
    data_dir: Path | None = None
    language: str = "en"
    # Client addresses that are the host, besides this machine's own (a
    # live table: every other address needs a game's invite).
    trusted: tuple[str, ...] = ()
    # A reverse proxy on this computer forwards each client's address
    # (X-Forwarded-For): judge relayed clients by it. Off: a relayed
    # request is never the host (issue 37).
    trusted_proxy: bool = False

    def resolved_data_dir(self) -> Path:
        """Where games live: explicit setting, a built app's storage, or the
        user's data folder."""
        return default_data_dir(self.data_dir)


def find_settings_file() -> Path | None:
    for candidate in (Path.cwd() / "flet.toml", PROJECT_ROOT / "flet.toml"):
        if candidate.is_file():
            return candidate
    return None


def load_settings(path: Path | None = None) -> Settings:
    path = path or find_settings_file()
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SettingsError(f"Cannot read {path}: {exc}") from exc
    server = data.get("server", {})
    app = data.get("app", {})
    settings = Settings()
    try:
        port = int(server.get("port", settings.port))
    except (TypeError, ValueError) as exc:
        raise SettingsError(f"{path}: [server] port must be a number") from exc
    if not 0 <= port <= 65535:
        raise SettingsError(f"{path}: [server] port {port} is out of range")
    data_dir = str(app.get("data_dir", "") or "")
    trusted = server.get("trusted", [])
    if isinstance(trusted, str):
        trusted = [t for t in trusted.replace(",", " ").split() if t]
    if not isinstance(trusted, list) or not all(isinstance(t, str) for t in trusted):
        raise SettingsError(f"{path}: [server] trusted must be a list of addresses")
    trusted_proxy = server.get("trusted_proxy", False)
    if not isinstance(trusted_proxy, bool):
        raise SettingsError(f"{path}: [server] trusted_proxy must be true or false")
    return replace(
        settings,
        trusted_proxy=trusted_proxy,
        host=str(server.get("host", settings.host)),
        port=port,
        data_dir=Path(data_dir).expanduser() if data_dir else None,
        language=str(app.get("language", settings.language)),
        trusted=tuple(trusted),
    )
