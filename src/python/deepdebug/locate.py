"""``python -m deepdebug.locate``: which files named by traceback TEXT are the user's, by the
rule the plugin's and the worker's frames follow (``workspace.Workspace``).

The engine reads some tracebacks as text, with no live interpreter to ask: a crashed test's
faulthandler dump, pytest's output when a conftest.py failed before the plugin started, a
traceback in another test controller's message. It runs this module with the interpreter the
tests ran with (whose prefix and library folders the rule excludes): a ``LocateRequest`` on
stdin, a ``LocateReply`` on stdout. Imports neither pytest nor the user's code.
"""

from __future__ import annotations

import json
import os
import sys
from typing import List, cast

from .wire import LOCATE_VERSION, LocatedFile, LocateReply, LocateRequest
from .workspace import Workspace


def locate(root: str, files: List[str]) -> List[LocatedFile]:
    workspace = Workspace(root)
    located: List[LocatedFile] = []
    for name in files:
        # The text names files as pytest printed them: relative ones to the folder it ran in.
        filename = name if name.startswith("<") else os.path.join(root, name)
        file, in_workspace = workspace.display(filename)
        located.append({"file": file, "inWorkspace": in_workspace})
    return located


def main() -> None:
    request = cast(LocateRequest, json.loads(sys.stdin.buffer.read().decode("utf-8")))
    reply: LocateReply = {"version": LOCATE_VERSION, "files": locate(request["workspace"], request["files"])}
    sys.stdout.write(json.dumps(reply))


if __name__ == "__main__":
    main()
