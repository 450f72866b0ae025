import type { PatchEvent, ValidatedPatch } from '../core/types';
import { patchEventText } from './format';

/**
 * Which of the search's patch events the CLI prints while the run goes on: the first validated
 * patch and what its clean re-check says of it. A withdrawn fix makes room for the next one (the
 * next validated, or one already validated that its re-check confirms); the ranked report at the
 * end still lists them all.
 */
export function earlyFixPrinter(print: (text: string) => void): (event: PatchEvent) => void {
  let shown: ValidatedPatch | null = null;
  return (event) => {
    if (shown === null) {
      if (event.kind === 'withdrawn') return;
      print(patchEventText({ kind: 'validated', patch: event.patch }));
      shown = event.patch;
      if (event.kind === 'validated') return;
    } else if (event.kind === 'validated' || event.patch !== shown) return;
    print(patchEventText(event));
    if (event.kind === 'withdrawn') shown = null;
  };
}
