// The status bar item's words: the latest run's state and outcome, the model in the tooltip.
import * as assert from 'node:assert/strict';
import { failedState, idleState, runningState, type PanelState } from '../../src/extension/logic/panel-state';
import { statusText } from '../../src/extension/logic/status-text';

const model = 'deepdebug-small · cpu';

function finished(patches: PanelState['patches'], failures: PanelState['failures']): PanelState {
  return { ...idleState(), phase: 'finished', headline: 'DeepDebug: headline', patches, failures };
}

const patch = (
  status: PanelState['patches'][number]['status'],
  recheck: PanelState['patches'][number]['recheck'] = null,
  assurance: PanelState['patches'][number]['assurance'] = 'fix',
): PanelState['patches'][number] => ({
  id: 'r1.1',
  rank: 1,
  summary: 's',
  where: 'w',
  tests: 't',
  why: [],
  source: 'template',
  diff: '',
  status,
  confidence: null,
  recheck,
  assurance,
});
const failure = { nodeid: 't.py::test_a', text: 'AssertionError', location: null };

describe('status-text', () => {
  it('shows the model until a run starts, then the run: its stage while running, its outcome after', () => {
    assert.deepEqual(statusText(idleState(), model).text, '$(beaker) deepdebug-small · cpu');
    const running = statusText(runningState('validating candidate 120 of the search for a fix (2 validated)', idleState()), model);
    assert.equal(running.text, '$(sync~spin) DeepDebug: validating candidate 120 of the search …');
    assert.match(running.tooltip, /validating candidate 120 of the search for a fix \(2 validated\)\nModel: deepdebug-small · cpu\./);
    assert.equal(
      statusText(finished([patch('pending'), patch('pending')], [failure]), model).text,
      '$(lightbulb) DeepDebug: 2 fixes ready',
    );
    assert.equal(statusText(finished([patch('pending')], [failure]), model).text, '$(lightbulb) DeepDebug: fix ready');
    // Unconfirmed patches are not fixes: counted apart.
    const unconfirmed = patch('pending', null, 'unconfirmed');
    assert.equal(statusText(finished([unconfirmed, patch('pending')], [failure]), model).text, '$(lightbulb) DeepDebug: fix ready');
    assert.equal(statusText(finished([unconfirmed, unconfirmed], [failure]), model).text, '$(question) DeepDebug: 2 unconfirmed patches');
    assert.equal(statusText(finished([patch('applied'), patch('pending')], [failure]), model).text, '$(check) DeepDebug: fix applied');
    assert.equal(statusText(finished([patch('discarded')], [failure]), model).text, '$(debug-alt) DeepDebug: no fix found');
    assert.equal(statusText(finished([], []), model).text, '$(pass) DeepDebug: no failing tests');
    assert.equal(statusText(failedState('DeepDebug run canceled.'), model).text, '$(error) DeepDebug run canceled.');
    assert.match(statusText(finished([], [failure]), model).tooltip, /^DeepDebug: headline\nModel: deepdebug-small · cpu\./);
  });

  it('a background run says how many failing tests it fixes; an early fix reads ready while the run goes on', () => {
    const running = runningState('validating candidate 3', idleState());
    assert.equal(statusText(running, model, { tests: 2 }).text, '$(sync~spin) DeepDebug: fixing 2 failing tests…');
    assert.equal(statusText(running, model, { tests: 1 }).text, '$(sync~spin) DeepDebug: fixing 1 failing test…');
    // The previous run's patches (no recheck) stay in the panel while a new run works: not ready.
    const withOld = { ...running, patches: [patch('pending')] };
    assert.equal(statusText(withOld, model, { tests: 1 }).text, '$(sync~spin) DeepDebug: fixing 1 failing test…');
    const early = { ...running, patches: [patch('pending', 'running')] };
    assert.equal(statusText(early, model, { tests: 1 }).text, '$(lightbulb) DeepDebug: fix ready');
    assert.match(statusText(early, model).tooltip, /being re-checked/);
    const confirmed = { ...running, patches: [patch('pending', 'passed')] };
    assert.doesNotMatch(statusText(confirmed, model).tooltip, /being re-checked/);
    // An early fix the user discarded is not ready.
    assert.equal(
      statusText({ ...running, patches: [patch('discarded', 'running')] }, model).text,
      '$(sync~spin) DeepDebug: validating candidate 3',
    );
  });
});
