import type { Candidate, HarmfulCandidate, OutsideEffect as Effect } from '../types';

// Harm outside the project: what a candidate's tests deleted, truncated or rewrote outside the
// workspace copy and the tests' own temp folders (src/python/deepdebug/effects.py watches),
// against what the unpatched code's runs in the same kind of world did to the same paths. A
// test suite that cleans a cache under the home does so with or without the patch: only what the
// patch adds is the patch's harm. Plain functions over the worker's reports.

/** The effects on paths the unpatched code's runs left alone. */
export function newEffects(effects: readonly Effect[], unpatched: ReadonlySet<string>): Effect[] {
  return effects.filter((effect) => !unpatched.has(effect.path));
}

/** What an effect did, as a verb in the past. */
const DID: Record<Effect['kind'], string> = { deleted: 'deleted', truncated: 'truncated', rewritten: 'rewrote' };

/** "deleted ~/precious", "rewrote /srv/data.csv and 2 more". */
export function effectsText(effects: readonly Effect[]): string {
  const [first, ...rest] = effects;
  if (!first) return '';
  return `${DID[first.kind]} ${first.path}${rest.length > 0 ? ` and ${rest.length} more` : ''}`;
}

/** Why a harmful candidate failed, as its verdict's detail. */
export function harmText(effects: readonly Effect[]): string {
  return `its tests ${effectsText(effects)}, which the unpatched code's tests left alone`;
}

/** The report's one line about the candidates rejected for their effects; null when none was. */
export function harmWarning(harmful: readonly HarmfulCandidate[]): string | null {
  const [first] = harmful;
  if (!first) return null;
  const others = harmful.length > 1 ? ` (${harmful.length} candidates did such harm)` : '';
  return `a candidate ${effectsText(first.effects)} outside the project when its tests ran; not shown${others}`;
}

/** A harmful outcome as the report names it. */
export function harmfulCandidate({ candidate, harm }: { candidate: Candidate; harm?: Effect[] }): HarmfulCandidate {
  const { file, function: fn, summary, diff } = candidate;
  return { file, function: fn, summary, diff, effects: harm ?? [] };
}
