// An environment as a plain object whose names read the same on every platform. Windows' names
// are case-insensitive (`Path` is PATH) and Node's process.env honours that, but a copy of it is
// a plain object: `copy.PATH` misses `Path`, and setting PYTHONPATH beside a user's `PythonPath`
// hands the child both. On Windows the copy's names are upper-cased, as the system reads them.

/** The spelling a variable's name has in a plain environment of `platform`. */
export function environmentName(name: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? name.toUpperCase() : name;
}

export function plainEnvironment(host: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(host)) if (value !== undefined) env[environmentName(name, platform)] = value;
  return env;
}
