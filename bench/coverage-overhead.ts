// Measures what our pytest plugin costs: the same generated suite of a few hundred tests run
// as plain pytest, with the plugin without coverage, and with the plugin recording per-test
// line coverage. Prints median wall and CPU times and their ratios to the plain run. CPU time
// (user+sys of the pytest process, taken by a shell wrapper's `times`) is the steadier figure
// on a shared machine.
//
//   node out/bench/coverage-overhead.js [--tests 300] [--repeats 3] [--python python3]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPytest } from '../src/core/pytest/run';
import { benchOptions, wholeNumber } from './lib/options';

// Pure-Python work of the kinds test suites exercise: loops, comparisons, string and dict work.
const LIBRARY = `
def insertion_sort(values):
    items = list(values)
    for i in range(1, len(items)):
        key = items[i]
        j = i - 1
        while j >= 0 and items[j] > key:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = key
    return items


def primes_below(limit):
    sieve = [True] * limit
    found = []
    for n in range(2, limit):
        if sieve[n]:
            found.append(n)
            for multiple in range(n * n, limit, n):
                sieve[multiple] = False
    return found


def word_counts(text):
    counts = {}
    for word in text.lower().split():
        word = word.strip(".,;:!?")
        if word:
            counts[word] = counts.get(word, 0) + 1
    return counts
`;

const TEXT = 'The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs! '.repeat(20);

/** A workspace with `count` tests over ten test files; every tenth one fails. */
function writeSuite(folder: string, count: number): void {
  fs.writeFileSync(path.join(folder, 'library.py'), LIBRARY);
  fs.writeFileSync(path.join(folder, 'conftest.py'), 'import os\nimport sys\n\nsys.path.insert(0, os.path.dirname(__file__))\n');
  const files = 10;
  for (let file = 0; file < files; file++) {
    const lines = ['from library import insertion_sort, primes_below, word_counts', '', `TEXT = ${JSON.stringify(TEXT)}`, ''];
    for (let i = file; i < count; i += files) {
      const expected = i % 10 === 9 ? 'sorted(data)[::-1]' : 'sorted(data)';
      lines.push(
        `def test_case_${i}():`,
        `    data = [(n * ${i + 7}) % 101 for n in range(120)]`,
        `    assert insertion_sort(data) == ${expected}`,
        `    assert len(primes_below(${500 + i})) > 90`,
        `    assert word_counts(TEXT)["the"] == 80`,
        '',
      );
    }
    fs.writeFileSync(path.join(folder, `test_suite_${file}.py`), lines.join('\n'));
  }
}

/**
 * A shell script that runs the interpreter and appends its CPU seconds ("user sys") to a log,
 * used as "the Python" in every mode so that all pay the same wrapper.
 */
function writeCpuWrapper(folder: string, python: string): { wrapper: string; log: string } {
  const wrapper = path.join(folder, 'python-cpu');
  const log = path.join(folder, 'cpu.log');
  const script = [
    '#!/bin/sh',
    `${JSON.stringify(python)} "$@"`,
    'status=$?',
    // The second line of `times` is the children's user and system time, e.g. "0m1.20s 0m0.31s"
    // (not in a pipeline: a subshell has no children of its own).
    `times >> ${JSON.stringify(log)}`,
    'exit $status',
    '',
  ].join('\n');
  fs.writeFileSync(wrapper, script, { mode: 0o755 });
  return { wrapper, log };
}

function lastCpuMs(log: string): number {
  const last = fs.readFileSync(log, 'utf8').trim().split('\n').pop() ?? '';
  const seconds = [...last.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  if (seconds.length !== 2) throw new Error(`cannot read CPU times from "${last}"`);
  const [user, system] = seconds as [number, number];
  return Math.round((user + system) * 1000);
}

/** NaN for no values: a mode that never ran shows as such in the table. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const { count, repeats, python } = benchOptions(
    {
      tests: { type: 'string', default: '300' },
      repeats: { type: 'string', default: '3' },
      python: { type: 'string', default: 'python3' },
    },
    (values) => ({
      count: wholeNumber('--tests', values.tests, 1),
      repeats: wholeNumber('--repeats', values.repeats, 1),
      python: values.python,
    }),
  );
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-'));
  const tools = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-tools-'));
  try {
    writeSuite(workspace, count);
    const { wrapper, log } = writeCpuWrapper(tools, python);
    const modes = ['plain pytest', 'plugin, no coverage', 'plugin + coverage'] as const;
    type Mode = (typeof modes)[number];
    const wall = Object.fromEntries(modes.map((mode) => [mode, [] as number[]])) as Record<Mode, number[]>;
    const cpu = Object.fromEntries(modes.map((mode) => [mode, [] as number[]])) as Record<Mode, number[]>;
    const record = (mode: Mode, wallMs: number): void => {
      wall[mode].push(wallMs);
      cpu[mode].push(lastCpuMs(log));
    };
    for (let round = 0; round < repeats; round++) {
      let started = Date.now();
      const plain = spawnSync(wrapper, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--tb=long', '--showlocals'], {
        cwd: workspace,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        encoding: 'utf8',
      });
      if (plain.status !== 1) throw new Error(`plain pytest exited with ${plain.status}: ${plain.stdout.slice(-500)}`);
      record(modes[0], Date.now() - started);
      for (const coverage of [false, true]) {
        started = Date.now();
        const run = await runPytest({ workspace, python: wrapper, selection: [], coverage, perTestTimeoutMs: 30_000 });
        if (run.tests.length !== count) throw new Error(`expected ${count} results, got ${run.tests.length}`);
        record(coverage ? modes[2] : modes[1], Date.now() - started);
      }
    }
    const plainWall = median(wall[modes[0]]);
    const plainCpu = median(cpu[modes[0]]);
    console.log(`${count} tests, ${repeats} runs each, ${python}; whole pytest process, start-up included`);
    console.log(`${'run'.padEnd(22)} ${'wall ms'.padStart(8)} ${'x plain'.padStart(8)} ${'cpu ms'.padStart(8)} ${'x plain'.padStart(8)}`);
    for (const mode of modes) {
      const wallMs = median(wall[mode]);
      const cpuMs = median(cpu[mode]);
      console.log(
        `${mode.padEnd(22)} ${String(wallMs).padStart(8)} ${(wallMs / plainWall).toFixed(2).padStart(8)} ` +
          `${String(cpuMs).padStart(8)} ${(cpuMs / plainCpu).toFixed(2).padStart(8)}`,
      );
    }
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(tools, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
