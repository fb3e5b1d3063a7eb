"""GUI test fixtures: QSettings kept in the test's own folder, never the user's."""

import pytest
from PySide6.QtCore import QCoreApplication, QSettings


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path):
    """Window geometry, recent files and the language preference go to tmp_path."""
    QCoreApplication.setOrganizationName("EscarmoucheTests")
    QCoreApplication.setApplicationName("Escarmouche")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qs"))
    QSettings().clear()
    yield
    QSettings().clear()
