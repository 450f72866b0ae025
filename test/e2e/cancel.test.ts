// Scenario 4: the user cancels a run while its candidate fixes are being validated (the
// fixture's tests are slow on purpose): the progress ends, the run reports it was canceled,
// and no file changed.
import assert from 'node:assert/strict';
import { debugCommand, openReviewPanel, progressToast } from './deepdebugUi';
import { scenarioSessions, snapshotFiles } from './harness';

describe('e2e: cancel', function () {
  this.timeout(300_000);
  this.slow(60_000);
  const startSession = scenarioSessions();

  it('Cancel on the progress notification during validation stops the run and changes nothing', async () => {
    const session = await startSession({ fixture: 'slow-tests', scenario: 'cancel-during-validation' });
    const { workbench } = session;
    const before = snapshotFiles(session.workspace);

    await workbench.runCommand(debugCommand);
    const progress = progressToast(workbench);
    await progress.filter({ hasText: 'Validating' }).waitFor({ state: 'visible', timeout: 180_000 });
    assert.ok(session.scratchProcesses().size > 0, 'validation runs the tests in scratch copies');
    await progress.getByRole('button', { name: 'Cancel' }).click();

    await workbench.waitForNotification('DeepDebug run canceled.', 30_000);
    await progress.waitFor({ state: 'hidden', timeout: 30_000 });
    // The candidates' test runs stop too: no process is left in the engine's scratch copies.
    const deadline = Date.now() + 30_000;
    while (session.scratchProcesses().size > 0 && Date.now() < deadline) await workbench.page.waitForTimeout(250);
    assert.deepEqual([...session.scratchProcesses().values()], []);
    const panel = await openReviewPanel(workbench);
    assert.equal((await panel.locator('#headline').innerText()).trim(), 'DeepDebug run canceled.');
    assert.equal(await panel.locator('#patches').count(), 0, 'a canceled run offers no fix');
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before);
  });
});
