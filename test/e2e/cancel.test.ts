// Scenario 4: the user cancels a run while its candidate fixes are being validated (the
// fixture's tests are slow on purpose): the progress ends, the run reports it was canceled,
// and no file changed. Canceling a run after an earlier one keeps that run's results everywhere.
import assert from 'node:assert/strict';
import { debugAndWait, debugCommand, fixesOfferedAt, openReviewPanel, progressToast } from './deepdebug-ui';
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

  it("Cancel on a second run keeps the first run's results in the panel, the Problems and the lightbulb", async () => {
    const session = await startSession({ fixture: 'failing-test', scenario: 'cancel-keeps-results' });
    const { workbench } = session;
    await workbench.openFile('pricing.py');
    assert.match((await debugAndWait(workbench)).text, /DeepDebug: \d+ validated fix(es)? for /);
    await workbench.goToNextProblem();
    const line = await workbench.cursorLine();
    const problems = await workbench.problemCounts();
    assert.ok(problems.errors > 0 && problems.warnings > 0, `Problems after the run: ${JSON.stringify(problems)}`);

    await workbench.runCommand(debugCommand);
    await progressToast(workbench).getByRole('button', { name: 'Cancel' }).click();
    await workbench.waitForNotification("DeepDebug run canceled. The previous run's results stay.", 60_000);

    const panel = await openReviewPanel(workbench);
    assert.match(await panel.locator('#headline').innerText(), /^DeepDebug run canceled\. Previous results: DeepDebug: \d+ validated fix/);
    await panel.locator('#apply-1').waitFor({ state: 'visible' });
    assert.deepEqual(await workbench.problemCounts(), problems, "the Problems list keeps the previous run's findings");
    await workbench.openFile('pricing.py');
    assert.ok((await fixesOfferedAt(workbench, line)).length > 0, "the lightbulb still offers the previous run's fix");
    await session.screenshot();
  });
});
