// How engine progress reads in the notification and the panel.
import type { ProgressEvent } from '../core/types';

const stageNames: Record<ProgressEvent['stage'], string> = {
  'running-tests': 'Running tests',
  localizing: 'Localizing the fault',
  generating: 'Generating candidate fixes',
  validating: 'Validating',
  done: 'Done',
};

/** "Validating 3/12: <engine message>". */
export function progressText(event: ProgressEvent): string {
  const counts = event.done !== undefined && event.total !== undefined ? ` ${event.done}/${event.total}` : '';
  const detail = event.message && event.message !== stageNames[event.stage] ? `: ${event.message}` : '';
  return `${stageNames[event.stage]}${counts}${detail}`;
}
