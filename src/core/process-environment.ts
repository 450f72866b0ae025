// An environment as a plain object whose names read the same on every platform. Windows' names
// are case-insensitive (`Path` is PATH) and Node's process.env honours that, but a copy of it is
// a plain object: `copy.PATH` misses `Path`, and setting PYTHONPATH beside a user's `PythonPath`
// hands the child both. On Windows the copy's names are upper-cased, as the system reads them.

export function plainEnvironment(host: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(host)) if (value !== undefined) env[platform === 'win32' ? name.toUpperCase() : name] = value;
  return env;
}
