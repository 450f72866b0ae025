"""Which files are the user's code, and how a frame names them: the one rule, for the plugin's
and the worker's frames and coverage (through ``results`` and ``coverage``) and for traceback
text the engine reads without a live interpreter (through ``locate``).

Imports neither pytest nor anything outside the standard library: ``locate`` runs it alone.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from typing import Dict, Optional, Tuple


class Workspace:
    """Decides which files are the user's: inside the workspace, outside any environment."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root)
        self._prefix = self.root + os.sep
        # Interpreter and library folders inside the workspace (a .venv) are not user code;
        # ones that contain the workspace (a workspace under /usr/src) must not exclude it.
        candidates = {sys.prefix, sys.base_prefix, sys.exec_prefix}
        for name in ("stdlib", "platstdlib", "purelib", "platlib"):
            path = sysconfig.get_paths().get(name)
            if path:
                candidates.add(path)
        self._excluded = tuple(os.path.realpath(path) + os.sep for path in candidates if os.path.realpath(path).startswith(self._prefix))
        self._cache: Dict[str, Optional[str]] = {}

    def relative(self, filename: str) -> Optional[str]:
        """The workspace-relative POSIX path of a code file, or None when it is not ours."""
        try:
            return self._cache[filename]
        except KeyError:
            pass
        result = None
        if filename and not filename.startswith("<"):
            path = os.path.realpath(os.path.abspath(filename))
            if (
                path.startswith(self._prefix)
                and not path.startswith(self._excluded)
                and "site-packages" not in path
                and "dist-packages" not in path
            ):
                result = os.path.relpath(path, self.root).replace(os.sep, "/")
        self._cache[filename] = result
        return result

    def display(self, filename: str) -> Tuple[str, bool]:
        """(the file as a frame names it, whether it is the user's)."""
        relative = self.relative(filename)
        if relative is not None:
            return relative, True
        return os.path.abspath(filename) if not filename.startswith("<") else filename, False
