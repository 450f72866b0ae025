// Scenario: the editor's state follows the text. After Apply, Undo brings the bug back and with
// it the offer (the panel's Apply, the Problems, the lightbulb); Redo marks the fix applied again.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { debugAndWait, expectNoLightbulbAt, fixesOfferedAt, openReviewPanel } from './deepdebug-ui';
import { scenarioSessions } from './harness';
import type { Workbench } from './workbench';

const buggyFile = 'pricing.py';

/** Panel, Problems and lightbulb at `line` agree that the best fix is applied. */
async function expectApplied(workbench: Workbench, panel: FrameLocator, line: number): Promise<void> {
  await panel.locator('#headline', { hasText: /DeepDebug: fix 1 applied for / }).waitFor();
  assert.equal((await panel.locator('#patch-1 .status').innerText()).trim(), 'Applied');
  assert.equal(await panel.locator('#apply-1').count(), 0, 'an applied fix has no Apply button');
  await workbench.waitForProblems((counts) => counts.errors === 0 && counts.warnings === 0, 'none once the fix is applied');
  await expectNoLightbulbAt(workbench, line);
}

/** Panel, Problems and lightbulb at `line` agree that the best fix is on offer. */
async function expectOffered(workbench: Workbench, panel: FrameLocator, line: number): Promise<void> {
  await panel.locator('#headline', { hasText: /DeepDebug: \d+ validated fix(es)? for / }).waitFor();
  await panel.locator('#apply-1').waitFor({ state: 'visible' });
  await workbench.waitForProblems((counts) => counts.errors > 0 && counts.warnings > 0, 'the failing test and the suspicious line');
  const offered = await fixesOfferedAt(workbench, line);
  assert.ok(offered.length > 0, `the lightbulb at line ${line} offers no DeepDebug fix`);
}

describe('e2e: the editor state follows the text', function () {
  this.timeout(360_000);
  this.slow(60_000);
  const startSession = scenarioSessions();

  it('Apply, then Undo offers the fix again, then Redo marks it applied: panel, Problems and lightbulb agree', async () => {
    const session = await startSession({ fixture: 'failing-test', scenario: 'apply-undo-redo' });
    const { workbench } = session;
    const original = fs.readFileSync(path.join(session.workspace, buggyFile), 'utf8');

    await workbench.openFile(buggyFile);
    const outcome = await debugAndWait(workbench);
    assert.match(outcome.text, /DeepDebug: \d+ validated fix(es)? for /);
    const panel = await openReviewPanel(workbench);
    await workbench.openFile(buggyFile);
    await workbench.goToNextProblem();
    const line = await workbench.cursorLine(); // the line the best fix changes
    await expectOffered(workbench, panel, line);

    await panel.locator('#apply-1').click();
    await workbench.waitForNotification(`DeepDebug fix applied to ${buggyFile}`);
    await expectApplied(workbench, panel, line);
    const patched = await workbench.editorText();
    assert.notEqual(patched.trimEnd(), original.trimEnd());

    await workbench.undo();
    assert.equal((await workbench.editorTextBecoming(original)).trimEnd(), original.trimEnd(), 'Undo brings the bug back');
    await expectOffered(workbench, panel, line);
    await workbench.settle();
    await session.screenshot('undo-offers-fix-again');

    await workbench.redo();
    assert.equal((await workbench.editorTextBecoming(patched)).trimEnd(), patched.trimEnd(), 'Redo applies the fix again');
    await expectApplied(workbench, panel, line);
    await session.screenshot('redo-applies-fix-again');
  });
});
