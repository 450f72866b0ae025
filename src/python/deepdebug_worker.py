"""DeepDebug validation worker: a pytest plugin that turns one live session into a server.

Loaded with ``-p deepdebug_worker`` in a pytest run started inside a shadow copy of the
workspace. Collection runs once, on the original code; then ``pytest_runtestloop`` serves
requests instead of running the tests. For each candidate patch it forks a child that applies
the patch to the live modules and runs the selected tests with pytest's runner protocol (or,
for a validate request, as plain calls where the protocol would do nothing else: see
deepdebug.runner.direct_nodeids), so a candidate costs a fork and the tests themselves, not an
interpreter start, plugin discovery and collection.

Protocol: JSON lines (every message is in deepdebug/wire.py). Requests arrive on the fd named
first in DEEPDEBUG_WORKER_FDS, replies leave on the second; stdout and stderr stay pytest's, so
nothing a candidate prints can corrupt the protocol.

- ``check``: run tests on unpatched code.
- ``validate``: patch ``file`` (relative to the workspace) to ``source``, run every test of
  ``failing``, then, when at least one of them passed, ``passing`` (or only ``covering`` when
  the patch was a function-body swap), stopping at the first that fails.
- ``record``: run ``tests`` on the unpatched code, recording the calls they make to
  ``targets`` (deepdebug.record); ``replay``: install ``patch`` (if any) as ``validate`` does and
  call each of ``calls`` (deepdebug.replay).
- ``serve`` first: the node ids to serve, answered by ``ready``; the session collects their
  files (or what the engine's first run collects), warms up and starts its fork server before it
  reads this, so all of that can happen while the engine's first run still runs. Again for each
  later run a kept session serves.
- ``cancel`` while a request runs: kill its child. ``quit`` or EOF: exit.

Every request that runs a child also carries the candidate's limits (deepdebug.limits). After
each request every process the candidate left (the worker is their child subreaper) is killed. The worker
answers ``serve`` with ``ready`` (with its protocol version), then each request with one ``result``.

The code stays compatible with Python 3.8 and pytest 7: it runs in the user's interpreter.
"""

import sys

# A candidate that writes a new file of the same size within the same second as the last one
# would otherwise get a stale .pyc; the worker also never needs bytecode caches.
sys.dont_write_bytecode = True

from deepdebug.runner import pytest_runtest_logreport  # noqa: E402
from deepdebug.server import pytest_runtestloop  # noqa: E402

__all__ = ["pytest_runtest_logreport", "pytest_runtestloop"]
