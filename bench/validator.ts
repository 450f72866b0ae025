// Candidates validated per second: the worker pool (persistent pytest sessions, one forked
// child per candidate) vs a plain `python -m pytest` subprocess per candidate with the patched
// file written into a temp copy. Both judge the same ~30 single-site mutations of a
// QuixBugs-style binary search with one injected bug and 6 tests, in one run, and must agree
// on every verdict. Prints a table and the speed-up, in wall time and in CPU time (the CPU
// columns stay meaningful on a machine shared with other work; wall time does not).
//
//   node out/bench/validator.js [--python python3] [--workers <n, default cores>] [--timeout-ms 60000]
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Candidate } from '../src/core/types';
import { ValidatorPool } from '../src/core/validate';
import { markdownTable } from './lib/markdown-table';
import { benchOptions, positiveNumber, wholeNumber } from './lib/options';

// QuixBugs' find_in_sorted with its bug: `binsearch(mid, end)` should be `binsearch(mid + 1, end)`;
// searching above the last element recurses forever (RecursionError).
const PROGRAM = `def find_in_sorted(arr, x):
    def binsearch(start, end):
        if start == end:
            return -1
        mid = start + (end - start) // 2
        if x < arr[mid]:
            return binsearch(start, mid)
        elif x > arr[mid]:
            return binsearch(mid, end)
        else:
            return mid

    return binsearch(0, len(arr))


def is_sorted(arr):
    return all(a <= b for a, b in zip(arr, arr[1:]))
`;

const TESTS = `from find_in_sorted import find_in_sorted, is_sorted


def test_found_middle():
    assert find_in_sorted([3, 4, 5, 5, 5, 5, 6], 5) == 3


def test_missing_above():
    assert find_in_sorted([1, 2, 3, 4, 6, 7, 8], 9) == -1


def test_found_last():
    assert find_in_sorted([1, 2, 3, 4, 6, 7, 8], 8) == 6


def test_missing_below():
    assert find_in_sorted([2, 4, 6], 1) == -1


def test_empty():
    assert find_in_sorted([], 1) == -1


def test_is_sorted():
    assert is_sorted([1, 2, 2, 3]) and not is_sorted([2, 1])
`;

const FAILING = ['test_find_in_sorted.py::test_missing_above', 'test_find_in_sorted.py::test_found_last'];
const PASSING = [
  'test_find_in_sorted.py::test_found_middle',
  'test_find_in_sorted.py::test_missing_below',
  'test_find_in_sorted.py::test_empty',
  'test_find_in_sorted.py::test_is_sorted',
];

const FUNCTION_LINES: [number, number] = [1, 13];

/** Single-site mutations of the buggy function, the way template edits produce them. */
const SWAPS: [string, string][] = [
  ['mid, end', 'mid + 1, end'],
  ['mid, end', 'mid - 1, end'],
  ['start, mid)', 'start, mid + 1)'],
  ['start, mid)', 'start, mid - 1)'],
  ['==', '!='],
  ['==', '>='],
  ['==', '<='],
  ['x < arr', 'x <= arr'],
  ['x < arr', 'x > arr'],
  ['x > arr', 'x >= arr'],
  ['x > arr', 'x < arr'],
  ['return -1', 'return 0'],
  ['return -1', 'return None'],
  ['return -1', 'return start'],
  ['return mid\n', 'return mid + 1\n'],
  ['return mid\n', 'return mid - 1\n'],
  ['return mid\n', 'return start\n'],
  ['// 2', '/ 2'],
  ['// 2', '// 3'],
  ['(end - start)', '(end + start)'],
  ['start + (', 'end - ('],
  ['start + (', 'start - ('],
  ['binsearch(0, len(arr))', 'binsearch(1, len(arr))'],
  ['binsearch(0, len(arr))', 'binsearch(0, len(arr) - 1)'],
  ['binsearch(0, len(arr))', 'binsearch(0, len(arr) + 1)'],
  ['arr[mid]:\n            return binsearch(start', 'arr[mid - 1]:\n            return binsearch(start'],
  ['elif x > arr[mid]', 'elif x > arr[start]'],
  ['elif', 'if'],
  ['return binsearch(mid, end)', 'binsearch(mid, end)'],
  ['x < arr[mid]', 'arr[mid] < x'],
];

