// A patch's status follows its file's text (Apply, Undo, Redo, other edits), and the panel, the
// diagnostics, the quick fixes and the status bar follow the status; diff documents name their run.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { sha256 } from '../../src/core/files/hash';
import { encodeSource } from '../../src/core/files/source-encoding';
import type { FixReport, ValidatedPatch } from '../../src/core/types';
import { codeActionSpecs } from '../../src/extension/logic/code-action-specs';
import { DiagnosticCodes, diagnosticSpecs } from '../../src/extension/logic/diagnostic-specs';
import { headline } from '../../src/extension/logic/headline';
import { canceledState, finishedState, followRun, runningState } from '../../src/extension/logic/panel-state';
import { statusForText } from '../../src/extension/logic/patch-status';
import { fixName, patchDocumentText } from '../../src/extension/logic/patch-uri';
import { statusText } from '../../src/extension/logic/status-text';
import type { PatchStatus } from '../../src/extension/logic/patch-status';
import { RunStore, runFromFix, type RunRecord } from '../../src/extension/logic/run-record';

const workspace = path.resolve('/tmp/ws');
const absPath = path.join(workspace, 'price.py');
const base = '# café\ndef price(n):\n    return n - 1\n';

function patch(newBody: string, encoding?: 'latin-1'): ValidatedPatch {
  const newFileText = base.replace('    return n - 1', newBody);
  return {
    kind: 'candidate',
    file: 'price.py',
    function: 'price',
    startLine: 2,
    endLine: 3,
    newFunctionText: newFileText,
    newFileText,
    diff: '',
    source: 'template',
    editKind: 'arith-op',
    summary: newBody.trim(),
    score: 1,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 2, suiteTotal: 2 },
    baseSha256: sha256(encodeSource(base, encoding ?? 'utf-8')),
    ...(encoding ? { encoding } : {}),
  };
}

function run(runId: string, patches: ValidatedPatch[]): RunRecord {
  const report: FixReport = {
    version: 1,
    workspace,
    failures: [
      {
        nodeid: 'test_price.py::test_price',
        kind: 'test',
        exception: 'AssertionError',
        message: 'assert 1 == 2',
        longrepr: '',
        frames: [{ file: 'test_price.py', line: 3, function: 'test_price', inWorkspace: true }],
      },
    ],
    flaky: [],
    suspects: [],
    patches,
    model: { name: null, device: null },
    stats: { candidatesGenerated: 2, candidatesValidated: 2, elapsedMs: 100, timeToFirstFixMs: 50 },
  };
  return runFromFix(runId, workspace, report);
}

const fixed = patch('    return n');
const other = patch('    return n + 0');
const statuses = (record: RunRecord): PatchStatus[] => record.patches.map((patchRecord) => patchRecord.status);

