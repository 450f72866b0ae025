"""The worker's protocol I/O: JSON lines on two raw file descriptors (see wire.py).

Requests arrive on the fd named first in DEEPDEBUG_WORKER_FDS, replies leave on the second;
stdout and stderr stay pytest's, so nothing a candidate prints can corrupt the protocol.
"""

from __future__ import annotations

import json
import os
from typing import Optional, Tuple, cast

from .wire import WorkerMessage, WorkerRequest

PROTOCOL_ENV = "DEEPDEBUG_WORKER_FDS"


def protocol_fds() -> Optional[Tuple[int, int]]:
    """(request fd, reply fd); None when the session is not a worker's."""
    value = os.environ.get(PROTOCOL_ENV)
    if not value:
        return None
    request_fd, reply_fd = (int(part) for part in value.split(","))
    return request_fd, reply_fd


class LineReader:
    """Reads JSON lines from a raw fd without buffering beyond what select can see."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""
        self.eof = False

    def pending_line(self) -> Optional[bytes]:
        if b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            return line
        return None

    def fill(self) -> None:
        chunk = os.read(self.fd, 65536)
        if chunk:
            self.buffer += chunk
        else:
            self.eof = True

    def read_message(self) -> Optional[WorkerRequest]:
        """Blocks for the next request; None at EOF. The engine's requests are typed by the
        same schema it checks replies with (src/core/wire.ts)."""
        while True:
            line = self.pending_line()
            if line is not None:
                if line.strip():
                    return cast(WorkerRequest, json.loads(line))
                continue
            if self.eof:
                return None
            self.fill()


def send(fd: int, message: WorkerMessage) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        written = os.write(fd, data)
        data = data[written:]
