"""Setting up: compiling the catalogues, collecting static files once, probing services."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bridgescore.core.errors import BridgeError
from bridgescore.web import service_check, setup

# Without msgfmt the catalogues are compiled in Python: tests/web/test_assets.py.


def test_a_broken_catalogue_is_refused_with_its_name(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "django.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  '#, python-format\nmsgid "Hello %(name)s"\nmsgstr "你好 %(nom)s"\n',
                  encoding="utf-8")
    monkeypatch.setattr(setup, "catalogues", lambda: [po])
    with pytest.raises(BridgeError, match=r"django\.po"):
        setup.compile_catalogues()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_services_are_named_with_how_to_start_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    port = _closed_port()
    pg, redis = f"postgres://postgres@127.0.0.1:{port}/test", f"redis://127.0.0.1:{port}/0"
    assert service_check.main([pg, redis]) == 1
    err = capsys.readouterr().err
    assert f"PostgreSQL at {pg} is not reachable" in err
    assert f"Redis at {redis} is not reachable" in err
    assert err.count("start it with:") == 2
    assert "cannot run here" in err
    assert service_check.main([pg]) == 2


def test_static_files_are_collected_again_only_when_they_change(tmp_path: Path) -> None:
    from django.test import override_settings

    with override_settings(STATIC_ROOT=tmp_path):
        assert setup.collect_static() is True
        assert (tmp_path / "bridgescore" / "site.css").is_file()
        assert (tmp_path / "htmx.org" / "htmx.min.js").is_file()
        assert setup.collect_static() is False
        (tmp_path / ".bridgescore-collected").write_text("something else\n", encoding="ascii")
        assert setup.collect_static() is True
