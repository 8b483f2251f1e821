"""flet.toml run settings and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.__main__ import main
from companion.server.settings import PROJECT_ROOT, SettingsError, load_settings


def test_project_flet_toml_is_read() -> None:
    settings = load_settings(PROJECT_ROOT / "flet.toml")
    assert settings.host == "127.0.0.1"
    assert settings.port == 8550
    assert settings.language == "en"


def test_data_dir_setting(tmp_path: Path) -> None:
    conf = tmp_path / "flet.toml"
    conf.write_text('[server]\nport = 9000\n[app]\ndata_dir = "~/f7"\n')
    settings = load_settings(conf)
    assert settings.port == 9000
    assert settings.resolved_data_dir() == Path("~/f7").expanduser()


def test_built_app_storage_wins_over_platformdirs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    conf = tmp_path / "flet.toml"
    conf.write_text("[server]\nport = 1234\n")
    assert load_settings(conf).resolved_data_dir() == tmp_path


@pytest.mark.parametrize(
    "text", ['[server]\nport = "x"\n', "[server]\nport = 70000\n", "not toml ["]
)
def test_broken_settings_are_a_clear_error(tmp_path: Path, text: str) -> None:
    conf = tmp_path / "flet.toml"
    conf.write_text(text)
    with pytest.raises(SettingsError, match="flet.toml"):
        load_settings(conf)


def test_cli_reports_broken_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conf = tmp_path / "flet.toml"
    conf.write_text("[server]\nport = 70000\n")
    assert main(["--config", str(conf)]) == 2
    assert "out of range" in capsys.readouterr().err


def test_cli_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    assert "--data-dir" in capsys.readouterr().out
