// Where the user's choices of fixes are remembered: the extension's storage for this workspace
// (VS Code's workspace state), not the workspace's files. Off with deepdebug.learnFromChoices.
import type * as vscode from 'vscode';
import type { ValidatedPatch } from '../core/types';
import { orderByChoices, withChoice, type Choice, type ChoiceCounts } from './logic/choices';

const KEY = 'deepdebug.choices';

export class ChoiceMemory {
  constructor(private readonly state: vscode.Memento) {}

  private get counts(): ChoiceCounts {
    return this.state.get<ChoiceCounts>(KEY, {});
  }

  record(editKind: string, choice: Choice): Thenable<void> {
    return this.state.update(KEY, withChoice(this.counts, editKind, choice));
  }

  order(patches: readonly ValidatedPatch[]): ValidatedPatch[] {
    return orderByChoices(patches, this.counts);
  }
}
