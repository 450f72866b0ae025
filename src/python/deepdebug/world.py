"""A clean world per candidate: the files a candidate can write are put back after it ran.

The validation worker forks one child per candidate, so Python-level state starts fresh for
each; files do not. Whatever a candidate writes (a folder in its private home, a cache file or
a sqlite database in the workspace copy, a file in the temp folder) would otherwise be there
for the next candidate of the same worker, and could make a wrong patch pass or a right one
fail. So the worker records its writable trees once, after collection and before the first
candidate (the state every candidate must start from), and after each candidate walks them
again: what is new is removed, what changed or disappeared is restored.

A file is unchanged when its inode, size, mode, mtime and ctime are: ctime cannot be set by a
process, and any write, rename or chmod moves it. Bytes to restore come from the pristine copy
of the workspace where the recorded file is identical to it (nothing to copy at start), else
from a backup made when recording.

The walk also says what a candidate did to entries that were there before it ran in the watched
folders (the private home, the sandbox's scratch folders): deleted, truncated or rewritten
(effects.py); what the workspace copy and the temp folders go through is nobody's loss.

The roots come from the JSON in DEEPDEBUG_WORLD (``wire.WorldSpec``: ``pristine`` is the folder
holding the same tree as it was copied, or null; ``watch`` the folders whose losses count).
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import stat
from typing import Dict, List, Optional, Tuple

from .effects import Recorder, Watch
from .wire import Effect, EffectKind, WorldSpec

WORLD_ENV = "DEEPDEBUG_WORLD"

# kind ("d", "f", "l", "o"), then what identifies the entry's state for that kind.
Signature = Tuple[object, ...]


class WorldError(Exception):
    """The world could not be put back: the worker must not run another candidate in it."""


def signature(st: os.stat_result, path: str) -> Signature:
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        return ("d", stat.S_IMODE(mode))
    if stat.S_ISREG(mode):
        return ("f", st.st_ino, st.st_size, stat.S_IMODE(mode), st.st_mtime_ns, st.st_ctime_ns)
    if stat.S_ISLNK(mode):
        return ("l", os.readlink(path))
    return ("o", stat.S_IFMT(mode), st.st_ino, st.st_ctime_ns)


class Entry:
    """One recorded path: its signature, the file to restore its bytes from (files), its
    children (folders) and its timestamps."""

    __slots__ = ("sig", "source", "children", "atime_ns", "mtime_ns")

    def __init__(self, sig: Signature, st: os.stat_result) -> None:
        self.sig = sig
        self.source: Optional[str] = None
        self.children: Optional[Dict[str, "Entry"]] = {} if sig[0] == "d" else None
        self.atime_ns = st.st_atime_ns
        self.mtime_ns = st.st_mtime_ns


class World:
    def __init__(self, roots: List[Tuple[str, Optional[str]]], backup: str, watch: Optional[Watch] = None) -> None:
        self.backup = backup
        self.watch = watch
        self.recorder = Recorder()
        self.copied = 0
        self.roots: List[Tuple[str, Entry]] = []
        for root, pristine in roots:
            st = os.lstat(root)
            entry = Entry(signature(st, root), st)
            if entry.children is None:
                raise WorldError(f"not a folder: {root}")
            self._record(root, pristine, entry)
            self.roots.append((root, entry))

    @classmethod
    def from_environment(cls) -> "World":
        spec: WorldSpec = json.loads(os.environ[WORLD_ENV])
        return cls([(r["path"], r["pristine"]) for r in spec["roots"]], spec["backup"], Watch(spec["watch"]))

    def _record(self, folder: str, pristine: Optional[str], entry: Entry) -> None:
        assert entry.children is not None
        with os.scandir(folder) as listing:
            found = list(listing)
        for item in found:
            if item.path == self.backup:
                continue
            st = item.stat(follow_symlinks=False)
            child = Entry(signature(st, item.path), st)
            entry.children[item.name] = child
            twin = os.path.join(pristine, item.name) if pristine is not None else None
            if child.children is not None:
                self._record(item.path, twin if twin is not None and os.path.isdir(twin) else None, child)
            elif child.sig[0] == "f":
                child.source = self._source_for(item.path, twin)

    def _source_for(self, path: str, twin: Optional[str]) -> str:
        """The pristine twin when it holds the same bytes, else a backup copy made now."""
        if twin is not None and os.path.isfile(twin) and filecmp.cmp(path, twin, shallow=False):
            return twin
        self.copied += 1
        copy = os.path.join(self.backup, str(self.copied))
        os.makedirs(self.backup, exist_ok=True)
        shutil.copyfile(path, copy)
        return copy

    def restore(self) -> List[Effect]:
        """Puts every root back as recorded; returns what the candidate did to the watched
        entries that were there before it. Raises WorldError when something cannot be put back."""
        self.recorder = Recorder()
        try:
            for root, entry in self.roots:
                self._sync(root, entry)
        except OSError as error:
            raise WorldError(f"could not restore the validator's files: {error}") from error
        return self.recorder.effects()

    def _lost(self, path: str, want: Entry, have: Optional[Signature]) -> None:
        """Notes what happened to a recorded entry found changed (``have``) or gone (None)."""
        name = None if self.watch is None else self.watch.walked_name(path)
        if name is None:
            return
        kind: Optional[EffectKind] = "deleted" if have is None else "rewritten"
        if have is not None and want.sig[0] == "f" and have[0] == "f":
            # A file written (a new modification time) counts even with the same bytes: the
            # unpatched code's run that wrote it must excuse a candidate's other bytes. A chmod
            # or a new inode with the same bytes and time is no loss.
            kind = "truncated" if have[2] < want.sig[2] else "rewritten" if have[4] != want.sig[4] else None  # type: ignore[operator]
            if kind is None and want.source is not None and not filecmp.cmp(path, want.source, shallow=False):
                kind = "rewritten"
        elif have is not None and want.sig[0] == "d":
            kind = "deleted"  # replaced by something that is not a folder
        if kind is not None:
            self.recorder.add(name, kind)

    def _sync(self, folder: str, entry: Entry) -> None:
        assert entry.children is not None
        st = os.lstat(folder)
        if stat.S_IMODE(st.st_mode) != entry.sig[1] or not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
            # Put the mode back first: a candidate that made a folder unreadable must not hide its files.
            os.chmod(folder, entry.sig[1] | stat.S_IRWXU)  # type: ignore[operator]
        with os.scandir(folder) as listing:
            present = {item.name: item for item in listing}
        for name, item in present.items():
            if item.path == self.backup:
                continue
            want = entry.children.get(name)
            st = item.stat(follow_symlinks=False)
            have = signature(st, item.path)
            if want is None:
                remove(item.path, have)
            elif want.sig[0] == "d" and have[0] == "d":
                self._sync(item.path, want)
            elif have != want.sig:
                self._lost(item.path, want, have)
                remove(item.path, have)
                self._create(item.path, want)
        for name, want in entry.children.items():
            if name not in present:
                self._lost(os.path.join(folder, name), want, None)
                self._create(os.path.join(folder, name), want)
        if stat.S_IMODE(os.lstat(folder).st_mode) != entry.sig[1]:
            os.chmod(folder, entry.sig[1])  # type: ignore[arg-type]

    def _create(self, path: str, entry: Entry) -> None:
        """Makes ``path`` as recorded, and records its new signature."""
        kind = entry.sig[0]
        if kind == "d":
            os.mkdir(path, 0o700)
            assert entry.children is not None
            for name, child in entry.children.items():
                self._create(os.path.join(path, name), child)
            os.chmod(path, entry.sig[1])  # type: ignore[arg-type]
        elif kind == "f":
            assert entry.source is not None
            shutil.copyfile(entry.source, path)
            os.chmod(path, entry.sig[3])  # type: ignore[arg-type]
            os.utime(path, ns=(entry.atime_ns, entry.mtime_ns))
            entry.sig = signature(os.lstat(path), path)
        elif kind == "l":
            os.symlink(str(entry.sig[1]), path)
        else:
            raise WorldError(f"cannot recreate {path} (a socket, fifo or device the candidate removed)")


def remove(path: str, sig: Signature) -> None:
    if sig[0] != "d":
        os.unlink(path)
        return

    def writable_again(_function: object, failed: str, _error: object) -> None:
        # A candidate may leave read-only folders behind: open them up and try once more.
        os.chmod(os.path.dirname(failed), stat.S_IRWXU)
        if os.path.isdir(failed) and not os.path.islink(failed):
            os.chmod(failed, stat.S_IRWXU)
            shutil.rmtree(failed)
        else:
            os.unlink(failed)

    os.chmod(path, stat.S_IRWXU)
    shutil.rmtree(path, onerror=writable_again)
