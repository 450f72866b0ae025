// Where the validated fixes disagree on a new input, the panel asks which answer is right:
// choosing one puts the fixes that give it first (each keeping its id and status), and the
// chosen answer's test is what "Add this test" writes; the webview's messages are checked.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { answerTestText } from '../../src/core/behaviour/disagreement';
import type { Disagreement, FixReport, ValidatedPatch } from '../../src/core/types';
import { finishedState, parseWebviewMessage } from '../../src/extension/logic/panel-state';
import { RunStore, runFromFix } from '../../src/extension/logic/run-record';

const workspace = path.resolve('/tmp/ws');
const base = 'def median(xs):\n    return xs[len(xs) // 2]\n';

function patch(body: string, answer: number): ValidatedPatch {
  const newFileText = base.replace('    return xs[len(xs) // 2]', body);
  return {
    kind: 'candidate',
    file: 'stats.py',
    function: 'median',
    startLine: 1,
    endLine: 2,
    newFunctionText: newFileText,
    newFileText,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary: body.trim(),
    score: 1,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 2, suiteTotal: 2 },
    baseSha256: 'x',
    behaviour: { kept: 3, changed: [], newInputs: 4, agreesOn: 2, others: 1, asBefore: 2, crashes: [], group: 0, answer },
    confidence: 'kept the behaviour of 3 recorded calls',
  };
}

const test1 = 'def test_median_3_1():\n    from stats import median\n\n    assert median([3, 1]) == 3\n';
const test2 = 'def test_median_3_1():\n    from stats import median\n\n    assert median([3, 1]) == 2.0\n';
const disagreement: Disagreement = {
  file: 'stats.py',
  function: 'median',
  call: 'median([3, 1])',
  before: '1',
  answers: [
    { result: '3', patches: [1], test: test1 },
    { result: '2.0', patches: [2], test: test2 },
  ],
  testFile: 'test_deepdebug_median.py',
};

function report(): FixReport {
  return {
    version: 1,
    workspace,
    failures: [],
    flaky: [],
    suspects: [],
    patches: [
      patch('    return sorted(xs)[len(xs) // 2]', 0),
      patch('    return sum(sorted(xs)[(len(xs) - 1) // 2:len(xs) // 2 + 1]) / (2 - len(xs) % 2)', 1),
    ],
    model: { name: null, device: null },
    disagreement,
    stats: { candidatesGenerated: 2, candidatesValidated: 2, elapsedMs: 100, timeToFirstFixMs: 50 },
  };
}

describe('the panel asks where the fixes disagree', () => {
  it("shows each answer with the ranks of the fixes that give it, and each fix's confidence", () => {
    const state = finishedState(runFromFix('r1', workspace, report()));
    assert.deepEqual(state.question, {
      runId: 'r1',
      call: 'median([3, 1])',
      where: 'median in stats.py',
      before: '1',
      answers: [
        { result: '3', fixes: [1], test: test1 },
        { result: '2.0', fixes: [2], test: test2 },
      ],
      testFile: 'test_deepdebug_median.py',
      chosen: null,
      added: false,
    });
    assert.deepEqual(
      state.patches.map((p) => p.confidence),
      ['kept the behaviour of 3 recorded calls', 'kept the behaviour of 3 recorded calls'],
    );
    assert.equal(finishedState(runFromFix('r2', workspace, { ...report(), disagreement: undefined })).question, null);
  });

  it('choosing an answer puts its fixes first, keeps ids and statuses, and says why the others went down', () => {
    const store = new RunStore();
    const run = runFromFix('r1', workspace, report());
    store.set(run);
    store.setStatus('r1.2', 'discarded');
    const answered = store.answer('r1', 1)!;
    assert.deepEqual(
      answered.patches.map((r) => [r.id, r.rank, r.status]),
      [
        ['r1.2', 1, 'discarded'],
        ['r1.1', 2, 'pending'],
      ],
    );
    assert.match(answered.patches[1]!.patch.rankedBecause!, /ranked down: gives 3 for median\(\[3, 1\]\), not 2\.0 that you chose/);
    const state = finishedState(answered);
    assert.equal(state.question?.chosen, 1);
    assert.deepEqual(
      state.question?.answers.map((a) => a.fixes),
      [[2], [1]],
    );
    assert.equal(store.answer('r1', 5), undefined, 'no such answer');
    assert.equal(store.answer('r9', 0), undefined, 'no such run');
    store.testAdded('r1');
    assert.equal(finishedState(store.all()[0]!).question?.added, true);
  });

  it('the test joins the file after what is there, or starts it; never twice', () => {
    assert.equal(answerTestText(null, test1), test1);
    assert.equal(answerTestText('import os\n\n', test1), `import os\n\n\n${test1}`);
    assert.deepEqual(answerTestText(`import os\n\n\n${test1}`, test2), { refused: 'already has test_median_3_1' });
  });

  it('accepts well-formed answer messages from the webview only', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'chooseAnswer', runId: 'r1', answer: 0 }), {
      type: 'chooseAnswer',
      runId: 'r1',
      answer: 0,
    });
    assert.deepEqual(parseWebviewMessage({ type: 'addTest', runId: 'r1', answer: 1 }), { type: 'addTest', runId: 'r1', answer: 1 });
    for (const bad of [
      { type: 'addTest', runId: 'r1', answer: -1 },
      { type: 'addTest', runId: 'r1', answer: 0.5 },
      { type: 'chooseAnswer', runId: '', answer: 0 },
      { type: 'chooseAnswer', answer: 0 },
    ]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});
