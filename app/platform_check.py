"""Tell a Linux newcomer what is missing before Qt fails with a cryptic message.

Qt's ``xcb`` platform (a real X11 window) needs a few system libraries that a fresh Debian or
Ubuntu lacks; without a display at all, there is nothing to draw on.
"""

from __future__ import annotations

import ctypes.util
import os
import sys

XCB_LIBRARIES = {  # library name for find_library -> Debian package
    "xcb-cursor": "libxcb-cursor0", "xcb-icccm": "libxcb-icccm4", "xcb-keysyms": "libxcb-keysyms1",
    "xcb-image": "libxcb-image0", "xcb-render-util": "libxcb-render-util0",
    "xkbcommon-x11": "libxkbcommon-x11-0", "EGL": "libegl1", "fontconfig": "libfontconfig1",
}


def display_problem(environ=os.environ, find_library=ctypes.util.find_library) -> str | None:
    """A message saying what to install or set, or None when Qt should start.

    >>> display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    True
    """
    if not sys.platform.startswith("linux"):
        return None
    platform = environ.get("QT_QPA_PLATFORM", "")
    if platform.startswith(("offscreen", "minimal", "vnc")):
        return None
    if not platform and not environ.get("DISPLAY") and environ.get("WAYLAND_DISPLAY"):
        return None  # Qt picks Wayland on its own
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return ("No display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                "Run the workbench in a desktop session, or on a virtual screen:\n"
                "    sudo apt-get install xvfb && xvfb-run -a make run\n"
                "or headless (nothing is shown): QT_QPA_PLATFORM=offscreen make run")
    if platform and platform != "xcb":
        return None
    missing = [pkg for lib, pkg in XCB_LIBRARIES.items() if not find_library(lib)]
    if missing:
        return ("Qt needs system libraries to open a window on X11 that are not installed:\n"
                f"    sudo apt-get install {' '.join(missing)}\n"
                "(Debian/Ubuntu package names.) Then run `make run` again.")
    return None
