import * as path from 'node:path';

/**
 * A traceback's file as the pipeline stores it: workspace-relative POSIX when it is the user's
 * code, absolute otherwise. Installed packages inside the workspace (a .venv) are not the user's.
 */
export function workspaceFile(file: string, workspace: string): { file: string; inWorkspace: boolean } {
  if (file.startsWith('<')) return { file, inWorkspace: false };
  const absolute = path.resolve(workspace, file);
  const relative = path.relative(path.resolve(workspace), absolute);
  const outside = relative === '' || relative.startsWith('..') || path.isAbsolute(relative);
  const parts = relative.split(path.sep);
  const installed = parts.includes('site-packages') || parts.includes('dist-packages');
  if (outside || installed) return { file: absolute, inWorkspace: false };
  return { file: parts.join('/'), inWorkspace: true };
}
