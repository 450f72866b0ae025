// Scenario: the user's own model server as a source of fixes in the editor, set in the
// deepdebug.modelServer.* settings. A scripted server on loopback speaks Ollama's API; the
// fixture's bug is a missing case no edit family writes, so only the server's answer fixes it:
// the lightbulb offers it and the panel names the model it came from. A URL off this machine
// is refused with one clear message before anything runs, and nothing changes.
import assert from 'node:assert/strict';
import { fencedAnswer, MISSING_CASE_FIX, startModelServer, type ScriptedServer } from '../helpers/model-server';
import { addedLines, debugAndWait, openReviewPanel, patchesOfferedAt } from './deepdebug-ui';
import { scenarioSessions, snapshotFiles } from './harness';

// The fixture (test/fixtures/server-missing-case): shipping_cost lacks the freight price for
// parcels over 10 kg; the server answers MISSING_CASE_FIX.
const buggyFile = 'parcels.py';

describe("e2e: fixes from the user's model server", function () {
  this.timeout(360_000);
  this.slow(60_000);
  const startSession = scenarioSessions();
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("offers the server's fix on the lightbulb; the panel shows it as coming from the server's model", async () => {
    server = await startModelServer({
      api: 'ollama',
      models: ['llama3:8b', 'qwen2.5-coder:7b'],
      answer: () => ({ text: fencedAnswer(MISSING_CASE_FIX) }),
    });
    const session = await startSession({
      fixture: 'server-missing-case',
      scenario: 'model-server',
      settings: { 'deepdebug.modelServer.url': server.url, 'deepdebug.timeBudget': 40 },
    });
    const { workbench } = session;
    const before = snapshotFiles(session.workspace);
    await workbench.openFile(buggyFile);
    const outcome = await debugAndWait(workbench);
    // A fix, or a patch nothing beyond the tests confirms: either way the server's, the only one.
    assert.match(outcome.text, /DeepDebug: .*, the (best|first) in shipping_cost \(parcels\.py\)/);
    assert.ok(server.chats.length > 0, 'the extension asked the server');

    const panel = await openReviewPanel(workbench);
    const best = panel.locator('#patch-1');
    await best.waitFor({ state: 'visible' });
    assert.match(await best.locator('.muted').first().innerText(), /from qwen2\.5-coder:7b via /);
    assert.ok((await addedLines(panel, 1)).includes('    return 20'), await best.innerText());
    const summary = (await best.locator('h4').innerText()).trim();

    await workbench.openFile(buggyFile);
    await workbench.goToNextProblem();
    // The only validated patch, so nothing compares it with another: a fix or an unconfirmed patch.
    const offered = await patchesOfferedAt(workbench, await workbench.cursorLine());
    assert.ok(
      offered.some((title) => title.includes(`: ${summary} (`)),
      `the panel's fix is "${summary}"; the lightbulb offers: ${offered.join(' | ')}`,
    );
    await session.screenshot('model-server-fix');
    assert.deepEqual(snapshotFiles(session.workspace), before, 'nothing applied');
  });

  it('a server off this machine is refused in one clear message, and nothing changes', async () => {
    const session = await startSession({
      fixture: 'server-missing-case',
      scenario: 'model-server-remote',
      settings: { 'deepdebug.modelServer.url': 'http://models.example.invalid:11434' },
    });
    const { workbench } = session;
    const before = snapshotFiles(session.workspace);
    const outcome = await debugAndWait(workbench);
    assert.match(
      outcome.text,
      /^DeepDebug: model server models\.example\.invalid:11434 is not on this machine: your code would be sent to it/,
    );
    const all = await workbench.notificationTexts();
    assert.equal(all.filter((text) => /model server/.test(text)).length, 1, all.join(' | '));
    assert.doesNotMatch(all.join(' | '), /DeepDebug failed:|Extension host terminated|engine process stopped/i);
    const panel = await openReviewPanel(workbench);
    const headline = (await panel.locator('#headline').innerText()).trim();
    assert.ok(outcome.text.includes(headline), `the panel says "${headline}", the notification "${outcome.text}"`);
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before);
  });
});
