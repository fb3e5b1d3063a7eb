"""The pre-Qt check that turns Qt's abort into an instruction the user can follow."""

from gui.boot.platform_check import XCB_LIBRARIES, display_problem


def test_no_display_is_explained_in_both_languages():
    message = display_problem({}, "linux")
    assert "Aucun écran" in message and "No display" in message


def test_missing_xcb_libraries_give_the_install_command():
    message = display_problem({"DISPLAY": ":0"}, "linux", lambda so: so != "libxcb-cursor.so.0")
    assert "sudo apt-get install libxcb-cursor0\n" in message + "\n"
    assert "libxcb-icccm4" not in message


def test_nothing_to_say_when_everything_is_there_or_not_linux_or_platform_forced():
    assert display_problem({"DISPLAY": ":0"}, "linux", lambda so: True) is None
    assert display_problem({}, "darwin") is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", lambda so: False) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", lambda so: False) is None
    assert len(XCB_LIBRARIES) == len(set(XCB_LIBRARIES.values()))
