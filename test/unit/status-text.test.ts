// The status bar item's words: the latest run's state and outcome, the model in the tooltip.
import * as assert from 'node:assert/strict';
import { failedState, idleState, runningState, type PanelState } from '../../src/extension/panel/messages';
import { statusText } from '../../src/extension/status-text';

const model = 'deepdebug-small · cpu';

function finished(patches: PanelState['patches'], failures: PanelState['failures']): PanelState {
  return { ...idleState(), phase: 'finished', headline: 'DeepDebug: headline', patches, failures };
}

const patch = (status: PanelState['patches'][number]['status']): PanelState['patches'][number] => ({
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
});
const failure = { nodeid: 't.py::test_a', text: 'AssertionError', location: null };

describe('status-text', () => {
  it('shows the model until a run starts, then the run: its stage while running, its outcome after', () => {
    assert.deepEqual(statusText(idleState(), model).text, '$(beaker) deepdebug-small · cpu');
    const running = statusText(runningState('validating candidate 120 of the search for a fix (2 validated)', idleState()), model);
    assert.equal(running.text, '$(sync~spin) DeepDebug: validating candidate 120 of the search …');
    assert.match(running.tooltip, /validating candidate 120 of the search for a fix \(2 validated\)\nModel: deepdebug-small · cpu\./);
    assert.equal(statusText(finished([patch('pending'), patch('pending')], [failure]), model).text, '$(lightbulb) DeepDebug: 2 fixes');
    assert.equal(statusText(finished([patch('applied'), patch('pending')], [failure]), model).text, '$(check) DeepDebug: fix applied');
    assert.equal(statusText(finished([patch('discarded')], [failure]), model).text, '$(debug-alt) DeepDebug: no fix');
    assert.equal(statusText(finished([], []), model).text, '$(pass) DeepDebug: no failing tests');
    assert.equal(statusText(failedState('DeepDebug run canceled.'), model).text, '$(error) DeepDebug run canceled.');
    assert.match(statusText(finished([], [failure]), model).tooltip, /^DeepDebug: headline\nModel: deepdebug-small · cpu\./);
  });
});
