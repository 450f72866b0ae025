"""What a candidate's tests do to files outside the project: the evidence that a patch does harm.

A patch that passes the tests can still delete the user's data when the user runs them: the
world's private home absorbs a delete during validation, the user's real home does not. So each
child's run is watched in two ways, and the engine compares what it saw with what the unpatched
code's runs did in the same world (src/core/validate/effects.ts):

- the world's walk (world.py) names the entries that existed before the candidate ran, in the
  private home and the sandbox's scratch folders, that it deleted, truncated or rewrote;
- an audit hook (PEP 578) in the child sees the interpreter's own file operations everywhere
  else: deleting, renaming over, truncating or opening for writing a file or folder that exists
  outside the world. Those are refused, as the sandbox's read-only filesystem refuses them (new
  files and folders there too), so that without a sandbox the validator's own run damages
  nothing either; what the tests' subprocesses do there is not seen (the sandbox stops it;
  without one the report says so).
  The hook also sees calls on the private home that find nothing there where the user's home
  has the file (the private home mirrors only part of it, and without the sandbox none).

The world's own folders (the workspace copy, its temp folders and pytest's basetemp) are the
candidate's to change: what happens there is put back and is nobody's loss.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any, Dict, List, Optional, Tuple

from .wire import Effect, EffectKind, EffectWatchSpec

# At most this many effects are kept per child: a test that empties a folder names each file.
MAX_EFFECTS = 20

# Kernel interfaces, not files anybody keeps.
_SYSTEM = ("/dev", "/proc", "/sys")

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_TRUNC | os.O_APPEND


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class Watch:
    """Names paths the way the report shows them, and says which changes to them are harm."""

    def __init__(self, spec: EffectWatchSpec) -> None:
        self.own = [os.path.realpath(folder) for folder in spec["own"]]
        self.home = os.path.realpath(spec["home"])
        self.scratch = [os.path.realpath(folder) for folder in spec["scratch"]]
        self.real_home = None if spec["realHome"] is None else os.path.realpath(spec["realHome"])

    def walked_name(self, path: str) -> Optional[str]:
        """The shown name of a path the world's walk watches (the private home, the scratch
        folders); None elsewhere."""
        real = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
        if _inside(real, self.home):
            return "~" + real[len(self.home) :]
        return real if any(_inside(real, folder) for folder in self.scratch) else None

    def harm(self, path: str, follow: bool) -> Tuple[Optional[str], bool]:
        """The shown name of what changing ``path`` would harm (None where nothing that was there
        is lost), and whether to refuse the change: everywhere outside the world's own folders,
        the walked ones and kernel interfaces, as the sandbox's read-only filesystem would, new
        files included. ``follow``: the call follows a last link (open does, remove does not)."""
        absolute = os.path.abspath(path)
        real = (
            os.path.realpath(absolute) if follow else os.path.join(os.path.realpath(os.path.dirname(absolute)), os.path.basename(absolute))
        )
        if any(_inside(real, folder) for folder in self.own + self.scratch + [*_SYSTEM]):
            return None, False
        if _inside(real, self.home):
            # The private home lacks most of the user's (without the sandbox, all of it): a call
            # that finds nothing here would find the user's file at home.
            if os.path.lexists(real) or self.real_home is None:
                return None, False
            twin = self.real_home + real[len(self.home) :]
            return ("~" + real[len(self.home) :], False) if os.path.lexists(twin) else (None, False)
        if not os.path.lexists(real):
            return None, True
        if self.real_home is not None and _inside(real, self.real_home):
            return "~" + real[len(self.real_home) :], True
        return real, True


class Recorder:
    """The effects one child saw, each path once, in the order they happened."""

    def __init__(self) -> None:
        self.seen: Dict[str, EffectKind] = {}
        # Off between candidates where they run in the worker itself: its own work is no candidate's.
        self.watching = True

    def add(self, path: str, kind: EffectKind) -> None:
        if path not in self.seen and len(self.seen) < MAX_EFFECTS:
            self.seen[path] = kind

    def effects(self) -> List[Effect]:
        return [{"path": path, "kind": kind} for path, kind in self.seen.items()]


def merged_effects(first: List[Effect], second: List[Effect]) -> List[Effect]:
    """Both lists' effects, each path once (the first list's word for it), within the bound."""
    recorder = Recorder()
    for effect in first + second:
        recorder.add(effect["path"], effect["kind"])
    return recorder.effects()


def _path_of(value: Any, dir_fd: Any) -> Optional[str]:
    """The path an audited call names, resolved against its dir_fd where it has one; None for an fd."""
    if isinstance(value, int) or value is None:
        return None
    try:
        text = os.fsdecode(os.fspath(value))
    except TypeError:
        return None
    if isinstance(dir_fd, int) and dir_fd >= 0 and not os.path.isabs(text):
        try:
            return os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), text)
        except OSError:
            return None
    return text


def _touched(event: str, args: Tuple[Any, ...]) -> List[Tuple[Optional[str], Optional[EffectKind], bool]]:
    """The paths an audited event would change, what it would do to one that exists (None: it
    only makes new ones), and whether it follows a last link."""
    if event == "open":
        path, _mode, flags = args
        if not isinstance(flags, int) or not flags & _WRITE_FLAGS:
            return []
        return [(_path_of(path, None), "truncated" if flags & os.O_TRUNC else "rewritten", True)]
    if event in ("os.remove", "os.rmdir", "shutil.rmtree"):
        # shutil.rmtree's event has no dir_fd before Python 3.11.
        return [(_path_of(args[0], args[1] if len(args) > 1 else None), "deleted", False)]
    if event == "os.rename":
        return [(_path_of(args[0], args[2]), "deleted", False), (_path_of(args[1], args[3]), "rewritten", False)]
    if event == "os.truncate":
        return [(_path_of(args[0], None), "truncated", True)]
    if event == "os.mkdir":
        return [(_path_of(args[0], args[2]), None, False)]
    return []


_EVENTS = frozenset(("open", "os.remove", "os.rmdir", "shutil.rmtree", "os.rename", "os.truncate", "os.mkdir"))


def install_hook(watch: Watch, recorder: Recorder) -> None:
    """Refuses and records, in this process from now on, changes to existing files outside the
    world while ``recorder.watching`` (audit hooks cannot be removed)."""

    def hook(event: str, args: Tuple[Any, ...]) -> None:
        if event not in _EVENTS or not recorder.watching:
            return
        refused: Optional[str] = None
        try:
            for path, kind, follow in _touched(event, args):
                name, refuse = (None, False) if path is None else watch.harm(path, follow)
                if kind is None and name is not None:
                    return  # making what exists fails by itself, and loses nothing
                if name is not None and kind is not None:
                    recorder.add(name, kind)
                if refuse:
                    refused = path
                    break
        except Exception:  # noqa: BLE001 - the watch must never break the call it watches
            return
        if refused is not None:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), refused)

    sys.addaudithook(hook)
