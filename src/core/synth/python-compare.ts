import type { ProbeValue } from '../wire';

// Python's comparisons on the simple values a probe records (numbers, strings, booleans, None),
// so a synthesized condition is judged as the interpreter would run it: bool is an int, an
// ordering across types raises (undefined here), equality across types is False.

export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

export const COMPARE_OPS: readonly CompareOp[] = ['<', '<=', '>', '>=', '==', '!='];

function numeric(value: ProbeValue): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** `a op b` as Python evaluates it; undefined where Python raises TypeError. */
export function pythonCompare(a: ProbeValue, op: CompareOp, b: ProbeValue): boolean | undefined {
  const [x, y] = [numeric(a), numeric(b)];
  let order: number | undefined;
  if (x !== undefined && y !== undefined) order = x < y ? -1 : x > y ? 1 : 0;
  else if (typeof a === 'string' && typeof b === 'string') order = a < b ? -1 : a > b ? 1 : 0;
  if (op === '==' || op === '!=') {
    const equal = order !== undefined ? order === 0 : a === b;
    return op === '==' ? equal : !equal;
  }
  if (order === undefined) return undefined;
  return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
}
