import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { throwIfAborted, UserError } from '../errors';
import { pythonHelpersDir } from '../files/resources';
import { makeTempFolder, removeTempFolder } from '../files/temp-folders';
import { plainEnvironment } from '../process-environment';
import type { PytestRun, TestResult } from '../types';
import type { LocateOptions } from './locate';
import { parsePluginReport, type PluginReport } from './plugin-report';
import { DONE_FD, runInProcessGroup, type GroupRunResult } from './process-group';
import { conftestFailure, importFailure, lastLine, startFailure, usageMessage } from './pytest-output';
import { tracebackFrames } from './traceback-text';

export interface RunPytestOptions {
  workspace: string;
  python: string;
  /** Node ids, files, or "-k"/"-m" followed by an expression. Empty: the whole suite. */
  selection: string[];
  /** Record per-test line coverage of workspace files (slower; needed for spectrum scores). */
  coverage: boolean;
  /** Per-test limit enforced by our plugin; 0 disables it. */
  perTestTimeoutMs: number;
  /** Total wall limit for the run: past it the process group is killed. */
  timeoutMs?: number;
  /** Extra environment for pytest, over this process's own. */
  env?: Record<string, string>;
}

const PLUGIN_MODULE = 'deepdebug_pytest_plugin';
/** After a test kills the interpreter, pytest is started again on the tests not yet run, this many times at most. */
const MAX_RESUMES = 3;
/** Options that take the next argument as their expression. */
const SELECTION_OPTIONS = new Set(['-k', '-m']);

/**
 * Runs the user's pytest with our plugin and returns every test's result. Nothing is written
 * into the workspace: no cache, no bytecode, the report goes to a temporary folder. A test that
 * kills the interpreter is marked 'crashed' ('timeout' when it ignored our interrupt) and pytest
 * is started again on the tests after it.
 * Throws UserError for what the user must fix (no interpreter, no pytest, nothing collected,
 * a bad selection), CanceledError when `signal` aborts.
 */
export async function runPytest(options: RunPytestOptions, signal?: AbortSignal): Promise<PytestRun> {
  throwIfAborted(signal);
  const workspace = checkWorkspace(options.workspace);
  const selection = selectionArguments(options.selection);
  const started = Date.now();
  const tests: TestResult[] = [];
  const environRead = new Set<string>();
  let userBase: string | null = null;
  // The first pass's status: a later pass only continues after a test killed the interpreter.
  let exitCode = 0;
  for (let resumes = 0; ; resumes++) {
    const timeoutMs = options.timeoutMs === undefined ? undefined : options.timeoutMs - (Date.now() - started);
    if (resumes > 0 && timeoutMs !== undefined && timeoutMs <= 0) break;
    const done = tests.filter((test) => test.phase !== 'collect').map((test) => test.nodeid);
    const pass = await runPass({ ...options, workspace, timeoutMs }, selection, done, signal);
    // A resumed pass that finds nothing left to run ends the run; the first one is the user's problem.
    if (resumes > 0 && pass.report.exitStatus === 5 && pass.report.results.length === 0) break;
    const results = await resultsOf(pass.report, pass.exit, pass.fault, { ...options, workspace }, signal);
    // Collection errors come back in every pass.
    const seen = new Set(tests.map((test) => `${test.phase} ${test.nodeid}`));
    tests.push(...results.filter((test) => !seen.has(`${test.phase} ${test.nodeid}`)));
    for (const name of pass.report.environ) environRead.add(name);
    userBase ??= pass.report.userBase;
    if (resumes === 0) exitCode = pass.report.exitStatus ?? exitStatusOf(pass.exit);
    if (!diedInTest(pass) || resumes >= MAX_RESUMES) break;
  }
  return {
    kind: 'pytest-run',
    workspace,
    python: options.python,
    selection: options.selection,
    tests,
    exitCode,
    durationMs: Date.now() - started,
    coverageRecorded: options.coverage,
    environRead: [...environRead].sort(),
    userBase,
  };
}

interface Pass {
  report: PluginReport;
  exit: GroupRunResult;
  /** What faulthandler wrote: the stacks at a crash or a hard timeout. */
  fault: string;
}

