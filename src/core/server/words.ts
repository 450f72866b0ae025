import type { ServerStats } from '../types';

// The one line a run says of the model server when it gave nothing: a server that is not there
// is a quiet note (in the report, the CLI's output and the status bar), never a popup per run.

export function serverWarning(stats: ServerStats | undefined): string | null {
  if (!stats) return null;
  if (stats.unreachable !== undefined) return `model server at ${stats.url}: ${stats.unreachable}; templates only`;
  if (stats.candidates > 0 || stats.requests === 0) return null;
  const why = Object.entries(stats.failures)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return `model server at ${stats.url} (${stats.model}) gave no usable answer in ${stats.requests} request${stats.requests === 1 ? '' : 's'}: ${why}`;
}
