import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FixReport } from '../../src/core/types';
import { KeptPools } from '../../src/core/validate';
import { processesIn } from '../helpers/processes';
import { fixesQuicksort, fixQuicksort } from '../helpers/quicksort-fix';
import { copyFixture, removeCopy } from '../helpers/workspace';

// The validator's sessions kept from one fix run to the next (src/core/validate/kept-pools.ts,
// as the sidecar keeps them), on real pytest sessions over a copy of test/fixtures/validate-basic:
// an unchanged workspace's next run is served by the same sessions; a changed file retires them.

/** The processes of worker sessions living in `tmp` (where the runs make their worlds), by pid: each session's worker, fork server and, sandboxed, bubblewrap. */
function sessionsIn(tmp: string): Set<string> {
  return new Set(
    processesIn([tmp])
      .filter((line) => line.includes('deepdebug_worker'))
      .map((line) => line.split(':')[0]!),
  );
}

describe('Validator sessions kept between fix runs', function () {
  this.timeout(180_000);
  let workspace: string;
  let tmp: string;
  let pools: KeptPools;
  let tmpBefore: string | undefined;

  beforeEach(() => {
    workspace = copyFixture('validate-basic');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-kept-tmp-'));
    tmpBefore = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    pools = new KeptPools();
  });

  afterEach(async () => {
    await pools.dispose();
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    removeCopy(workspace);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const fix = (): Promise<FixReport> => fixQuicksort(workspace, pools);
  const fixed = fixesQuicksort;

  it('serve the next run of an unchanged workspace, and end with the keeper', async () => {
    assert.ok(fixed(await fix()));
    const kept = sessionsIn(tmp);
    assert.ok(kept.size > 0, 'sessions kept after the run');
    const second = await fix();
    assert.ok(fixed(second));
    const poolStart = second.stats.timeline?.find((step) => step.step === 'pool-start');
    assert.equal(poolStart?.startMs, 0);
    assert.deepEqual(sessionsIn(tmp), kept, 'the same sessions served the second run and are kept again');
    await pools.dispose();
    assert.deepEqual(processesIn([tmp]), []);
  });

  it('are retired when a file they copied changed: the next run validates against the new text', async () => {
    assert.ok(fixed(await fix()));
    const kept = sessionsIn(tmp);
    assert.ok(kept.size > 0);
    // The user adds a failing test the kept copy does not have.
    fs.appendFileSync(
      path.join(workspace, 'test_algorithms.py'),
      '\n\ndef test_quicksort_all_equal():\n    assert quicksort([2, 2, 2]) == [2, 2, 2]\n',
    );
    const second = await fix();
    for (const pid of kept) assert.ok(!sessionsIn(tmp).has(pid), `kept session ${pid} retired`);
    const added = 'test_algorithms.py::test_quicksort_all_equal';
    assert.ok(
      second.failures.some((failure) => failure.nodeid === added),
      second.failures.map((f) => f.nodeid).join(', '),
    );
    const top = second.patches[0];
    assert.ok(top && fixed(second), 'fixed');
    // Validated against both failing tests: a kept copy without the new test would not serve it.
    assert.deepEqual([top.validation.failingFixed, top.validation.failingTotal], [2, 2]);
  });
});
