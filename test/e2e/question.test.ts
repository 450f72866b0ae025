// Scenario: the validated fixes pass the user's thin suite but disagree on an input no test
// covers. The panel asks which answer is right; the user's choice puts the fixes that give it
// first, and "Add this test" writes the answer into the suite, only then.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { debugAndWait, openReviewPanel } from './deepdebug-ui';
import { scenarioSessions, snapshotFiles } from './harness';

// The fixture (test/fixtures/behaviour-seeds): top_score reads the first of the sorted scores;
// `[-1]` fixes it, and so do wrong fixes the two tests cannot tell apart (`[2]`, `scores[1]`).
const testFile = 'test_deepdebug_top_score.py';

describe('e2e: the fixes disagree, and the user answers', function () {
  this.timeout(360_000);
  this.slow(60_000);
  const startSession = scenarioSessions();

  it('asks on the input they disagree on; the answer reorders the fixes, and its test joins the suite when added', async () => {
    const session = await startSession({ fixture: 'behaviour-seeds', scenario: 'question', settings: { 'deepdebug.timeBudget': 30 } });
    const { workbench, page } = session;
    await workbench.openFile('scores.py');
    const outcome = await debugAndWait(workbench);
    assert.match(outcome.text, /DeepDebug: \d+ validated fix(es)? for /);
    const before = snapshotFiles(session.workspace);

    const panel = await openReviewPanel(workbench);
    const question = panel.locator('#question');
    await question.waitFor({ state: 'visible' }).catch(async (error: unknown) => {
      // What the panel showed instead (which fixes, how sure) tells why no question was asked.
      throw new Error(`no question in the panel: ${String(error)}\n${await panel.locator('body').innerText()}`);
    });
    assert.match(
      await question.innerText(),
      /On top_score\(\[\d+(, \d+)?\]\) \(top_score in scores\.py\) the validated fixes give different answers/,
    );
    const answers = panel.locator('#question li.answer button');
    assert.ok((await answers.count()) >= 2, await question.innerText());
    // Every shown fix says how much evidence it has; here each is unsure.
    assert.match(await panel.locator('#patch-1 .confidence').innerText(), /^unsure: gives /);
    await session.screenshot('question-fixes-disagree');

    // The right answer is the one the `[-1]` fix gives: the largest score, not an IndexError.
    await answers
      .filter({ hasNotText: /raises/ })
      .first()
      .click();
    await panel.locator('#answer-test').waitFor({ state: 'visible' });
    const test = await panel.locator('#answer-test').innerText();
    assert.match(test, /^def test_top_score_/m);
    assert.match(test, /assert top_score\(\[\d+(, \d+)?\]\) == \d+/);
    // The fixes giving the chosen answer come first: fix 1 is among them.
    assert.match(await panel.locator('#question li.answer.chosen').innerText(), /\(fix 1(, \d+)*\)$/);
    assert.deepEqual(snapshotFiles(session.workspace), before, 'choosing an answer writes nothing');

    await panel.locator('#add-test').click();
    await panel.locator('#answer-test-added').waitFor({ state: 'visible' });
    const written = path.join(session.workspace, testFile);
    assert.ok(fs.existsSync(written), `${testFile} was not written`);
    assert.equal(fs.readFileSync(written, 'utf8').trimEnd(), test.trimEnd());
    // The suite now holds the answer: the buggy code fails it, as it fails the other tests.
    const pytest = session.runPytest();
    assert.notEqual(pytest.status, 0);
    assert.match(pytest.output, new RegExp(`${testFile}::test_top_score_\\w+ FAILED|FAILED ${testFile}::test_top_score_`));
    await page.waitForTimeout(500); // the editor opens the test file beside the panel
    assert.match(await workbench.page.locator('.tabs-container .tab.active').innerText(), new RegExp(testFile.replace(/\./g, '\\.')));
    await session.screenshot('suite-after-accepting-test');
  });
});
