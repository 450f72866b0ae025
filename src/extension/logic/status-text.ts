// What the status bar item says: the state of the latest run (running, started in the
// background, a fix ready, its outcome) and, in its tooltip, the headline and the model. Plain logic (no vscode import); status-bar.ts shows it.
import type { PanelState } from './panel-state';

/** Characters of a stage or an error shown in the item itself; the tooltip has it whole. */
const SHOWN_CHARS = 40;

function shortened(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

export interface StatusText {
  text: string;
  tooltip: string;
}

/** A run DeepDebug started by itself (background-start.ts), on this many failing tests. */
export interface BackgroundRun {
  tests: number;
}

/** "fix ready", "2 fixes ready": fixes on offer, early (while the run goes on) or reported. */
function readyText(pending: number): string {
  return `$(lightbulb) DeepDebug: ${pending === 1 ? 'fix' : `${pending} fixes`} ready`;
}

/** "1 unconfirmed patch": patches that pass the tests, and nothing else confirms. */
function unconfirmedText(count: number): string {
  return `$(question) DeepDebug: ${count === 1 ? '1 unconfirmed patch' : `${count} unconfirmed patches`}`;
}

export function statusText(state: PanelState, model: string, background: BackgroundRun | null = null): StatusText {
  const tooltip = `${state.headline}\nModel: ${model}. Click to open the DeepDebug panel.`;
  const pending = state.patches.filter((patch) => patch.status === 'pending');
  switch (state.phase) {
    case 'running': {
      const early = pending.filter((patch) => patch.recheck !== null);
      const progress = state.progress ?? 'working';
      if (early.length > 0) {
        const checking = early.some((patch) => patch.recheck === 'running') ? ' (being re-checked while the run goes on)' : '';
        return { text: readyText(early.length), tooltip: `DeepDebug: ${progress}; a fix is ready${checking}.\nModel: ${model}.` };
      }
      if (background) {
        const tests = `${background.tests} failing test${background.tests === 1 ? '' : 's'}`;
        return {
          text: `$(sync~spin) DeepDebug: fixing ${tests}…`,
          tooltip: `DeepDebug, started by your test run: ${progress}\nModel: ${model}.`,
        };
      }
      return { text: `$(sync~spin) DeepDebug: ${shortened(progress)}`, tooltip: `DeepDebug: ${progress}\nModel: ${model}.` };
    }
    case 'failed':
      // A cancel or an error: the headline says which ("DeepDebug run canceled.").
      return { text: `$(error) ${shortened(state.headline)}`, tooltip };
    case 'finished': {
      if (state.patches.some((patch) => patch.status === 'applied')) return { text: '$(check) DeepDebug: fix applied', tooltip };
      // Unconfirmed patches are counted apart: "fix ready" only for a fix.
      const fixes = pending.filter((patch) => patch.assurance !== 'unconfirmed');
      if (fixes.length > 0) return { text: readyText(fixes.length), tooltip };
      if (pending.length > 0) return { text: unconfirmedText(pending.length), tooltip };
      if (state.failures.length > 0) return { text: '$(debug-alt) DeepDebug: no fix found', tooltip };
      return { text: '$(pass) DeepDebug: no failing tests', tooltip };
    }
    case 'idle':
      return { text: `$(beaker) ${model}`, tooltip: `DeepDebug patch model: ${model}. Click to open the DeepDebug panel.` };
  }
}
