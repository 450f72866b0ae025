// The sidecar: a language server process that hosts the engine and the model, so that pytest
// runs, tree-sitter parsing and ONNX inference never block the editor's extension host. The
// extension starts it over Node IPC (vscode-languageclient, TransportKind.ipc); the custom
// methods are in ./protocol.
import { createConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver/node';
import type { EngineHooks, EngineOptions } from '../core/types';
import { runAnalyze, runFix } from '../core/engine';
import { KeptModel } from '../core/model/loader';
import { Runs } from './runs';

const connection = createConnection(new IPCMessageReader(process), new IPCMessageWriter(process));
// The model stays loaded from one run to the next: a second run does not load it again.
const model = new KeptModel();
const engine = { runFix: (options: EngineOptions, hooks: EngineHooks) => runFix(options, hooks, model), runAnalyze };
const runs = new Runs(connection, engine, { info: (line) => connection.console.info(line), debug: (line) => connection.console.debug(line) });

connection.onInitialize(() => ({
  capabilities: {},
  serverInfo: { name: 'deepdebug-sidecar' },
}));

// A clean stop (window closed, extension deactivated): stop runs so their pytest processes die.
connection.onShutdown(async () => {
  await runs.abortAll();
  await model.dispose();
});

// The editor vanished without a shutdown (crash, kill): same cleanup, then leave.
process.on('disconnect', () => {
  void runs.abortAll().finally(() => process.exit(1));
});

connection.listen();
