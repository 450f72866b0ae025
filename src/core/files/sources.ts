import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { sha256 } from './hash';
import { decodeSource, type DecodedSource } from './source-encoding';
import type { SourceEncoding } from '../types';

// Workspace files as the engine reads them, once per run: the text in the file's own encoding
// and the hash of its bytes (Apply refuses a file that changed since), or why there is none.

/** A workspace file as the engine reads it: its text in its own encoding, or why there is none. */
export type SourceFile = { text: string; encoding: SourceEncoding; sha256: string } | { text: null; warning: string };

function unreadableWarning(file: string, decoded: DecodedSource & { ok: false }): string {
  if (decoded.problem === 'unsupported') {
    return `${file} declares the encoding ${decoded.encoding}: DeepDebug edits UTF-8, Latin-1 and ASCII files only, so it proposed no fix in it`;
  }
  return decoded.declared
    ? `${file} is not valid ${decoded.encoding}, the encoding it declares: no fix proposed in it`
    : `${file} is not UTF-8 and declares no other encoding (PEP 263): no fix proposed in it`;
}

export function sourceFiles(workspace: string): (file: string) => Promise<SourceFile> {
  const cache = new Map<string, Promise<SourceFile>>();
  return (file) => {
    let source = cache.get(file);
    if (!source) {
      // Files that do not decode in their own encoding are not ours to patch: unreadable rather than mangled.
      source = fs.readFile(path.resolve(workspace, file)).then(
        (bytes): SourceFile => {
          const decoded = decodeSource(bytes);
          return decoded.ok
            ? { text: decoded.text, encoding: decoded.encoding, sha256: sha256(bytes) }
            : { text: null, warning: unreadableWarning(file, decoded) };
        },
        (): SourceFile => ({ text: null, warning: `${file} could not be read: no fix proposed in it` }),
      );
      cache.set(file, source);
    }
    return source;
  };
}
