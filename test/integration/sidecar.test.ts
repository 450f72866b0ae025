// The sidecar as the extension runs it: the real bundle (dist/sidecar.js) in its own process
// over Node IPC, driven through the protocol (src/sidecar/protocol.ts) with the JSON-RPC
// classes of vscode-languageserver (those of vscode-languageclient, which needs an editor).
// Real pytest on fixture workspaces.
import * as assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CancellationTokenSource,
  createMessageConnection,
  ErrorCodes as JsonRpcErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  NotificationType,
  RequestType,
  ResponseError,
  type MessageConnection,
} from 'vscode-languageserver/node';
import { packageRoot } from '../../src/core/files/resources';
import type { EngineOptions, PatchEvent, ProgressEvent } from '../../src/core/types';
import { headline } from '../../src/extension/logic/headline';
import { classifyRunError } from '../../src/extension/logic/run-errors';
import { runFromFix } from '../../src/extension/logic/run-record';
import { ErrorCodes, messageTypes, type RunErrorData, type SidecarStatus } from '../../src/sidecar/protocol';
import { assertNothingLeft, tempFoldersIn } from '../helpers/cli';
import { waitFor } from '../helpers/processes';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

const { AnalyzeRequest, FixRequest, PatchNotification, ProgressNotification, StatusNotification } = messageTypes({
  RequestType,
  NotificationType,
});
const rpc = { ResponseError, ErrorCodes: JsonRpcErrorCodes };

interface Sidecar {
  child: ChildProcess;
  connection: MessageConnection;
  progress: Map<string, ProgressEvent[]>;
  patches: Map<string, PatchEvent[]>;
  statuses: SidecarStatus[];
  exited: Promise<number | null>;
}

/** The sidecar with `tmp` as its temp folder, as the extension gives it one of its own. */
async function startSidecar(tmp: string): Promise<Sidecar> {
  const child = fork(path.join(packageRoot(), 'dist', 'sidecar.js'), [], { silent: true, env: { ...process.env, TMPDIR: tmp } });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  const progress = new Map<string, ProgressEvent[]>();
  const patches = new Map<string, PatchEvent[]>();
  const statuses: SidecarStatus[] = [];
  connection.onNotification(ProgressNotification, ({ runId, event }) => {
    progress.set(runId, [...(progress.get(runId) ?? []), event]);
  });
  connection.onNotification(PatchNotification, ({ runId, event }) => {
    patches.set(runId, [...(patches.get(runId) ?? []), event]);
  });
  connection.onNotification(StatusNotification, (status) => statuses.push(status));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await connection.sendNotification('initialized', {});
  return { child, connection, progress, patches, statuses, exited };
}

async function stopSidecar(sidecar: Sidecar): Promise<number | null> {
  if (sidecar.child.exitCode === null && sidecar.child.connected) {
    await sidecar.connection.sendRequest('shutdown');
    await sidecar.connection.sendNotification('exit');
  }
  const code = await sidecar.exited;
  sidecar.connection.dispose();
  return code;
}

function options(workspace: string, extra: Partial<EngineOptions> = {}): EngineOptions {
  return { workspace, tests: [], python: 'python3', timeBudgetMs: 120_000, modelDir: null, ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<ResponseError<RunErrorData>> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ResponseError, `expected a ResponseError, got ${String(error)}`);
    return error as ResponseError<RunErrorData>;
  }
  assert.fail('the request succeeded');
}

