// The one status bar item: the latest run's state and outcome (a background run's too), or
// which model DeepDebug uses while nothing ran yet (see status-text.ts); clicking opens the
// review panel.
import * as vscode from 'vscode';
import type { SidecarStatus } from '../sidecar/protocol';
import { idleState, type PanelState } from './logic/panel-state';
import { statusText, type BackgroundRun } from './logic/status-text';

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('deepdebug.status', vscode.StatusBarAlignment.Right, 100);
  private model: string;
  private state: PanelState = idleState();
  private background: BackgroundRun | null = null;

  constructor(configuredModel: string | undefined, configuredDevice: string) {
    this.item.name = 'DeepDebug';
    this.item.command = 'deepdebug.panel.focus';
    this.model = `${configuredModel ?? 'deepdebug-small'} · ${configuredDevice}, not loaded yet`;
    this.render();
    this.item.show();
  }

  /** The model the sidecar loaded, or why none. */
  updateModel(status: SidecarStatus): void {
    this.model = status.name ? `${status.name} · ${status.device ?? 'cpu'}` : `templates only${status.note ? ` (${status.note})` : ''}`;
    this.render();
  }

  /** The run's state, as the panel shows it. */
  updateRun(state: PanelState): void {
    this.state = state;
    this.render();
  }

  /** The run in flight was started in the background (null: by the user, or none runs). */
  updateBackground(background: BackgroundRun | null): void {
    this.background = background;
    this.render();
  }

  private render(): void {
    const { text, tooltip } = statusText(this.state, this.model, this.background);
    this.item.text = text;
    this.item.tooltip = tooltip;
  }

  dispose(): void {
    this.item.dispose();
  }
}
