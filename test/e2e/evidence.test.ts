// A run finds no validated fix. The run still points somewhere: the suspect's
// line is marked, its hover says in words why it is suspected, and the local values the
// failing frame held show after the line, as in a post-mortem debugger. Editing the file
// takes the marks away (they describe the code the tests ran). The candidates that came
// closest are listed as not validated, each with "Show diff" and never Apply.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { debugAndWait, openReviewPanel, outcomeToast, progressToast } from './deepdebug-ui';
import { scenarioSessions } from './harness';

// The fixture's bug: parse_duration (durations.py) unpacks `text.split("h")` on line 6, which
// fails for minutes without hours; the fix needs new logic, which no edit family writes.
const buggyFile = 'durations.py';
const frameLine = 6;

describe('e2e: evidence when no fix validates', function () {
  this.timeout(360_000);
  this.slow(60_000);
  const startSession = scenarioSessions();

  it("marks the suspect line with its evidence on hover and the frame's locals after it; an edit clears them", async () => {
    const session = await startSession({ fixture: 'no-fix', scenario: 'evidence-no-fix', settings: { 'deepdebug.timeBudget': 15 } });
    const { workbench, page } = session;
    await workbench.openFile(buggyFile);
    const outcome = await debugAndWait(workbench);
    assert.match(outcome.text, /DeepDebug: no validated fix for test_minutes_only/);
    await workbench.openFile(buggyFile);

    // The locals are text the editor renders after the line (a CSS ::after on a decoration).
    const afterTexts = (): Promise<string[]> =>
      workbench
        .activeEditor()
        .locator('.view-lines span')
        .evaluateAll((spans) => {
          const styles = globalThis as unknown as { getComputedStyle(element: unknown, pseudo: string): { content: string } };
          return spans
            .map((span) => styles.getComputedStyle(span, '::after').content)
            .filter((content) => !['none', 'normal', ''].includes(content));
        });
    const deadline = Date.now() + 30_000;
    while (!(await afterTexts()).some((text) => text.includes("text = '45m'")) && Date.now() < deadline) await page.waitForTimeout(250);
    assert.ok(
      (await afterTexts()).some((text) => text.includes("text = '45m'")),
      `after-line texts: ${(await afterTexts()).join(' | ')}`,
    );

    const line = workbench.activeEditor().locator('.view-line', { hasText: 'hours, minutes = text.split("h")' });
    await line.hover({ position: { x: 40, y: 5 } });
    const hover = page.locator('.monaco-hover').filter({ hasText: 'DeepDebug suspect 1' });
    await hover.waitFor({ state: 'visible' });
    const hoverText = await hover.innerText();
    assert.match(hoverText, new RegExp(`line ${frameLine} is where test_minutes_only failed \\(ValueError: not enough values to unpack`));
    assert.match(hoverText, /was run by the failing test and by both passing tests/);
    assert.match(hoverText, /Scores: /);
    await session.screenshot('evidence-hover-and-locals');

    await page.keyboard.press('Escape');

    // Above the failing test, "Debug with DeepDebug" runs DeepDebug on it again.
    await workbench.openFile('test_durations.py');
    const lenses = workbench.activeEditor().locator('.codelens-decoration a', { hasText: 'Debug with DeepDebug' });
    await lenses.first().waitFor({ state: 'visible' });
    assert.equal(await lenses.count(), 1, 'one lens: only test_minutes_only failed');
    await session.screenshot('codelens-debug-failed-test');
    await lenses.first().click();
    await progressToast(workbench).waitFor({ state: 'visible' });
    await progressToast(workbench).waitFor({ state: 'hidden', timeout: 240_000 });
    assert.match(await outcomeToast(workbench).innerText(), /no validated fix for test_minutes_only/);

    await workbench.openFile(buggyFile);
    await workbench.goToLine(1);
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    const cleared = Date.now() + 15_000;
    while ((await afterTexts()).some((text) => text.includes("text = '45m'")) && Date.now() < cleared) await page.waitForTimeout(250);
    assert.ok(!(await afterTexts()).some((text) => text.includes("text = '45m'")), 'an edit clears the marks');
  });

  it('lists the closest candidates, marked as not validated, each with "Show diff" and no Apply', async () => {
    // fizzbuzz counts from 0 and puts "FizzBuzz" first: two bugs, and single edits fix one test of three at best.
    const session = await startSession({
      fixture: 'partial-fix',
      scenario: 'hints-closest-candidates',
      settings: { 'deepdebug.timeBudget': 15 },
    });
    const { workbench } = session;
    await workbench.openFile('fizzbuzz.py');
    const outcome = await debugAndWait(workbench);
    assert.match(outcome.text, /DeepDebug: no validated fix for /);
    const panel = await openReviewPanel(workbench);
    const hint = panel.locator('#hint-1');
    await hint.waitFor({ state: 'visible' });
    assert.match(await hint.innerText(), /Not validated: [\s\S]*fixes \d+\/3 failing tests/);
    assert.equal(
      await panel.locator('#hints button', { hasText: 'Apply' }).count(),
      0,
      'a candidate that did not validate is never offered to apply',
    );
    const original = fs.readFileSync(path.join(session.workspace, 'fizzbuzz.py'), 'utf8');
    await panel.locator('#show-hint-diff-1').click();
    const { original: left, modified: right } = await workbench.diffTexts();
    assert.equal(left.trimEnd(), original.trimEnd(), 'the left side is the file as it is');
    assert.notEqual(right.trimEnd(), left.trimEnd(), 'the right side is the candidate');
    assert.match(
      await workbench.page.locator('.tabs-container .tab.active').innerText(),
      /closest candidate 1 of run \d+ \(not validated\)/,
    );
    await session.screenshot('hints-closest-candidates');
  });
});
