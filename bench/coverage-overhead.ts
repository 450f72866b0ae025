// Measures what our pytest plugin costs: the same generated suite of a few hundred tests run
// as plain pytest, with the plugin without coverage, and with the plugin recording per-test
// line coverage. Prints a table of median wall times and the ratios to the plain run.
//
//   node out/bench/coverage-overhead.js [--tests 300] [--repeats 3] [--python python3]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPytest } from '../src/core/pytest/run';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const count = Number(option('tests', '300'));
  const repeats = Number(option('repeats', '3'));
  const python = option('python', 'python3');
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-'));
  try {
    writeSuite(workspace, count);
    const timings: Record<string, number[]> = { plain: [], plugin: [], coverage: [] };
    for (let round = 0; round < repeats; round++) {
      let started = Date.now();
      const plain = spawnSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--tb=long', '--showlocals'], {
        cwd: workspace,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        encoding: 'utf8',
      });
      timings.plain.push(Date.now() - started);
      if (plain.status !== 1) throw new Error(`plain pytest exited with ${plain.status}: ${plain.stdout.slice(-500)}`);
      for (const coverage of [false, true]) {
        started = Date.now();
        const run = await runPytest({ workspace, python, selection: [], coverage, perTestTimeoutMs: 30_000 });
        timings[coverage ? 'coverage' : 'plugin'].push(Date.now() - started);
        if (run.tests.length !== count) throw new Error(`expected ${count} results, got ${run.tests.length}`);
      }
    }
    const plainMs = median(timings.plain);
    const rows: [string, string, string, string][] = [
      ['plain pytest', String(plainMs), '1.00', timings.plain.join(' ')],
      ['plugin, no coverage', String(median(timings.plugin)), (median(timings.plugin) / plainMs).toFixed(2), timings.plugin.join(' ')],
      ['plugin + coverage', String(median(timings.coverage)), (median(timings.coverage) / plainMs).toFixed(2), timings.coverage.join(' ')],
    ];
    console.log(`${count} tests, ${repeats} runs each, ${python}; wall time of the whole pytest process (start-up included)`);
    console.log(`${'run'.padEnd(22)} ${'median ms'.padStart(10)} ${'x plain'.padStart(8)}   all runs (ms)`);
    for (const [name, ms, ratio, all] of rows) console.log(`${name.padEnd(22)} ${ms.padStart(10)} ${ratio.padStart(8)}   ${all}`);
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
