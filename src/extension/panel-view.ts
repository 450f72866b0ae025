// The review panel: a WebviewView in DeepDebug's activity-bar container. It renders PanelState
// (see messages.ts) and turns the webview's validated messages into commands.
import * as vscode from 'vscode';
import { panelHtml, newNonce } from './logic/panel-html';
import { parseWebviewMessage, type HostMessage, type PanelState, idleState, type WebviewMessage } from './logic/panel-state';

export const PANEL_VIEW_ID = 'deepdebug.panel';

export class ReviewPanel implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private state: PanelState = idleState();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly onMessage: (message: WebviewMessage) => void,
  ) {}

  get current(): PanelState {
    return this.state;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [media] };
    view.webview.html = panelHtml(
      {
        cspSource: view.webview.cspSource,
        scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.js')).toString(),
        styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.css')).toString(),
      },
      newNonce(),
    );
    this.subscriptions.push(
      view.webview.onDidReceiveMessage((raw: unknown) => {
        const message = parseWebviewMessage(raw);
        if (!message) return;
        if (message.type === 'ready') this.post();
        else this.onMessage(message);
      }),
      view.onDidDispose(() => (this.view = undefined)),
    );
  }

  show(state: PanelState): void {
    this.state = state;
    this.post();
  }

  private post(): void {
    const message: HostMessage = { type: 'state', state: this.state };
    void this.view?.webview.postMessage(message);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
