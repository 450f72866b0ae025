// The Python interpreter to run tests with: deepdebug.pythonPath when set, else the Python
// extension's selected environment (read through its public API when it is installed; we do
// not depend on it), else the platform's default (src/core/pytest/interpreter.ts).
import * as vscode from 'vscode';
import { defaultPython } from '../core/pytest/interpreter';

/** The slice of the Python extension's exported API used here. */
interface PythonEnvironmentsApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(environment: { path: string }): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
  };
}

export async function pythonInterpreter(configured: string, folder: vscode.Uri, log: vscode.LogOutputChannel): Promise<string> {
  if (configured) return configured;
  const extension = vscode.extensions.getExtension<PythonEnvironmentsApi>('ms-python.python');
  if (extension) {
    try {
      const api = extension.isActive ? extension.exports : await extension.activate();
      const environments = api?.environments;
      if (environments) {
        const active = environments.getActiveEnvironmentPath(folder);
        const resolved = await environments.resolveEnvironment(active);
        const executable = resolved?.executable.uri?.fsPath ?? active.path;
        if (executable) return executable;
      }
    } catch (error) {
      log.warn(`could not read the Python extension's interpreter, using the default: ${String(error)}`);
    }
  }
  return defaultPython();
}