/** One pytest process; `done` are node ids an earlier pass already ran, deselected here. */
async function runPass(options: RunPytestOptions, selection: string[], done: string[], signal: AbortSignal | undefined): Promise<Pass> {
  const scratch = await makeTempFolder('deepdebug-pytest-');
  let windingDown: Promise<void> | undefined;
  try {
    const files = {
      report: path.join(scratch, 'report.jsonl'),
      fault: path.join(scratch, 'fault.txt'),
      deselect: path.join(scratch, 'deselect.json'),
    };
    await fs.promises.writeFile(files.deselect, JSON.stringify(done));
    const exit = await runInProcessGroup(options.python, [...pytestArguments(), ...selection], {
      cwd: options.workspace,
      env: pytestEnvironment(options, files),
      timeoutMs: options.timeoutMs,
      signal,
      // The plugin says so once the tests ran to their end: the results are all in the report.
      acceptsDone: true,
    });
    windingDown = exit.windingDown;
    if (exit.spawnError) {
      throw new UserError(
        'no-python',
        `cannot run the Python interpreter "${options.python}" (${exit.spawnError.code ?? exit.spawnError.message})`,
      );
    }
    return { report: parsePluginReport(await readIfPresent(files.report)), exit, fault: await readIfPresent(files.fault) };
  } finally {
    // pytest winding down may still write there (plugins' storage points at it): it goes once
    // pytest is gone, or at this process's exit (temp-folders.ts).
    if (windingDown) void windingDown.then(() => removeTempFolder(scratch)).catch(() => undefined);
    else await removeTempFolder(scratch);
  }
}

/** The interpreter died inside a test (a crash or a hard timeout, not our wall limit): the tests after it can still run. */
function diedInTest(pass: Pass): boolean {
  return pass.report.running !== null && pass.report.exitStatus === null && !pass.exit.timedOut;
}

function checkWorkspace(workspace: string): string {
  const resolved = path.resolve(workspace);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch {
    throw new UserError('bad-workspace', `workspace not found: ${resolved}`);
  }
  if (!stat.isDirectory()) throw new UserError('bad-workspace', `workspace is not a folder: ${resolved}`);
  return resolved;
}

/** The selection as pytest arguments; anything but node ids, paths and -k/-m is refused. */
export function selectionArguments(selection: string[]): string[] {
  const args: string[] = [];
  for (let i = 0; i < selection.length; i++) {
    const item = selection[i]!; // i < selection.length
    if (SELECTION_OPTIONS.has(item)) {
      const expression = selection[i + 1];
      if (expression === undefined) throw new UserError('pytest-usage', `${item} needs an expression`);
      args.push(item, expression);
      i++;
    } else if (item.startsWith('-')) {
      throw new UserError('pytest-usage', `unsupported test selection "${item}": give node ids, files, -k EXPR or -m EXPR`);
    } else {
      args.push(item);
    }
  }
  return args;
}

function pytestArguments(): string[] {
  return [
    // pytest as `-m pytest` runs it, saying which file a sys.exit during its start came from.
    '-m',
    'deepdebug.pytest_main',
    '-p',
    PLUGIN_MODULE,
    // The cache provider writes .pytest_cache into the workspace.
    '-p',
    'no:cacheprovider',
    // Our plugin owns faulthandler: it dumps the crashing test's stack to our fault file.
    '-p',
    'no:faulthandler',
    '--tb=long',
    '--showlocals',
    '--color=no',
    '-q',
  ];
}

function pytestEnvironment(options: RunPytestOptions, files: { report: string; fault: string; deselect: string }): NodeJS.ProcessEnv {
  const inherited = plainEnvironment({ ...process.env, ...options.env });
  const pythonPath = [inherited.PYTHONPATH, pythonHelpersDir()].filter((entry) => entry).join(path.delimiter);
  return {
    ...inherited,
    PYTHONPATH: pythonPath,
    PYTHONDONTWRITEBYTECODE: '1',
    DEEPDEBUG_REPORT: files.report,
    DEEPDEBUG_FAULT: files.fault,
    DEEPDEBUG_DESELECT: files.deselect,
    DEEPDEBUG_DONE_FD: String(DONE_FD),
    DEEPDEBUG_WORKSPACE: options.workspace,
    DEEPDEBUG_COVERAGE: options.coverage ? '1' : '0',
    DEEPDEBUG_TIMEOUT: String(Math.max(0, options.perTestTimeoutMs) / 1000),
  };
}

async function readIfPresent(file: string): Promise<string> {
  try {
    return await fs.promises.readFile(file, 'utf8');
  } catch {
    return '';
  }
}

