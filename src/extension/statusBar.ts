// The status bar item: which model and device DeepDebug uses; clicking opens the review panel.
import * as vscode from 'vscode';
import type { SidecarStatus } from '../sidecar/protocol';

export class ModelStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('deepdebug.model', vscode.StatusBarAlignment.Right, 100);

  constructor(configuredModel: string | undefined, configuredDevice: string) {
    this.item.name = 'DeepDebug model';
    this.item.command = 'deepdebug.panel.focus';
    this.show(configuredModel ?? 'deepdebug-small', `${configuredDevice}, not loaded yet`);
    this.item.show();
  }

  update(status: SidecarStatus): void {
    if (status.name) this.show(status.name, status.device ?? 'cpu');
    else this.show('templates only', 'no model', status.note);
  }

  private show(model: string, device: string, note?: string): void {
    this.item.text = `$(beaker) ${model} · ${device}`;
    this.item.tooltip = `DeepDebug patch model: ${model} (${device}).${note ? ` ${note}.` : ''} Click to open the DeepDebug panel.`;
  }

  dispose(): void {
    this.item.dispose();
  }
}
