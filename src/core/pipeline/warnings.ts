import { harmWarning } from '../validate';
import { outsideLinksWarning } from '../validate/outside-links';
import { worldWarnings } from '../validate/reproduce';
import { serverWarning } from '../server';
import type { HarmfulCandidate, OutsideLink, ServerStats, WorldFidelity } from '../types';

// What limited a fix run without stopping it, as data the stages return, and its words: the
// report's `warnings`, one line each, which the CLI prints and the panel shows. The words of a
// kind stay with the module that knows it (the world's fidelity, links, harm); this module only
// keeps the order and words the rest.

export type RunWarning =
  /** Without the sandbox: links that leave the workspace, copied or left out. */
  | { kind: 'outside-links'; links: OutsideLink[] }
  /** The validator's world against the user's run: tests that behave otherwise, order dependence, withheld variables. */
  | { kind: 'world'; world: WorldFidelity }
  /** Suspect files the search could not read (each already in words by files/sources.ts). */
  | { kind: 'unreadable'; lines: string[] }
  /** Patches that validated once and failed their clean re-check. */
  | { kind: 'recheck-failed'; failed: { summary: string; detail: string }[] }
  /** Candidates whose tests did harm outside the project. */
  | { kind: 'harm'; harmful: HarmfulCandidate[] }
  /** Validated patches that silence the tests, with why each does. */
  | { kind: 'silenced'; why: string[] }
  /** The user's model server, where it was not there or gave nothing usable (absent: none configured). */
  | { kind: 'model-server'; stats: ServerStats | undefined };

export function warningLines(warnings: readonly RunWarning[]): string[] {
  return warnings.flatMap((warning): string[] => {
    switch (warning.kind) {
      case 'outside-links':
        return orNone(outsideLinksWarning(warning.links));
      case 'world':
        return worldWarnings(warning.world);
      case 'unreadable':
        return warning.lines;
      case 'recheck-failed':
        return warning.failed.length > 0 ? [recheckFailedText(warning.failed)] : [];
      case 'harm':
        return orNone(harmWarning(warning.harmful));
      case 'silenced':
        return warning.why.length > 0 ? [silencedText(warning.why)] : [];
      case 'model-server':
        return orNone(serverWarning(warning.stats));
    }
  });
}

const orNone = (line: string | null): string[] => (line === null ? [] : [line]);

function recheckFailedText(failed: readonly { summary: string; detail: string }[]): string {
  const which = failed.map((patch) => `${patch.summary} (${patch.detail})`).join('; ');
  const count = failed.length === 1 ? '1 patch' : `${failed.length} patches`;
  return `${count} validated once but failed the clean re-check (a fresh copy of the workspace, home and temp folder, a new pytest session) and ${failed.length === 1 ? 'is' : 'are'} not shown: ${which}`;
}

function silencedText(why: readonly string[]): string {
  const count =
    why.length === 1
      ? '1 validated patch is not shown because it silences'
      : `${why.length} validated patches are not shown because they silence`;
  return `${count} the tests instead of fixing the code: ${why.join('; ')}`;
}
