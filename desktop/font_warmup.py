"""Fontconfig's set-up run on the second core while a window command imports its code.

The first text a Qt window measures makes Qt's font database call fontconfig's
``FcInit``: fontconfig parses its XML configuration and reads the cache of every font
folder, some 24 million instructions, 5-7 ms of opening a file on Linux (issue 17), all
on the main thread, after the Python imports. ``start`` runs ``FcInit`` in a thread of
its own as soon as a window command starts; the call releases the interpreter's lock,
so it runs beside the imports. When Qt calls ``FcInit`` itself, fontconfig finds its
configuration loaded and returns at once: the same configuration, from the same files
and environment, in the same library (loaded by its name, as Qt's own library loads
it). ``wait`` is called before the application object is made, so that Qt never builds
a second configuration beside this one (fontconfig would keep one and drop the other:
correct, but twice the work).

No fontconfig (Windows, macOS) or no ``_ctypes``: nothing happens, and Qt does the work
as before. The thread is made with ``_thread`` and calls the library through
``_ctypes``: importing ``threading`` and ``ctypes`` would cost the main thread more than
the thread saves.
"""

from __future__ import annotations

import _thread
import os
import sys

LIBRARY = "libfontconfig.so.1"
"""The library Qt's own (libQt6Gui) loads on Linux, by this name."""

_done: _thread.LockType | None = None
_result: list[bool] = []
"""``[True]`` once ``FcInit`` has run and succeeded, ``[False]`` if it could not run."""


def start(library: str = LIBRARY) -> None:
    """Run fontconfig's ``FcInit`` in a thread of its own (once; on Linux only)."""
    global _done
    if _done is not None or not sys.platform.startswith("linux"):
        return
    _done = _thread.allocate_lock()
    _done.acquire()
    _thread.start_new_thread(_run, (library, _done))


def wait() -> bool:
    """Wait for ``start``'s thread (at once if none was started); whether fontconfig is
    set up by it."""
    if _done is not None:
        with _done:
            pass
    return _result == [True]


def _run(library: str, done: _thread.LockType) -> None:
    try:
        _result.append(_fc_init(library))
    except Exception:  # no fontconfig, or no _ctypes: Qt sets it up as before
        _result.append(False)
    finally:
        done.release()


def _fc_init(library: str) -> bool:
    import _ctypes

    class _Bool(_ctypes._SimpleCData):  # fontconfig's FcBool, an int
        _type_ = "i"

    class _Function(_ctypes.CFuncPtr):
        _flags_ = _ctypes.FUNCFLAG_CDECL  # a C call: the interpreter's lock is released
        _restype_ = _Bool

    handle = _ctypes.dlopen(library, os.RTLD_LAZY | os.RTLD_LOCAL)
    return bool(_Function(_ctypes.dlsym(handle, "FcInit"))())
