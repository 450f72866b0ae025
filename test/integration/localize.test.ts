import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { localize } from '../../src/core/localize';
import { failuresOf, isTestFile } from '../../src/core/pytest/failures';
import { runPytest } from '../../src/core/pytest/run';
import { packageRoot } from '../../src/core/files/resources';
import { buildModelInput, extractFocal } from '../../src/core/skeleton';
import { parsesCleanly } from '../../src/core/syntax/parser';
import type { Failure, PytestRun, Suspect } from '../../src/core/types';

// Real pytest runs, with per-test coverage, of the fixture projects test/fixtures/localize-*,
// each holding one known bug; localization must find it.

interface Analysis {
  workspace: string;
  run: PytestRun;
  failures: Failure[];
  suspects: Suspect[];
}

// Each fixture is run once; the tests only read the result.
const analyses = new Map<string, Promise<Analysis>>();
function analyze(name: string): Promise<Analysis> {
  let analysis = analyses.get(name);
  if (!analysis) {
    analysis = runAndLocalize(name);
    analyses.set(name, analysis);
  }
  return analysis;
}

async function runAndLocalize(name: string): Promise<Analysis> {
  const workspace = path.join(packageRoot(), 'test', 'fixtures', name);
  const run = await runPytest({ workspace, python: 'python3', selection: [], coverage: true, perTestTimeoutMs: 10_000 });
  const failures = failuresOf(run);
  const suspects = await localize(run, failures, {
    workspace,
    readSource: async (file) => fs.promises.readFile(path.join(workspace, file), 'utf8').catch(() => null),
    isTestFile,
  });
  return { workspace, run, failures, suspects };
}

/** 1-based rank of a function in the suspects, 0 when absent. */
function rankOf(suspects: Suspect[], file: string, fn: string): number {
  return suspects.findIndex((s) => s.file === file && s.function === fn) + 1;
}

describe('localize on real pytest runs', function () {
  this.timeout(120_000);

  it('ranks first the method the trace points at (an IndexError inside it)', async () => {
    const { failures, suspects } = await analyze('localize-trace');
    assert.deepEqual(
      failures.map((f) => [f.nodeid, f.exception]),
      [['tests/test_roster.py::test_initials_with_double_space', 'IndexError']],
    );
    assert.equal(rankOf(suspects, 'roster.py', 'Roster.initials'), 1);
    const top = suspects[0]!;
    assert.deepEqual([top.startLine, top.endLine], [17, 20]);
    assert.equal(top.lines[0]!.line, 20);
    assert.ok(top.reasons.includes('frame 1 of 2 (innermost)'), top.reasons.join('; '));
    // Test functions come after every function of the code under test.
    const firstTest = suspects.findIndex((s) => s.file.startsWith('tests/'));
    assert.ok(firstTest > 0 && suspects.slice(firstTest).every((s) => s.file.startsWith('tests/')));
  });

  it('ranks the buggy caller above the shared helper that raised', async () => {
    const { failures, suspects } = await analyze('localize-helper');
    assert.equal(failures.length, 1);
    assert.equal(failures[0]!.exception, 'ValueError');
    assert.equal(rankOf(suspects, 'scale.py', 'normalize'), 1);
    assert.equal(rankOf(suspects, 'scale.py', 'safe_ratio'), 2);
    assert.ok(
      suspects[1]!.reasons.some((r) => r.startsWith('frame 1 of ')),
      suspects[1]!.reasons.join('; '),
    );
  });

  it('finds by the spectrum a wrong return value that only assertions in the tests reveal, over two failing tests', async () => {
    const { failures, suspects } = await analyze('localize-spectrum');
    assert.deepEqual(failures.map((f) => f.nodeid).sort(), [
      'tests/test_prices.py::test_cart_with_discount',
      'tests/test_prices.py::test_discount',
    ]);
    assert.ok(failures.every((f) => f.frames.filter((fr) => fr.inWorkspace).every((fr) => isTestFile(fr.file))));
    const rank = rankOf(suspects, 'prices.py', 'discount');
    assert.ok(rank >= 1 && rank <= 3, `discount ranked ${rank}: ${suspects.map((s) => s.function).join(', ')}`);
    const found = suspects[rank - 1]!;
    assert.equal(found.lines[0]!.line, 14);
    assert.ok(found.reasons.includes('line 14 covered by 2/2 failing, 0/4 passing tests'), found.reasons.join('; '));
  });

  it('builds a valid skeleton around the top suspect, the trace appended', async () => {
    const { workspace, failures, suspects } = await analyze('localize-helper');
    const top = suspects[0]!;
    const source = fs.readFileSync(path.join(workspace, top.file), 'utf8');
    const input = await buildModelInput({
      source,
      file: top.file,
      focal: { function: top.function, startLine: top.startLine, endLine: top.endLine },
      failure: failures[0]!,
    });
    assert.ok(await parsesCleanly(input.skeleton));
    assert.equal(
      extractFocal(input.skeleton),
      source
        .split('\n')
        .slice(top.startLine - 1, top.endLine)
        .join('\n') + '\n',
    );
    assert.match(input.trace, /^ValueError: ratio with a zero denominator\n/);
    assert.match(input.trace, /scale\.py:\d+ in normalize\n/);
    assert.ok(input.tokens <= input.tokenBudget);
  });
});
