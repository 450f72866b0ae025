// A fix run's early patches in the editor: validated (offered at once, marked as being
// re-checked), confirmed or withdrawn by the clean re-check, then replaced by the run's report.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { sha256 } from '../../src/core/files/hash';
import type { FixReport, PatchEvent, ValidatedPatch } from '../../src/core/types';
import { checkApply } from '../../src/extension/logic/apply-check';
import { codeActionSpecs } from '../../src/extension/logic/code-action-specs';
import { DiagnosticCodes, diagnosticSpecs } from '../../src/extension/logic/diagnostic-specs';
import { inFlightRun, withPatchEvent } from '../../src/extension/logic/early-run';
import { followRun, runningState, idleState, startingState } from '../../src/extension/logic/panel-state';
import { fixName } from '../../src/extension/logic/patch-uri';
import { RunStore, runFromFix } from '../../src/extension/logic/run-record';
import { candidateIn } from '../helpers/candidate';

const workspace = path.resolve('/tmp/ws');
const base = 'def price(n):\n    return n - 1\n';
const diff = '--- a/price.py\n+++ b/price.py\n@@ -1,2 +1,2 @@\n def price(n):\n-    return n - 1\n+    return n\n';

function patch(newBody: string): ValidatedPatch {
  return {
    ...candidateIn('price.py', 'price', [1, 2], base.replace('    return n - 1', newBody), newBody.trim()),
    diff,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 2, suiteTotal: 2 },
    baseSha256: sha256(base),
  };
}

const first = patch('    return n');
const second = patch('    return n + 0');
/** The same patch after its trip over JSON: another object. */
const copy = (value: ValidatedPatch): ValidatedPatch => JSON.parse(JSON.stringify(value)) as ValidatedPatch;

function events(...list: PatchEvent[]) {
  return list.reduce(withPatchEvent, inFlightRun('r2', workspace));
}

function report(patches: ValidatedPatch[]): FixReport {
  return {
    version: 1,
    workspace,
    failures: [{ nodeid: 'test_price.py::test_price', kind: 'test', exception: 'AssertionError', message: '', longrepr: '', frames: [] }],
    flaky: [],
    suspects: [],
    patches,
    model: { name: null, device: null },
    stats: { candidatesGenerated: 3, candidatesValidated: 2, elapsedMs: 100, timeToFirstFixMs: 50 },
  };
}

describe('early patches of a fix run in flight', () => {
  it('a validated patch is offered at once, marked as being re-checked, until its re-check confirms it', () => {
    const validated = events({ kind: 'validated', patch: first });
    assert.deepEqual(
      validated.patches.map((record) => [record.id, record.rank, record.status, record.recheck]),
      [['r2.e1', 1, 'pending', 'running']],
    );
    const [spec] = diagnosticSpecs(validated);
    assert.equal(spec?.code, DiagnosticCodes.suspect);
    assert.equal(spec?.absPath, path.join(workspace, 'price.py'));
    assert.equal(spec?.line, 2, 'the line the patch changes holds the lightbulb');
    assert.match(spec?.message ?? '', /still being re-checked/);
    assert.deepEqual(
      codeActionSpecs(validated, [DiagnosticCodes.suspect]).map((action) => action.title),
      ['Apply DeepDebug fix (being re-checked): return n (fixes 1 failing test; 2/2 other tests pass)', 'Show diff: return n'],
    );

    const confirmed = withPatchEvent(validated, { kind: 'confirmed', patch: copy(first) });
    assert.deepEqual(
      confirmed.patches.map((record) => [record.id, record.recheck]),
      [['r2.e1', 'passed']],
    );
    assert.match(codeActionSpecs(confirmed, [DiagnosticCodes.suspect])[0]?.title ?? '', /^Apply DeepDebug fix: return n/);
    assert.match(diagnosticSpecs(confirmed)[0]?.message ?? '', /passed its clean re-check/);
  });

  it('a withdrawn patch goes; the next validated one takes its place under a new id', () => {
    const run = events(
      { kind: 'validated', patch: first },
      { kind: 'validated', patch: second },
      { kind: 'withdrawn', patch: copy(first), reason: 'fails in a fresh world' },
    );
    assert.deepEqual(
      run.patches.map((record) => [record.id, record.rank, record.patch.newFileText]),
      [['r2.e2', 1, second.newFileText]],
    );
    const again = withPatchEvent(run, { kind: 'validated', patch: first });
    assert.deepEqual(
      again.patches.map((record) => record.id),
      ['r2.e2', 'r2.e3'],
      'an id is never given twice: a diff editor of a withdrawn patch cannot show another one',
    );
    assert.equal(fixName('r2.e3'), 'DeepDebug early fix 3 of run 2', "a diff editor's tab says the fix is an early one");
    assert.equal(fixName('r2.3'), 'DeepDebug fix 3 of run 2');
    assert.deepEqual(diagnosticSpecs(withPatchEvent(run, { kind: 'withdrawn', patch: second, reason: 'r' })), []);
  });

  it('a discarded early patch stays discarded when its re-check confirms it', () => {
    const validated = events({ kind: 'validated', patch: first });
    validated.patches[0]!.status = 'discarded';
    const confirmed = withPatchEvent(validated, { kind: 'confirmed', patch: copy(first) });
    assert.equal(confirmed.patches[0]?.status, 'discarded');
    assert.deepEqual(codeActionSpecs(confirmed, [DiagnosticCodes.suspect]), []);
  });

  it("stands in for the folder's last run until the report replaces it, or until the run stops", () => {
    const store = new RunStore();
    const last = runFromFix('r1', workspace, report([]));
    store.set(last);
    const early = events({ kind: 'validated', patch: first });
    store.setInFlight(early);
    assert.deepEqual(
      store.all().map((run) => run.runId),
      ['r2'],
    );
    assert.equal(store.forWorkspace(workspace), last, 'the last reported run is still what the folder covered');
    assert.equal(store.runTouching(path.join(workspace, 'price.py')), early, 'the lightbulb finds the early patch');
    assert.equal(store.findPatch('r2.e1')?.record.patch, first);

    store.dropInFlight('r2');
    assert.deepEqual(
      store.all().map((run) => run.runId),
      ['r1'],
    );

    store.setInFlight(early);
    const final = runFromFix('r2', workspace, report([first, second]));
    store.set(final);
    assert.deepEqual(
      store.all().map((run) => [run.runId, run.inFlight, run.patches.map((record) => record.id)]),
      [['r2', null, ['r2.1', 'r2.2']]],
    );
    assert.equal(store.inFlightIn(workspace), undefined);
    assert.equal(store.findPatch('r2.e1'), undefined);
  });

  it('the panel shows early patches while the run goes on; Apply checks the file hash as for any patch', () => {
    const early = events({ kind: 'validated', patch: first });
    const state = followRun(runningState('validating', idleState()), early);
    assert.equal(state.phase, 'running');
    assert.deepEqual(
      state.patches.map((shown) => [shown.id, shown.status, shown.recheck]),
      [['r2.e1', 'pending', 'running']],
    );
    assert.deepEqual(startingState(state).patches, [], 'a newer run drops the early patches of one that stopped before its report');
    const record = early.patches[0]!;
    assert.equal(checkApply(early, record, base, false).ok, true);
    const changed = checkApply(early, record, base.replace('n - 1', 'n - 2'), false);
    assert.equal(changed.ok, false);
    assert.match(changed.ok ? '' : changed.reason, /changed since DeepDebug made this fix/);
  });
});
