"""Per-test line coverage of the user's files, for the first run's spectrum scores."""

from __future__ import annotations

import sys
import threading
from types import CodeType, FrameType
from typing import Any, Callable, Dict, List, Optional, Set, Union

from .workspace import Workspace

Tracer = Callable[[FrameType, str, Any], Any]


class LineCoverage:
    """Per-test line coverage of workspace files with sys.settrace (before Python 3.12).

    The global trace function decides once per file name whether a code object is ours and
    returns no local tracer otherwise, so library code runs at near full speed.
    """

    def __init__(self, workspace: Workspace) -> None:
        self._workspace = workspace
        self._hits: Dict[str, Set[int]] = {}
        self._tracers: Dict[str, Tracer] = {}

    def start(self) -> None:
        self._hits = {}
        self._tracers = {}
        threading.settrace(self._on_call)
        sys.settrace(self._on_call)

    def stop(self) -> Dict[str, List[int]]:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]
        return {path: sorted(lines) for path, lines in self._hits.items()}

    def _on_call(self, frame: FrameType, event: str, arg: Any) -> Optional[Tracer]:
        if event != "call":
            return None
        relative = self._workspace.relative(frame.f_code.co_filename)
        if relative is None:
            return None
        tracer = self._tracers.get(relative)
        if tracer is None:
            tracer = self._tracers[relative] = self._line_tracer(relative)
        return tracer

    def _line_tracer(self, relative: str) -> Tracer:
        lines = self._hits.setdefault(relative, set())
        add = lines.add

        def on_line(frame: FrameType, event: str, arg: Any) -> Tracer:
            if event == "line":
                add(frame.f_lineno)
            return on_line

        return on_line


class MonitoredCoverage:
    """Per-test line coverage with sys.monitoring (Python 3.12+).

    Each line reports once per test: the callback returns DISABLE and restart_events() at the
    next test's start turns every line back on, so the cost is per distinct line, not per
    execution, and library code pays one call per line per test.
    """

    # Ids 3 and 4 have no assigned role; coverage.py and debuggers use the named ones.
    _TOOL_IDS = (4, 3)

    def __init__(self, workspace: Workspace, tool: int) -> None:
        self._workspace = workspace
        self._tool = tool
        self._hits: Dict[str, Set[int]] = {}
        self._monitoring = _monitoring()
        self._disable = self._monitoring.DISABLE
        self._monitoring.register_callback(tool, self._monitoring.events.LINE, self._on_line)

    @classmethod
    def create(cls, workspace: Workspace) -> Optional["MonitoredCoverage"]:
        """A MonitoredCoverage on a free tool id, or None when none is free."""
        monitoring = _monitoring()
        for tool in cls._TOOL_IDS:
            try:
                monitoring.use_tool_id(tool, "deepdebug")
            except ValueError:
                continue
            return cls(workspace, tool)
        return None

    def start(self) -> None:
        self._hits = {}
        self._monitoring.set_events(self._tool, self._monitoring.events.LINE)
        self._monitoring.restart_events()

    def stop(self) -> Dict[str, List[int]]:
        self._monitoring.set_events(self._tool, 0)
        return {path: sorted(lines) for path, lines in self._hits.items()}

    def _on_line(self, code: CodeType, line: int) -> object:
        relative = self._workspace.relative(code.co_filename)
        if relative is not None:
            lines = self._hits.get(relative)
            if lines is None:
                lines = self._hits[relative] = set()
            lines.add(line)
        return self._disable


def _monitoring() -> Any:
    """sys.monitoring (Python 3.12+), which older type stubs do not know."""
    return getattr(sys, "monitoring")  # noqa: B009


def line_coverage(workspace: Workspace) -> Union[MonitoredCoverage, LineCoverage]:
    if hasattr(sys, "monitoring"):
        monitored = MonitoredCoverage.create(workspace)
        if monitored is not None:
            return monitored
    return LineCoverage(workspace)
