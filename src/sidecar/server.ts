// The sidecar: a language server process that hosts the engine and the model, so that pytest
// runs, tree-sitter parsing and ONNX inference never block the editor's extension host. The
// extension starts it over Node IPC (vscode-languageclient, TransportKind.ipc); the custom
// methods are in ./protocol.
import { createConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver/node';
import type { EngineHooks, EngineOptions } from '../core/types';
import { runAnalyze, runFix } from '../core/engine';
import { KeptModel } from '../core/model/loader';
import { KeptPools } from '../core/validate';
import { onStopSignals, signalExitCode } from '../core/stop-signals';
import { Runs } from './runs';

const connection = createConnection(new IPCMessageReader(process), new IPCMessageWriter(process));
// The model stays loaded from one run to the next: a second run does not load it again; the
// validator's sessions stay too, while the workspace's files do not change.
const model = new KeptModel();
const pools = new KeptPools();
const engine = { runFix: (options: EngineOptions, hooks: EngineHooks) => runFix(options, hooks, model, pools), runAnalyze };
const runs = new Runs(connection, engine, {
  info: (line) => connection.console.info(line),
  debug: (line) => connection.console.debug(line),
});

connection.onInitialize(() => ({
  capabilities: {},
  serverInfo: { name: 'deepdebug-sidecar' },
}));

// A clean stop (window closed, extension deactivated): stop runs so their pytest processes die.
connection.onShutdown(async () => {
  await runs.abortAll();
  await model.dispose();
  await pools.dispose();
});

// An exit without a shutdown: the library leaves right after this handler, so only the abort's
// first, synchronous part runs (a first run's process group is killed); the workers die with
// this process (PR_SET_PDEATHSIG) and its exit handler removes the temp folders (core/files/temp-folders.ts).
connection.onExit(() => {
  void runs.abortAll();
});

let leaving: Promise<void> | undefined;
/** Stops every run and waits for the engine's clean-up (workers killed, temp folders removed), then leaves. */
function leave(code: number): void {
  leaving ??= runs
    .abortAll()
    .then(() => pools.dispose())
    .finally(() => process.exit(code));
}

// The editor vanished without a shutdown (crash, kill): same cleanup, then leave.
process.on('disconnect', () => leave(1));
// The editor ends the process with SIGTERM on a window reload; a kill does too.
onStopSignals((signal) => leave(signalExitCode(signal)));

connection.listen();