function candidates(): Candidate[] {
  const lines = PROGRAM.split('\n');
  const functionText = lines.slice(FUNCTION_LINES[0] - 1, FUNCTION_LINES[1]).join('\n');
  const rest = lines.slice(FUNCTION_LINES[1]).join('\n');
  return SWAPS.map(([from, to], index) => {
    const newFunctionText = functionText.replace(from, to);
    if (newFunctionText === functionText) throw new Error(`mutation ${index} does not apply: ${from}`);
    return {
      kind: 'candidate',
      file: 'find_in_sorted.py',
      function: 'find_in_sorted',
      startLine: FUNCTION_LINES[0],
      endLine: FUNCTION_LINES[1],
      newFunctionText,
      newFileText: `${newFunctionText}\n${rest}`,
      diff: '',
      source: 'template',
      editKind: 'compare-op',
      summary: `${from.trim()} -> ${to.trim()}`,
      score: 1,
    };
  });
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process itself and of the children it has waited for. */
function processCpu(pid: number | 'self'): { own: number; children: number } {
  // Fields 14-17 of /proc/<pid>/stat (utime stime cutime cstime); fields[0] here is field 3.
  const ticks = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 15).map(Number);
  return { own: (ticks[0]! + ticks[1]!) / TICKS_PER_SECOND, children: (ticks[2]! + ticks[3]!) / TICKS_PER_SECOND };
}

/** The baseline: the patched file written into a private copy, then a fresh pytest process. */
async function subprocessVerdicts(
  python: string,
  workspace: string,
  list: Candidate[],
  parallel: number,
  timeoutMs: number,
): Promise<boolean[]> {
  const verdicts: boolean[] = new Array<boolean>(list.length);
  let next = 0;
  const lane = async (lane: number): Promise<void> => {
    const copy = path.join(workspace, `subprocess-${lane}`);
    fs.cpSync(path.join(workspace, 'project'), copy, { recursive: true });
    while (next < list.length) {
      const index = next++;
      fs.writeFileSync(path.join(copy, list[index]!.file), list[index]!.newFileText);
      verdicts[index] = await new Promise<boolean>((resolve) => {
        const child = spawn(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-x', ...FAILING, ...PASSING], {
          cwd: copy,
          env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
          stdio: 'ignore',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve(code === 0);
        });
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, i) => lane(i)));
  return verdicts;
}

async function poolVerdicts(
  python: string,
  workspace: string,
  list: Candidate[],
  workers: number,
  timeoutMs: number,
): Promise<{ verdicts: boolean[]; startMs: number; cpu: number }> {
  const started = performance.now();
  const pool = await ValidatorPool.start({
    workspace: path.join(workspace, 'project'),
    python,
    failing: FAILING,
    passing: PASSING,
    workers,
    perCandidateTimeoutMs: timeoutMs,
  });
  const startMs = performance.now() - started;
  try {
    const cpu = () =>
      pool.workerPids.reduce((sum, pid) => {
        const { own, children } = processCpu(pid);
        return sum + own + children;
      }, 0);
    const cpuBefore = cpu();
    const outcomes = await Promise.all(list.map((c) => pool.validate(c)));
    return { verdicts: outcomes.map((o) => o.verdict === 'validated'), startMs, cpu: cpu() - cpuBefore };
  } finally {
    await pool.dispose();
  }
}

interface Row {
  method: string;
  seconds: number;
  /** CPU seconds spent validating (Python processes only; Node's own work excluded). */
  cpu: number;
  startSeconds: number;
  validated: number;
}

