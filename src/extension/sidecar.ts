// The extension's end of the sidecar: starts it on first use (activation stays cheap), sends
// fix/analyze requests, routes progress and patch notifications to the run that asked, and
// restarts the process when it crashes, telling the user. The window closing stops it (deactivate).
// The LSP client library itself is loaded on first use too.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ErrorHandler, LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import type { AnalyzeReport, EngineOptions, FixReport, ProgressEvent } from '../core/types';
import { messageTypes, type MessageTypes, type PatchParams, type SidecarStatus } from '../sidecar/protocol';
import { classifyRunError, type RunFailure } from './logic/run-errors';
import { RestartPolicy } from './logic/restart-policy';

type ClientLibrary = typeof import('vscode-languageclient/node.js');

/** The client library, loaded on first use, and the message types made with it. */
interface Loaded {
  library: ClientLibrary;
  messages: MessageTypes;
}

/** What a run hears while in flight: its progress, and (fix runs) its early patches. */
export interface RunListeners {
  onProgress(event: ProgressEvent): void;
  onPatch?(params: PatchParams): void;
}

export class Sidecar implements vscode.Disposable {
  private loaded: Loaded | undefined;
  private client: LanguageClient | undefined;
  private readonly listeners = new Map<string, RunListeners>();
  private readonly restarts = new RestartPolicy();
  private startup: Promise<LanguageClient> | undefined;
  private nextRun = 1;
  /**
   * The sidecar's temp folder (its TMPDIR). A killed sidecar cannot remove its scratch copies
   * and reports; emptying this folder after a crash and on dispose does it for them.
   */
  private scratch: string | undefined;

  constructor(
    private readonly serverModule: string,
    private readonly log: vscode.LogOutputChannel,
    private readonly onStatus: (status: SidecarStatus) => void,
  ) {}

  fix(options: EngineOptions, token: vscode.CancellationToken, listeners: RunListeners): Promise<{ runId: string; report: FixReport }> {
    return this.request((client, runId, { FixRequest }) => client.sendRequest(FixRequest, { runId, options }, token), listeners);
  }

  analyze(
    options: EngineOptions,
    token: vscode.CancellationToken,
    onProgress: (event: ProgressEvent) => void,
  ): Promise<{ runId: string; report: AnalyzeReport }> {
    return this.request((client, runId, { AnalyzeRequest }) => client.sendRequest(AnalyzeRequest, { runId, options }, token), {
      onProgress,
    });
  }

  /** What a failed fix or analyze means for the user, judged by the client library's own error class. */
  failure(error: unknown): RunFailure {
    return classifyRunError(error, this.loaded?.library);
  }

  async dispose(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.dispose(5000);
    if (this.scratch) fs.rmSync(this.scratch, { recursive: true, force: true });
  }

  /** Empties the sidecar's temp folder: what a crashed sidecar left there is garbage now. */
  private emptyScratch(): void {
    if (!this.scratch) return;
    for (const entry of fs.readdirSync(this.scratch)) fs.rmSync(path.join(this.scratch, entry), { recursive: true, force: true });
  }

  private async request<R>(
    send: (client: LanguageClient, runId: string, messages: MessageTypes) => Promise<R>,
    listeners: RunListeners,
  ): Promise<{ runId: string; report: R }> {
    const client = await this.started();
    const runId = `r${this.nextRun++}`;
    this.listeners.set(runId, listeners);
    try {
      return { runId, report: await send(client, runId, this.loaded!.messages) };
    } finally {
      this.listeners.delete(runId);
    }
  }

  private started(): Promise<LanguageClient> {
    // A running or (re)starting client: sendRequest itself waits for the start to finish.
    if (this.client && this.loaded && this.client.state !== this.loaded.library.State.Stopped) return Promise.resolve(this.client);
    this.startup ??= this.startFresh().finally(() => (this.startup = undefined));
    return this.startup;
  }

  /** Never started, or stopped for good after too many crashes: start a new process. */
  private async startFresh(): Promise<LanguageClient> {
    await this.client?.dispose().catch(() => undefined);
    this.restarts.reset();
    if (!this.loaded) {
      const library = await import('vscode-languageclient/node.js');
      this.loaded = { library, messages: messageTypes(library) };
    }
    const client = this.create(this.loaded);
    this.client = client;
    const started = Date.now();
    await client.start();
    this.log.info(`sidecar started in ${Date.now() - started} ms`);
    return client;
  }

  private create({ library, messages }: Loaded): LanguageClient {
    const { LanguageClient, TransportKind, CloseAction, ErrorAction } = library;
    this.scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-sidecar-'));
    const env = { ...process.env, TMPDIR: this.scratch, TEMP: this.scratch, TMP: this.scratch };
    const serverOptions: ServerOptions = {
      run: { module: this.serverModule, transport: TransportKind.ipc, options: { env } },
      debug: { module: this.serverModule, transport: TransportKind.ipc, options: { env, execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      // No document sync: the engine reads the saved files from disk.
      documentSelector: [],
      outputChannel: this.log,
      errorHandler: this.errorHandler(CloseAction, ErrorAction),
    };
    const client = new LanguageClient('deepdebug', 'DeepDebug', serverOptions, clientOptions);
    client.onNotification(messages.ProgressNotification, ({ runId, event }) => this.listeners.get(runId)?.onProgress(event));
    client.onNotification(messages.PatchNotification, (params) => this.listeners.get(params.runId)?.onPatch?.(params));
    client.onNotification(messages.StatusNotification, (status) => this.onStatus(status));
    return client;
  }

  private errorHandler(CloseAction: ClientLibrary['CloseAction'], ErrorAction: ClientLibrary['ErrorAction']): ErrorHandler {
    return {
      error: () => ({ action: ErrorAction.Continue, handled: true }),
      closed: () => {
        this.emptyScratch();
        if (this.restarts.crashed()) {
          const message = "DeepDebug's engine process stopped unexpectedly and was restarted.";
          this.log.error(message);
          void vscode.window.showWarningMessage(message);
          return { action: CloseAction.Restart, handled: true };
        }
        const message =
          "DeepDebug's engine process keeps stopping; it will start again on the next DeepDebug command. See Output › DeepDebug.";
        this.log.error(message);
        void vscode.window.showErrorMessage(message);
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    };
  }
}
