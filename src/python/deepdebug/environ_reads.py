"""The environment variables the user's code reads in the first run.

The validator runs candidates with an allow-listed environment, so a test that depends on a
variable of the user's shell would fail there for another reason than in the user's run. The
engine passes the variables read here through to the candidates (except names that look like
secrets). Only reads by the user's own code (the workspace's files, by ``Workspace``'s rule)
count: libraries and plugins copy the whole environment, which says nothing of what a test needs.
"""

from __future__ import annotations

import os
import sys
from typing import Any, List, Optional, Set, cast

from .workspace import Workspace

# The modules a lookup passes through on its way from the caller: os.environ's own methods and
# Mapping.get / __contains__ (by their globals: both are frozen modules in recent Pythons, so
# neither file names nor module names are reliable).
_PLUMBING = (vars(os), vars(sys.modules["_collections_abc"]), globals())
_names: Set[str] = set()
_workspace: Optional[Workspace] = None


def _note(key: Any) -> None:
    if not isinstance(key, str):
        return
    frame = sys._getframe(2)
    # Frozen standard modules (posixpath's expanduser) read on behalf of their caller.
    while frame is not None and (
        any(frame.f_globals is plumbing for plumbing in _PLUMBING) or frame.f_code.co_filename.startswith("<frozen")
    ):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is not None and _workspace is not None and _workspace.relative(frame.f_code.co_filename) is not None:
        _names.add(key)


class _RecordingEnviron(os._Environ[str]):
    def __getitem__(self, key: Any) -> Any:
        _note(key)
        return super().__getitem__(key)


def start(workspace: Workspace) -> None:
    global _workspace
    _workspace = workspace
    # A subclass without fields of its own: swapping the class keeps the very object every
    # module already holds as os.environ.
    if type(os.environ) is os._Environ:
        os.environ.__class__ = _RecordingEnviron


def stop() -> List[str]:
    """Ends the recording; the names read, sorted."""
    if type(os.environ) is _RecordingEnviron:
        os.environ.__class__ = cast(Any, os._Environ)
    return sorted(_names)