describe('sidecar process', function () {
  this.timeout(300_000);
  let sidecar: Sidecar;
  let tmp: string;
  const copies: string[] = [];
  const workspaceOf = (fixture: string): string => {
    const copy = copyFixture(fixture);
    copies.push(copy);
    return copy;
  };

  beforeEach(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sidecar-tmp-'));
    copies.push(tmp);
    sidecar = await startSidecar(tmp);
  });
  afterEach(async () => {
    if (sidecar.child.exitCode === null) await stopSidecar(sidecar);
    for (const copy of copies.splice(0)) removeCopy(copy);
  });

  /** Starts a fix on a copy of bad-slow (every test takes a second) and resolves once its validator's copy of the workspace exists. */
  async function fixUnderway(runId: string): Promise<{ workspace: string; pending: Promise<unknown> }> {
    const workspace = workspaceOf('bad-slow');
    const pending = sidecar.connection.sendRequest(FixRequest, { runId, options: options(workspace) });
    // Settled by the stop under test, or never where the process is gone.
    pending.catch(() => undefined);
    await waitFor(
      () => tempFoldersIn(tmp).some((name) => name.startsWith('deepdebug-validate-')),
      120_000,
      () => `the fix never reached validation: ${JSON.stringify(sidecar.progress.get(runId) ?? [])}`,
    );
    return { workspace, pending };
  }

  it('fix: streams progress and early patches, reports validated patches and the model status, leaves the files alone', async () => {
    const workspace = workspaceOf('cli-bug');
    const before = hashTree(workspace);
    const report = await sidecar.connection.sendRequest(FixRequest, { runId: 'f1', options: options(workspace) });
    // Notifications and the reply travel in order: what is here came before the report.
    const early = [...(sidecar.patches.get('f1') ?? [])];
    assert.equal(report.failures[0]?.nodeid, 'tests/test_ranges.py::test_clamp_above');
    assert.ok(report.patches.length >= 1, 'a validated patch');
    const best = report.patches[0]!;
    assert.equal(best.file, 'geometry/ranges.py');
    assert.match(best.newFileText, /if value > high:\n\s+return high/);
    assert.equal(best.validation.failingFixed, best.validation.failingTotal);
    const stages = new Set((sidecar.progress.get('f1') ?? []).map((event) => event.stage));
    for (const stage of ['running-tests', 'localizing', 'validating'] as const) assert.ok(stages.has(stage), `progress has ${stage}`);
    assert.deepEqual(sidecar.statuses, [report.model]);
    assert.deepEqual(hashTree(workspace), before);
    // The best patch was announced validated, then confirmed by its clean re-check, before the report.
    const ofBest = early.filter((event) => event.patch.newFileText === best.newFileText).map((event) => event.kind);
    assert.deepEqual(ofBest, ['validated', 'confirmed'], `patch events: ${early.map((event) => event.kind).join(', ')}`);
    assert.equal(early[0]?.kind, 'validated', 'the first event is a validated patch');
    assert.equal(early[0]?.patch.baseSha256, best.baseSha256);
  });

  it('fix: the sandbox setting reaches the validator (off: candidates run with limits only, said so)', async () => {
    const workspace = workspaceOf('cli-bug');
    const report = await sidecar.connection.sendRequest(FixRequest, { runId: 's1', options: options(workspace, { sandbox: false }) });
    assert.equal(report.containment?.sandbox, 'none');
    assert.equal(report.containment?.sandbox === 'none' && report.containment.reason, 'disabled');
    assert.ok(report.patches.length >= 1, 'still validates without the sandbox');
  });

  it('analyze: failures and ranked suspects, tagged with their own run id', async () => {
    const workspace = workspaceOf('cli-bug');
    const report = await sidecar.connection.sendRequest(AnalyzeRequest, { runId: 'a1', options: options(workspace) });
    assert.deepEqual(
      report.failures.map((failure) => failure.nodeid),
      ['tests/test_ranges.py::test_clamp_above'],
    );
    assert.equal(report.suspects[0]?.function, 'clamp');
    assert.ok((sidecar.progress.get('a1') ?? []).length > 0);
    assert.deepEqual([...sidecar.progress.keys()], ['a1']);
  });

  it('bad input: one user-facing message, and the sidecar keeps serving', async () => {
    const noTests = await rejection(
      sidecar.connection.sendRequest(AnalyzeRequest, { runId: 'bad1', options: options(workspaceOf('pytest-no-tests')) }),
    );
    assert.deepEqual(noTests.data, { kind: 'user', code: 'no-tests' });
    assert.doesNotMatch(noTests.message, /\n/);
    assert.equal(classifyRunError(noTests, rpc).kind, 'user');
    const missing = await rejection(
      sidecar.connection.sendRequest(FixRequest, { runId: 'bad2', options: options(path.join(workspaceOf('cli-bug'), 'nope')) }),
    );
    assert.deepEqual(missing.data, { kind: 'user', code: 'bad-workspace' });
    // A syntax error is a report of collection failures, which the extension words as one line.
    const syntax = await sidecar.connection.sendRequest(FixRequest, {
      runId: 'bad3',
      options: options(workspaceOf('pytest-syntax-error')),
    });
    assert.deepEqual(syntax.patches, []);
    assert.match(
      headline(runFromFix('bad3', syntax.workspace, syntax)),
      /^DeepDebug: cannot collect the tests: SyntaxError at parser\.py:5: /,
    );
  });

  it('cancel: $/cancelRequest stops the run, and the next run works', async () => {
    const workspace = workspaceOf('cli-bug');
    const source = new CancellationTokenSource();
    sidecar.connection.onNotification(ProgressNotification, ({ runId }) => {
      if (runId === 'c1') source.cancel();
    });
    const canceled = await rejection(
      sidecar.connection.sendRequest(FixRequest, { runId: 'c1', options: options(workspace) }, source.token),
    );
    assert.equal(canceled.code, ErrorCodes.canceled);
    assert.deepEqual(canceled.data, { kind: 'canceled' });
    assert.equal(classifyRunError(canceled, rpc).kind, 'canceled');
    const report = await sidecar.connection.sendRequest(AnalyzeRequest, { runId: 'c2', options: options(workspace) });
    assert.equal(report.failures.length, 1);
  });

  it('a crash fails the pending request as "engine process stopped"', async () => {
    const workspace = workspaceOf('cli-bug');
    // As vscode-languageclient does: a closed connection is disposed, rejecting what is pending.
    const closed = new Promise<void>((resolve) =>
      sidecar.connection.onClose(() => {
        sidecar.connection.dispose();
        resolve();
      }),
    );
    const pending = sidecar.connection.sendRequest(FixRequest, { runId: 'k1', options: options(workspace) });
    sidecar.connection.onNotification(ProgressNotification, () => sidecar.child.kill('SIGKILL'));
    const error = await pending.then(
      () => assert.fail('the request succeeded'),
      (failure: unknown) => failure,
    );
    await closed;
    assert.equal(await sidecar.exited, null);
    const failure = classifyRunError(error, rpc);
    assert.equal(failure.kind, 'sidecar-stopped');
  });

  it('exits when the editor goes away without a shutdown', async () => {
    sidecar.child.disconnect();
    assert.equal(await sidecar.exited, 1);
  });

  it('shuts down cleanly on LSP shutdown + exit', async () => {
    assert.equal(await stopSidecar(sidecar), 0);
  });

  it('LSP shutdown during a fix: the fix is canceled, its workers and temp folders gone before the reply', async () => {
    const { workspace, pending } = await fixUnderway('d1');
    await sidecar.connection.sendRequest('shutdown');
    const canceled = await rejection(pending);
    assert.deepEqual(canceled.data, { kind: 'canceled' });
    assert.deepEqual(tempFoldersIn(tmp), [], 'temp folders left when shutdown replied');
    await sidecar.connection.sendNotification('exit');
    assert.equal(await sidecar.exited, 0);
    sidecar.connection.dispose();
    await assertNothingLeft(workspace, tmp);
  });

  it('SIGTERM during a fix (as the editor ends it on a window reload): exit 143, workers and temp folders gone', async () => {
    const { workspace } = await fixUnderway('t1');
    sidecar.child.kill('SIGTERM');
    assert.equal(await sidecar.exited, 143);
    sidecar.connection.dispose();
    await assertNothingLeft(workspace, tmp);
  });
});
