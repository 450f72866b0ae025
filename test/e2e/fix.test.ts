// Scenarios 1 and 2: "Debug with DeepDebug" on a workspace with a failing test finds a
// validated fix; the user applies it from the lightbulb, or looks at it in a diff editor.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addedLines, debugAndWait, openReviewPanel } from './deepdebug-ui';
import { scenarioSessions, snapshotFiles } from './harness';

// The fixture's bug: bulk_discount (lines 4-8 of pricing.py) uses `>` where `>=` is meant.
const buggyFile = 'pricing.py';
const buggyFunction = { first: 4, last: 8 };
/** "fixes 1 failing test; 3/3 other tests pass": a validated patch keeps every other test passing. */
const allTestsPass = /fixes \d+ failing tests?; (\d+)\/\1 other tests? pass(es)?/;

describe('e2e: Debug with DeepDebug on a failing test', function () {
  this.timeout(360_000);
  this.slow(60_000);
  const startSession = scenarioSessions();

  it('lists a validated patch; the quick fix at the suspicious line applies it and pytest passes', async () => {
    const session = await startSession({ fixture: 'failing-test', scenario: 'fix-and-apply' });
    const { workbench } = session;
    const original = fs.readFileSync(path.join(session.workspace, buggyFile), 'utf8');
    assert.notEqual(session.runPytest().status, 0, 'the fixture must start with a failing test');

    await workbench.openFile(buggyFile);
    const outcome = await debugAndWait(workbench);
    assert.match(
      outcome.text,
      /DeepDebug: \d+ validated fix(es)? for .*, the best in bulk_discount \(pricing\.py\); ran .+ \(\d+ tests?\)/,
    );

    const panel = await openReviewPanel(workbench);
    const best = panel.locator('#patch-1');
    await best.waitFor({ state: 'visible' });
    const bestText = await best.innerText();
    assert.match(bestText, new RegExp(`bulk_discount in ${buggyFile}`));
    // Explained: the failing test before and after, then the rest of the run under the patch.
    assert.match(bestText, /test_\w+ failed with AssertionError: .*; now it passes/);
    assert.match(bestText, /other tests? of this run ran under the patch and still pass(es)?/);
    await session.screenshot('explained-fix');
    assert.equal(fs.readFileSync(path.join(session.workspace, buggyFile), 'utf8'), original, 'nothing applied yet');

    await workbench.openFile(buggyFile);
    await workbench.goToNextProblem();
    const line = await workbench.cursorLine();
    assert.ok(line >= buggyFunction.first && line <= buggyFunction.last, `suspicious line ${line} is outside bulk_discount`);
    await workbench.page.keyboard.press('End'); // onto the line's code, where the lightbulb shows
    await workbench.lightbulb().waitFor({ state: 'visible' });
    const titles = await workbench.quickFixTitles();
    const applyTitle = titles.find((title) => title.startsWith('Apply DeepDebug fix: '));
    assert.ok(applyTitle, `quick fixes offered: ${titles.join(' | ')}`);
    assert.match(applyTitle, new RegExp(`${allTestsPass.source}\\)$`));
    assert.ok(
      titles.some((title) => title.startsWith('Show diff: ')),
      `quick fixes offered: ${titles.join(' | ')}`,
    );

    await workbench.chooseQuickFix(applyTitle);
    await workbench.waitForNotification(`DeepDebug fix applied to ${buggyFile}`);
    const edited = await workbench.editorText();
    assert.notEqual(edited.trimEnd(), original.trimEnd());
    await workbench.save();
    const saved = fs.readFileSync(path.join(session.workspace, buggyFile), 'utf8');
    assert.notEqual(saved, original);
    assert.equal(saved.trimEnd(), edited.trimEnd());
    const pytest = session.runPytest();
    assert.equal(pytest.status, 0, `pytest after the fix:\n${pytest.output}`);
    await session.screenshot();
  });

  it('"Show diff" opens a diff editor with the patch, and the file stays as it was', async () => {
    const session = await startSession({ fixture: 'failing-test', scenario: 'show-diff' });
    const { workbench } = session;
    const before = snapshotFiles(session.workspace);
    const original = fs.readFileSync(path.join(session.workspace, buggyFile), 'utf8');

    const outcome = await debugAndWait(workbench);
    assert.match(outcome.text, /DeepDebug: \d+ validated fix(es)? for /);
    const panel = await openReviewPanel(workbench);
    const added = await addedLines(panel, 1);
    assert.ok(added.length > 0, 'the panel shows the patch as a diff');
    await panel.locator('#show-diff-1').click();

    const { original: left, modified: right } = await workbench.diffTexts();
    assert.equal(left.trimEnd(), original.trimEnd(), 'the left side is the file as it is');
    assert.notEqual(right.trimEnd(), left.trimEnd());
    for (const line of added) assert.ok(right.split('\n').includes(line), `the patched side lacks: ${line}`);
    const tab = workbench.page.locator('.tabs-container .tab.active');
    assert.match(await tab.innerText(), /DeepDebug fix 1 of run \d+/, 'the tab names the run');
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before, 'showing a diff changes no file');
  });
});
