import type { ValidatedPatch } from '../../types';
import { objectionsOf } from '../objections';

// A condition with a term the tests do not need: a shown patch that is another shown patch with
// one more operand of `and`/`or` (`title and len(title) <= width` beside `len(title) <= width`).
// The smaller one passes the same tests and nothing speaks against it, so nothing the tests say
// asks for the extra term; it only changes what the code does on inputs no test has (an empty
// title). Synthesized conditions that had to fit every evaluation of the passing tests grow such
// terms where a passing test would have passed on either path.

/**
 * Where `longer` is `shorter` with one run of text inserted, each place it can be said to go
 * (`item['sku'] and item['qty']` from `item['qty']`: after `item['`, or before it), rightmost
 * first; none when more than an insertion differs.
 */
function insertions(longer: string, shorter: string): { at: number; text: string }[] {
  const size = longer.length - shorter.length;
  if (size <= 0) return [];
  let start = 0;
  while (start < shorter.length && longer[start] === shorter[start]) start++;
  if (longer.slice(start + size) !== shorter.slice(start)) return [];
  const places: { at: number; text: string }[] = [];
  // The inserted run slides left while the character before it equals its last one.
  for (let at = start; at >= 0 && (at === start || longer[at] === longer[at + size]); at--)
    places.push({ at, text: longer.slice(at, at + size) });
  return places;
}

const balanced = (text: string): boolean => {
  let depth = 0;
  for (const char of text) {
    depth += '([{'.includes(char) ? 1 : ')]}'.includes(char) ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0 && (text.match(/'/g)?.length ?? 0) % 2 === 0 && (text.match(/"/g)?.length ?? 0) % 2 === 0;
};

/** The operand an insertion adds (`title and ` → `title and`), when it is one whole operand of `and`/`or`. */
function addedTerm(longer: string, { at, text }: { at: number; text: string }): string | null {
  if (text.includes('\n') || !balanced(text)) return null;
  // Whole operands only: what an added operand stands beside must end, or begin, a boolean
  // operand there. `value and value == '1'` is `value == '1'` with `value and` before it, not
  // with ` and value` after `value` (`== '1'` would go on with it); `title and title_ok` is not
  // `title_ok` with ` and title` inside a name.
  // Its line is all it is compared with: a condition's operands are on one line, or start one.
  const before = longer.slice(longer.lastIndexOf('\n', at - 1) + 1, at);
  const lineEnd = longer.indexOf('\n', at + text.length);
  const after = longer.slice(at + text.length, lineEnd < 0 ? undefined : lineEnd);
  const appended = /^ (and|or) (\S.*)$/.exec(text);
  if (appended) return OPERAND_ENDS.test(after) ? `${appended[1]} ${appended[2]}` : null;
  const prepended = /^(\S.*) (and|or) $/.exec(text);
  return prepended && OPERAND_BEGINS.test(before) ? `${prepended[1]} ${prepended[2]}` : null;
}

/** What may follow a boolean operand: the end of its expression, or another `and`/`or` (which binds no tighter). */
const OPERAND_ENDS = /^\s*([)\]},:]|$|\n|#|(and|or|if|else)\b)/;
/** What may come before one: the start of an expression, or an `and`/`or`. */
const OPERAND_BEGINS = /(^|[([{,:=]|\b(if|elif|while|return|and|or|assert|yield))\s*$/;

/**
 * The patches, each that adds a needless term to another shown patch of the same file (which
 * itself has no objection) with a `needless-term` shape objection: ranked after it, unconfirmed.
 */
export function withNeedlessTerms(patches: readonly ValidatedPatch[]): ValidatedPatch[] {
  const plain = patches.filter((patch) => objectionsOf(patch).length === 0);
  return patches.map((patch) => {
    for (const smaller of plain) {
      if (smaller === patch || smaller.file !== patch.file) continue;
      const term = insertions(patch.newFileText, smaller.newFileText)
        .map((inserted) => addedTerm(patch.newFileText, inserted))
        .find((found) => found !== null);
      if (term) {
        const text = `adds \`${term}\`, which the tests do not need (the patch without it passes them)`;
        return { ...patch, shape: [...(patch.shape ?? []), { rule: 'needless-term', text }] };
      }
    }
    return patch;
  });
}
