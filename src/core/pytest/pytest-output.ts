import { UserError } from '../errors';
import type { TestResult } from '../types';
import { importedModule, importFailureMessage } from './failures';
import { locateFiles, type LocateOptions } from './locate';
import type { GroupRunResult } from './process-group';
import { locatedFrames, parseTracebackText, tracebackFrames } from './traceback-text';

// What pytest's terminal output says when it stopped before our plugin could report anything.

const CONFTEST_ERROR = /^ImportError while loading conftest '(.+)'\.$/m;
/** The exception line closing pytest's traceback: "E   SyntaxError: invalid syntax". */
const EXCEPTION_LINE = /^E\s+([A-Za-z_][\w.]*): ?(.*)$/;
/** Python's own traceback: an exception escaped pytest, or a SystemExit did (printed by deepdebug.pytest_main). */
const NATIVE_TRACEBACK = 'Traceback (most recent call last):';
/** The line closing it: "RuntimeError: no database", "SystemExit: 3", "SystemExit". */
const NATIVE_EXCEPTION_LINE = /^([A-Za-z_][\w.]*)(?:: (.*))?$/;

export function startFailure(exit: GroupRunResult, python: string, pluginModule: string): Error {
  const output = exit.output;
  if (/No module named '?pytest'?$/m.test(output)) {
    return new UserError('no-pytest', `pytest is not installed for the Python interpreter "${python}"`);
  }
  if (output.includes(pluginModule)) {
    return new Error(`the DeepDebug pytest plugin failed to load: ${lastLine(output, /\S/)}`);
  }
  if (exit.code === 4) return new UserError('pytest-usage', `pytest: ${usageMessage(output)}`);
  if (exit.code === 126 || exit.code === 127 || exit.signal !== null) {
    return new UserError('no-python', `the Python interpreter "${python}" failed to start: ${lastLine(output, /\S/)}`);
  }
  return new Error(`pytest exited with status ${exit.code} before running: ${lastLine(output, /\S/)}`);
}

/**
 * A root conftest.py that failed to import, as a collection error located in it; null if none.
 * The conftest and the traceback's files are located in one run of the interpreter (locate.ts).
 */
export async function conftestFailure(output: string, options: LocateOptions): Promise<TestResult | null> {
  const match = CONFTEST_ERROR.exec(output);
  if (!match) return null;
  const traceback = output.slice(match.index + match[0].length).trim();
  const exception = traceback
    .split('\n')
    .map((line) => EXCEPTION_LINE.exec(line))
    .filter((found) => found !== null)
    .pop();
  const frames = parseTracebackText(traceback);
  // The pattern's groups always take part in a match: `!` says so here and below.
  const [conftest, ...located] = await locateFiles([match[1]!, ...frames.map((frame) => frame.file)], options);
  return {
    nodeid: conftest!.file, // one located file per file asked about
    outcome: 'error',
    phase: 'collect',
    durationMs: 0,
    exception: exception ? exception[1]!.split('.').pop() : 'ImportError',
    message: exception ? exception[2] : match[0],
    longrepr: traceback,
    frames: locatedFrames(frames, located),
  };
}

/**
 * A module of the user's that pytest imported as it started (a conftest.py, a plugin named by
 * -p, addopts or a conftest's pytest_plugins) and that raised or called sys.exit there, as the
 * UserError naming it; null when the output's last traceback has no frame of the user's that
 * ran a module's code. pytest reports a conftest.py's exceptions itself (conftestFailure).
 */
export async function importFailure(exit: GroupRunResult, options: LocateOptions): Promise<UserError | null> {
  const start = exit.output.lastIndexOf(NATIVE_TRACEBACK);
  if (start < 0) return null;
  const lines = exit.output.slice(start).split('\n');
  const end = lines.findIndex((line) => NATIVE_EXCEPTION_LINE.test(line));
  if (end < 0) return null;
  // `end` is a line the pattern matched, and its first group takes part in every match: `!` says so.
  const closing = NATIVE_EXCEPTION_LINE.exec(lines[end]!)!;
  const exception = closing[1]!.split('.').pop()!;
  const module = importedModule(await tracebackFrames(lines.slice(0, end).join('\n'), options));
  if (!module) return null;
  const failure = exception === 'SystemExit' ? { exitStatus: exit.code ?? 1 } : { exception, message: closing[2] ?? '' };
  return new UserError('pytest-start', importFailureMessage(module.imported.file, failure, module.stopped));
}

/**
 * pytest's own one-line complaint: "ERROR: file or directory not found: x", "unrecognized
 * arguments: --x" (argparse's, without its program name), plus the settings file pytest read
 * when it names one: options there (addopts) are a usual cause.
 */
export function usageMessage(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  const error = lines.find((line) => /^ERROR: (?!usage:)/.test(line) || /: error: /.test(line));
  if (!error) return lines.find((line) => line !== '') ?? 'usage error';
  const settings = lines.find((line) => line.startsWith('inifile: '))?.slice('inifile: '.length);
  const message = error.replace(/^ERROR: /, '').replace(/^\S+: error: /, '');
  return settings && settings !== 'None' ? `${message} (settings from ${settings})` : message;
}

export function lastLine(output: string, pattern: RegExp): string {
  const lines = output.split('\n').filter((line) => pattern.test(line));
  return lines.at(-1)?.trim() ?? '(no output)';
}
