// What the status bar item says: the state of the latest run (running, its outcome) and, in
// its tooltip, the headline and the model. Plain logic (no vscode import); status-bar.ts shows it.
import type { PanelState } from './panel/messages';

/** Characters of a stage or an error shown in the item itself; the tooltip has it whole. */
const SHOWN_CHARS = 40;

function shortened(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

export interface StatusText {
  text: string;
  tooltip: string;
}

export function statusText(state: PanelState, model: string): StatusText {
  const tooltip = `${state.headline}\nModel: ${model}. Click to open the DeepDebug panel.`;
  switch (state.phase) {
    case 'running': {
      const progress = state.progress ?? 'working';
      return { text: `$(sync~spin) DeepDebug: ${shortened(progress)}`, tooltip: `DeepDebug: ${progress}\nModel: ${model}.` };
    }
    case 'failed':
      // A cancel or an error: the headline says which ("DeepDebug run canceled.").
      return { text: `$(error) ${shortened(state.headline)}`, tooltip };
    case 'finished': {
      const pending = state.patches.filter((patch) => patch.status === 'pending').length;
      if (state.patches.some((patch) => patch.status === 'applied')) return { text: '$(check) DeepDebug: fix applied', tooltip };
      if (pending > 0) return { text: `$(lightbulb) DeepDebug: ${pending} fix${pending === 1 ? '' : 'es'}`, tooltip };
      if (state.failures.length > 0) return { text: '$(debug-alt) DeepDebug: no fix', tooltip };
      return { text: '$(pass) DeepDebug: no failing tests', tooltip };
    }
    case 'idle':
      return { text: `$(beaker) ${model}`, tooltip: `DeepDebug patch model: ${model}. Click to open the DeepDebug panel.` };
  }
}