function exitStatusOf(exit: GroupRunResult): number {
  if (exit.code !== null) return exit.code;
  const number = exit.signal ? os.constants.signals[exit.signal] : undefined;
  return 128 + (number ?? 0);
}

async function resultsOf(
  report: PluginReport,
  exit: GroupRunResult,
  fault: string,
  options: RunPytestOptions,
  signal: AbortSignal | undefined,
): Promise<TestResult[]> {
  // Traceback text the plugin could not report as frames is located by the same interpreter.
  const locate: LocateOptions = { workspace: options.workspace, python: options.python, env: options.env, signal };
  if (!report.started) {
    // A broken root conftest.py stops pytest before any plugin starts: it is the user's bug, not usage.
    const conftest = await conftestFailure(exit.output, locate);
    if (conftest) return [conftest];
    throw (await importFailure(exit, locate)) ?? startFailure(exit, options.python, PLUGIN_MODULE);
  }
  if (report.exitStatus === 4 || (report.exitStatus === null && exit.code === 4 && !exit.timedOut)) {
    throw new UserError('pytest-usage', `pytest: ${usageMessage(exit.output)}`);
  }
  if (report.exitStatus === 3) {
    throw new Error(`pytest stopped with an internal error: ${lastLine(exit.output, /^INTERNALERROR>/)}`);
  }
  const tests = [...report.results];
  if (report.exitStatus === null) {
    const unfinished = await unfinishedTest(report, exit, fault, options, locate);
    if (unfinished) tests.push(unfinished);
  }
  if (tests.length === 0 && (report.exitStatus === 5 || report.collected === 0)) {
    throw new UserError('no-tests', noTestsMessage(options));
  }
  return tests;
}

/** pytest's configuration files, in the order it looks for them. */
const PYTEST_CONFIGS = ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];

/** Why nothing ran, with where to look: the selection used, or how pytest finds tests and the configuration that steers it. */
function noTestsMessage(options: RunPytestOptions): string {
  if (options.selection.length > 0) {
    return `no tests matched the selection ${options.selection.join(' ')} (check the node ids, paths or -k expression)`;
  }
  const config = PYTEST_CONFIGS.find((name) => fs.existsSync(path.join(options.workspace, name)));
  const steer = config ? `; its ${config} can change that (testpaths, python_files)` : '';
  return `no tests were collected in the folder "${path.basename(options.workspace)}": pytest looks for test_*.py and *_test.py files under it${steer}`;
}

/** The result for the test that was running when the session ended early, if there was one. */
async function unfinishedTest(
  report: PluginReport,
  exit: GroupRunResult,
  fault: string,
  options: RunPytestOptions,
  locate: LocateOptions,
): Promise<TestResult | null> {
  const frames = await tracebackFrames(fault, locate);
  // A death outside any test during collection still deserves a result; after the last test it is not a test's fault.
  const nodeid = report.running ?? (report.collected === null ? collectionNodeid(frames) : null);
  if (nodeid === null) return null;
  const phase = report.running === null ? 'collect' : 'call';
  const base = { nodeid, phase, durationMs: 0, longrepr: fault.trim(), frames } as const;
  if (exit.timedOut) {
    const seconds = (options.timeoutMs ?? 0) / 1000;
    return { ...base, outcome: 'timeout', exception: 'RunTimeout', message: `the test run exceeded its time limit of ${seconds} s` };
  }
  if (fault.startsWith('Timeout (')) {
    const seconds = options.perTestTimeoutMs / 1000;
    return {
      ...base,
      outcome: 'timeout',
      exception: 'TestTimeout',
      message: `test exceeded the per-test timeout of ${seconds} s and did not respond to the interrupt`,
    };
  }
  const how = exit.signal ? `signal ${exit.signal}` : `exit status ${exit.code}`;
  const fatal = fault.split('\n').find((line) => line.startsWith('Fatal Python error:'));
  return {
    ...base,
    outcome: 'crashed',
    exception: 'InterpreterCrash',
    message: `the Python interpreter died (${how})${fatal ? `: ${fatal}` : ''}`,
  };
}

function collectionNodeid(frames: { file: string; inWorkspace: boolean }[]): string {
  const own = frames.filter((frame) => frame.inWorkspace);
  return own.at(-1)?.file ?? '<collection>';
}
