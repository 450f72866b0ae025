import type { Frame } from '../types';
import type { LocatedFile } from '../wire';
import { locateFiles, type LocateOptions } from './locate';

// Frames from traceback TEXT, for failures that reach us without our plugin's structured
// frames (the Python extension's test messages, pytest's output when a conftest.py failed to
// import) and for a crashed interpreter's faulthandler dump. Understands pytest's long and
// short formats (with --showlocals lines) and Python's native tracebacks, including
// faulthandler's "most recent call first" order. Reading the text is done here; which of its
// files are the user's is the Python side's rule (locate.ts), as for the plugin's frames.

/** "stats.py:11: ZeroDivisionError" or "tests/test_a.py:5: in test_a" (pytest's entry ends). */
const PYTEST_LOCATION = /^(\S.*?):(\d+): (.*)$/;
/** `  File "x.py", line 5, in f` (Python), `  File "x.py", line 5 in f` (faulthandler), `E     File "x.py", line 5` (SyntaxError). */
const NATIVE_LOCATION = /^(?:E)?\s*File "(.+)", line (\d+)(?:,? in (.+?))?\s*$/;
/** pytest prints the failing function's source; its `def` names the final entry's function. */
const DEF_LINE = /^[>\s]*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/;
/** A --showlocals line: `name       = value` at column 0. */
const LOCAL_LINE = /^([A-Za-z_]\w*)\s*= (.*)$/;
/** pytest's source and explanation lines, never locations. */
const SOURCE_OR_EXPLANATION = /^[E>](\s|$)/;
const CALLS_FIRST_HEADER = /\(most recent call first\):\s*$/;
const CURRENT_THREAD_HEADER = /^Current thread .*\(most recent call first\):\s*$/;

/** A frame as the text shows it: its file named as written there, not yet located. */
export interface TextFrame {
  file: string;
  line: number;
  function: string;
  locals?: Record<string, string>;
}

/** The frames of traceback text, innermost last, their files as the text names them. */
export function parseTracebackText(text: string): TextFrame[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const dump = dumpBlock(lines);
  return dump ? parseDump(dump) : parseInOrder(lines);
}

/** The frames of traceback text, located by the Python side's rule (one short run of `options.python`, none without frames). */
export async function tracebackFrames(text: string, options: LocateOptions): Promise<Frame[]> {
  const frames = parseTracebackText(text);
  return locatedFrames(
    frames,
    await locateFiles(
      frames.map((frame) => frame.file),
      options,
    ),
  );
}

/** Text frames with their files as located (`located[i]` for `frames[i]`), one frame per place. */
export function locatedFrames(frames: readonly TextFrame[], located: readonly LocatedFile[]): Frame[] {
  const result: Frame[] = [];
  frames.forEach((frame, i) => {
    const previous = result[result.length - 1];
    const place = located[i]!; // one located file per frame
    // pytest repeats a SyntaxError's location as a native line: keep one frame per place.
    if (previous && previous.file === place.file && previous.line === frame.line) return;
    result.push({ ...frame, ...place });
  });
  return result;
}

/**
 * The frames of a faulthandler dump, or null. With several threads: the current thread's (a
 * crash), else the main thread's (a timeout dump from faulthandler's own watchdog), which runs
 * the tests and, being the oldest, comes last.
 */
function dumpBlock(lines: string[]): string[] | null {
  let start = lines.findIndex((line) => CURRENT_THREAD_HEADER.test(line));
  if (start < 0) start = lines.map((line) => CALLS_FIRST_HEADER.test(line)).lastIndexOf(true);
  if (start < 0) return null;
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || CALLS_FIRST_HEADER.test(line)) break;
    block.push(line);
  }
  return block;
}

function parseDump(block: string[]): TextFrame[] {
  const frames: TextFrame[] = [];
  for (const line of block) {
    const native = NATIVE_LOCATION.exec(line);
    // Groups 1 and 2 always take part in a match of these patterns: `!` says so here and below.
    if (native) frames.push({ file: native[1]!, line: Number(native[2]), function: native[3] ?? '<module>' });
  }
  return frames.reverse();
}

function parseInOrder(lines: string[]): TextFrame[] {
  const frames: TextFrame[] = [];
  // Lines of the pytest entry being read, since the previous location line.
  let entry: string[] = [];
  for (const line of lines) {
    const native = NATIVE_LOCATION.exec(line);
    if (native) {
      frames.push({ file: native[1]!, line: Number(native[2]), function: native[3] ?? '<module>' });
      entry = [];
      continue;
    }
    const location = SOURCE_OR_EXPLANATION.test(line) ? null : PYTEST_LOCATION.exec(line);
    if (location) {
      frames.push(pytestFrame(location, entry));
      entry = [];
      continue;
    }
    entry.push(line);
  }
  return frames;
}

function pytestFrame(location: RegExpExecArray, entry: string[]): TextFrame {
  const [, file, line, rest] = location as unknown as [string, string, string, string];
  const called = /^in (\S+)$/.exec(rest);
  const frame: TextFrame = { file, line: Number(line), function: called ? called[1]! : definedFunction(entry) };
  const locals: Record<string, string> = {};
  for (const entryLine of entry) {
    const local = LOCAL_LINE.exec(entryLine);
    if (local) locals[local[1]!] = local[2]!;
  }
  if (Object.keys(locals).length > 0) frame.locals = locals;
  return frame;
}

function definedFunction(entry: string[]): string {
  for (let i = entry.length - 1; i >= 0; i--) {
    const match = DEF_LINE.exec(entry[i]!); // i < entry.length
    if (match) return match[1]!;
  }
  return '<module>';
}
