// The repository's root, for the scripts beside this file. fileURLToPath, not URL.pathname: a
// drive letter and spaces in the path (Windows) survive it.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