describe('patch status follows the document', () => {
  it('Apply, Undo and Redo: applied on the patched text, offered again on the base text', () => {
    const store = new RunStore();
    const record = run('r1', [fixed, other]);
    store.set(record);
    let events = 0;
    store.onDidChange(() => events++);

    store.followText(absPath, fixed.newFileText); // Apply (or Redo)
    assert.deepEqual(statuses(record), ['applied', 'stale']);
    assert.equal(headline(record), 'DeepDebug: fix 1 applied for test_price');
    assert.deepEqual(diagnosticSpecs(record), []);
    assert.deepEqual(codeActionSpecs(record, [DiagnosticCodes.failure]), []);

    store.followText(absPath, base); // Undo
    assert.deepEqual(statuses(record), ['pending', 'pending']);
    assert.equal(headline(record), 'DeepDebug: 2 validated fixes for test_price, the best in price (price.py)');
    assert.ok(diagnosticSpecs(record).some((spec) => spec.code === DiagnosticCodes.failure));
    assert.deepEqual(
      codeActionSpecs(record, [DiagnosticCodes.failure])
        .filter((spec) => spec.isPreferred)
        .map((spec) => spec.patchId),
      ['r1.1'],
    );
    assert.deepEqual(
      finishedState(record).patches.map((shown) => shown.status),
      ['pending', 'pending'],
    );

    store.followText(absPath, fixed.newFileText); // Redo
    assert.deepEqual(statuses(record), ['applied', 'stale']);
    assert.equal(events, 3, 'one change event per status change');
    store.followText(absPath, fixed.newFileText);
    store.followText(path.join(workspace, 'elsewhere.py'), base);
    assert.equal(events, 3, 'no event when nothing changed');
  });

  it('an edit elsewhere makes an offer stale, keeps an applied fix applied, and never revives a discarded one', () => {
    const edited = base.replace('# café', '# cafe');
    const record = run('r2', [fixed, other]);
    assert.equal(statusForText(record.patches[0]!, edited), 'stale');
    record.patches[0]!.status = 'applied';
    assert.equal(statusForText(record.patches[0]!, fixed.newFileText + '\n# more\n'), 'applied');
    record.patches[1]!.status = 'discarded';
    assert.equal(statusForText(record.patches[1]!, base), 'discarded');
    assert.equal(statusForText(record.patches[1]!, other.newFileText), 'discarded');
  });

  it("judges the base by the bytes in the file's own encoding", () => {
    const latin = run('r3', [patch('    return n', 'latin-1')]);
    assert.equal(statusForText(latin.patches[0]!, base), 'pending');
    // The same characters in UTF-8 bytes are not the latin-1 file the patch was made from.
    const utf8Record = {
      ...latin.patches[0]!,
      patch: { ...latin.patches[0]!.patch, baseSha256: sha256(Buffer.from(base, 'latin1')), encoding: undefined },
    };
    assert.equal(statusForText(utf8Record, base), 'stale');
    assert.equal(statusForText(latin.patches[0]!, base.replace('café', 'caf€')), 'stale', 'a character latin-1 cannot hold');
  });

  it('a stale fix shows as stale in the panel, with no Apply in the quick fixes', () => {
    const store = new RunStore();
    const record = run('r4', [fixed]);
    store.set(record);
    store.followText(absPath, base.replace('n - 1', 'n - 2'));
    assert.deepEqual(
      finishedState(record).patches.map((shown) => shown.status),
      ['stale'],
    );
    assert.deepEqual(codeActionSpecs(record, [DiagnosticCodes.failure]), []);
  });
});

describe('panel state across runs', () => {
  it("follows the shown run's statuses; while running only the patches change", () => {
    const record = run('r5', [fixed]);
    const shown = finishedState(record);
    record.patches[0]!.status = 'applied';
    assert.equal(followRun(shown, record).headline, 'DeepDebug: fix 1 applied for test_price');
    assert.equal(followRun(shown, record).patches[0]!.status, 'applied');
    assert.equal(statusText(followRun(shown, record), 'model').text, '$(check) DeepDebug: fix applied', 'the status bar follows too');
    const running = followRun(runningState('Validating 1/4…', shown), record);
    assert.equal(running.headline, 'DeepDebug is working…');
    assert.equal(running.patches[0]!.status, 'applied');
  });

  it('a canceled run keeps the previous results and says it was canceled', () => {
    const state = canceledState(run('r6', [fixed]));
    assert.equal(state.phase, 'finished');
    assert.equal(
      state.headline,
      'DeepDebug run canceled. Previous results: DeepDebug: 1 validated fix for test_price, the best in price (price.py)',
    );
    assert.deepEqual(
      state.patches.map((shown) => [shown.id, shown.status]),
      [['r6.1', 'pending']],
    );
  });

  it('a canceled run says so while the previous results change (the store drops its early patches, a fix is applied)', () => {
    const record = run('r6', [fixed]);
    const state = canceledState(record);
    assert.equal(followRun(state, record).headline, state.headline);
    record.patches[0]!.status = 'applied';
    assert.equal(followRun(state, record).headline, 'DeepDebug run canceled. Previous results: DeepDebug: fix 1 applied for test_price');
    const next = followRun(runningState('Starting…', state), record);
    assert.equal(next.headline, 'DeepDebug is working…');
    assert.equal(next.notice, null, 'a new run ends the news of the canceled one');
  });

  it('diff documents name their run, also once a newer run replaced it', () => {
    assert.equal(fixName('r12.3'), 'DeepDebug fix 3 of run 12');
    const store = new RunStore();
    store.set(run('r7', [fixed]));
    store.set(run('r8', [fixed]));
    assert.equal(patchDocumentText(store, '/r8.1/price.py'), fixed.newFileText);
    assert.match(patchDocumentText(store, '/r7.1/price.py'), /^# DeepDebug fix 1 of run 7 is no longer available: a newer run/);
  });
});
