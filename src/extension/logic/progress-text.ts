// How engine progress reads in the notification and the panel.
import type { ProgressEvent } from '../../core/types';

const stageNames: Record<ProgressEvent['stage'], string> = {
  'running-tests': 'Running tests',
  localizing: 'Localizing the fault',
  generating: 'Generating candidate fixes',
  validating: 'Validating',
  done: 'Done',
};

/** "Validating 3/12: <engine message>", or the engine's message alone when it already names the stage. */
export function progressText(event: ProgressEvent): string {
  const stage = stageNames[event.stage];
  const message = event.message.trim();
  if (message && message.split(/\s/)[0]!.toLowerCase() === stage.split(' ')[0]!.toLowerCase()) {
    return message[0]!.toUpperCase() + message.slice(1);
  }
  const counts = event.done !== undefined && event.total !== undefined ? ` ${event.done}/${event.total}` : '';
  return message ? `${stage}${counts}: ${message}` : `${stage}${counts}`;
}
