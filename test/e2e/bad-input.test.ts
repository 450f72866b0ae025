// Scenario 3: bad input. A workspace whose code under test does not parse, and one without
// tests: DeepDebug says what is wrong in one clear message, keeps working, and changes nothing.
import assert from 'node:assert/strict';
import { debugAndWait, openReviewPanel } from './deepdebug-ui';
import { scenarioSessions, snapshotFiles } from './harness';
import type { Workbench } from './workbench';

/**
 * The extension answered with its own message: no crash of the extension host, no internal
 * error, and the review panel agrees with the notification.
 */
async function assertHandled(workbench: Workbench, outcome: string): Promise<void> {
  assert.doesNotMatch(outcome, /DeepDebug failed:/, 'an internal error, not a message about the input');
  const all = (await workbench.notificationTexts()).join(' | ');
  assert.doesNotMatch(all, /Extension host terminated|engine process stopped/i);
  const panel = await openReviewPanel(workbench);
  const headline = (await panel.locator('#headline').innerText()).trim();
  assert.ok(outcome.includes(headline), `the panel says "${headline}", the notification "${outcome}"`);
}

describe('e2e: bad input', function () {
  this.timeout(300_000);
  this.slow(45_000);
  const startSession = scenarioSessions();

  it('code under test with a syntax error: a message naming the SyntaxError and its place, nothing changed', async () => {
    const session = await startSession({ fixture: 'syntax-error', scenario: 'bad-input-syntax-error' });
    const before = snapshotFiles(session.workspace);
    const outcome = await debugAndWait(session.workbench);
    assert.match(outcome.text, /SyntaxError.*inventory\.py:4/);
    await assertHandled(session.workbench, outcome.text);
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before);
  });

  it('a workspace without tests: a clear message, nothing changed', async () => {
    const session = await startSession({ fixture: 'no-tests', scenario: 'bad-input-no-tests' });
    const before = snapshotFiles(session.workspace);
    const outcome = await debugAndWait(session.workbench);
    assert.match(outcome.text, /no tests|collected no|no failing test/i);
    await assertHandled(session.workbench, outcome.text);
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before);
  });
});