async function main(): Promise<void> {
  const { python, workers, timeoutMs } = benchOptions(
    {
      python: { type: 'string', default: 'python3' },
      workers: { type: 'string', default: String(os.availableParallelism()) },
      'timeout-ms': { type: 'string', default: '60000' },
    },
    (values) => ({
      python: values.python,
      workers: wholeNumber('--workers', values.workers, 1),
      timeoutMs: positiveNumber('--timeout-ms', values['timeout-ms']),
    }),
  );
  const list = candidates();
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-validator-'));
  try {
    fs.mkdirSync(path.join(workspace, 'project'));
    fs.writeFileSync(path.join(workspace, 'project', 'find_in_sorted.py'), PROGRAM);
    fs.writeFileSync(path.join(workspace, 'project', 'test_find_in_sorted.py'), TESTS);

    const rows: Row[] = [];
    const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const value = await run();
      return [value, (performance.now() - started) / 1000];
    };
    // Node reaps the pytest subprocesses, so their CPU time lands in its children's counters.
    let cpuBefore = processCpu('self').children;
    const childrenCpu = () => {
      const spent = processCpu('self').children - cpuBefore;
      cpuBefore += spent;
      return spent;
    };
    const [baseline, baselineSeconds] = await timed(() => subprocessVerdicts(python, workspace, list, 1, timeoutMs));
    rows.push({
      method: 'python -m pytest per candidate, 1 at a time',
      seconds: baselineSeconds,
      cpu: childrenCpu(),
      startSeconds: 0,
      validated: count(baseline),
    });
    const results: [string, boolean[]][] = [['subprocess', baseline]];
    for (const n of [...new Set([1, workers])]) {
      const [{ verdicts, startMs, cpu }, seconds] = await timed(() => poolVerdicts(python, workspace, list, n, timeoutMs));
      rows.push({
        method: `worker pool, ${n} worker${n > 1 ? 's' : ''}`,
        seconds: seconds - startMs / 1000,
        cpu,
        startSeconds: startMs / 1000,
        validated: count(verdicts),
      });
      results.push([`pool x${n}`, verdicts]);
    }
    if (workers > 1) {
      childrenCpu();
      const [parallel, seconds] = await timed(() => subprocessVerdicts(python, workspace, list, workers, timeoutMs));
      rows.push({
        method: `python -m pytest per candidate, ${workers} at a time`,
        seconds,
        cpu: childrenCpu(),
        startSeconds: 0,
        validated: count(parallel),
      });
      results.push([`subprocess x${workers}`, parallel]);
    }

    const rate = (row: Row) => list.length / row.seconds;
    console.log(
      `${list.length} candidates, ${FAILING.length} failing + ${PASSING.length} passing tests, ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('');
    const cpuRate = (row: Row) => list.length / row.cpu;
    console.log(
      markdownTable(
        [
          'method',
          'start (s)',
          'validating (s)',
          'candidates/s',
          'vs baseline',
          'CPU ms/candidate',
          'candidates/CPU-s',
          'vs baseline',
          'validated',
        ],
        rows.map((row) => [
          row.method,
          row.startSeconds.toFixed(2),
          row.seconds.toFixed(2),
          rate(row).toFixed(1),
          `${(rate(row) / rate(rows[0]!)).toFixed(1)}x`,
          ((row.cpu * 1000) / list.length).toFixed(0),
          cpuRate(row).toFixed(1),
          `${(cpuRate(row) / cpuRate(rows[0]!)).toFixed(1)}x`,
          row.validated,
        ]),
        { numbers: true },
      ),
    );
    const disagreements = results.flatMap(([name, verdicts]) =>
      verdicts.flatMap((v, i) => (v === baseline[i] ? [] : [`${name}: ${list[i]!.summary}`])),
    );
    console.log('');
    console.log(disagreements.length === 0 ? 'All methods agree on every verdict.' : `Verdicts differ: ${disagreements.join('; ')}`);
    if (disagreements.length > 0) process.exitCode = 1;
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

function count(verdicts: boolean[]): number {
  return verdicts.filter(Boolean).length;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
