import type { Node } from '../../syntax/parser';
import { describeChange, lineOf, nodeEdit, type Edit, type EditContext } from './edit';

// The wrong one of a pair of functions or methods that do opposite or neighbouring things.
// Only pairs people actually confuse: a swap between unrelated names would almost never fix
// anything and would cost validation time.

export type Confusions = Record<string, [string, number][]>;

/** Builtins and math functions, called as f(...) or module.f(...). */
const FUNCTIONS: Confusions = {
  min: [['max', 1]],
  max: [['min', 1]],
  any: [['all', 1]],
  all: [['any', 1]],
  floor: [['ceil', 1]],
  ceil: [['floor', 1]],
};

/** copy.copy vs copy.deepcopy: copying by reference instead of by value. */
const COPIES: Confusions = {
  copy: [['deepcopy', 0.7]],
  deepcopy: [['copy', 0.5]],
};

/** Methods, called as x.m(...). */
const METHODS: Confusions = {
  get: [['pop', 1]],
  pop: [
    ['get', 1],
    ['popleft', 0.5],
  ],
  popleft: [['pop', 1]],
  append: [
    ['extend', 1],
    ['appendleft', 0.3],
    ['add', 0.3],
  ],
  extend: [
    ['append', 1],
    ['update', 0.3],
  ],
  appendleft: [['append', 1]],
  add: [
    ['append', 0.5],
    ['update', 0.5],
  ],
  update: [
    ['add', 0.5],
    ['extend', 0.3],
  ],
  remove: [
    ['discard', 1],
    ['pop', 0.5],
  ],
  discard: [['remove', 1]],
  keys: [
    ['values', 1],
    ['items', 0.7],
  ],
  values: [
    ['keys', 1],
    ['items', 0.7],
  ],
  items: [
    ['values', 0.7],
    ['keys', 0.7],
  ],
  startswith: [['endswith', 1]],
  endswith: [['startswith', 1]],
  lower: [['upper', 1]],
  upper: [['lower', 1]],
  strip: [
    ['rstrip', 0.7],
    ['lstrip', 0.7],
  ],
  lstrip: [
    ['rstrip', 1],
    ['strip', 0.7],
  ],
  rstrip: [
    ['lstrip', 1],
    ['strip', 0.7],
  ],
  find: [
    ['rfind', 1],
    ['index', 0.5],
  ],
  rfind: [['find', 1]],
  index: [
    ['rindex', 0.5],
    ['find', 0.5],
  ],
  split: [['rsplit', 0.7]],
  rsplit: [['split', 1]],
  insert: [['append', 0.3]],
};

/** The method-swap edits of a callee's name (`name`, inside `callee`) for its confusions in `table`. */
export function swapName(callee: Node, name: Node, table: Confusions): Edit[] {
  return (table[name.text] ?? []).map(([other, plausibility]) => {
    const edit = nodeEdit('method-swap', plausibility, name, other);
    const after = callee.text.slice(0, name.startIndex - callee.startIndex) + other;
    return { ...edit, summary: describeChange(lineOf(callee), callee.text, after) };
  });
}

export function callEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type !== 'call') continue;
    const callee = node.childForFieldName('function');
    if (callee?.type === 'identifier') {
      edits.push(...swapName(callee, callee, FUNCTIONS).map((e) => ({ ...e, kind: 'builtin-swap' as const })));
    } else if (callee?.type === 'attribute') {
      const name = callee.childForFieldName('attribute');
      if (!name) continue;
      const table = callee.childForFieldName('object')?.text === 'copy' ? COPIES : FUNCTIONS;
      edits.push(...swapName(callee, name, METHODS));
      edits.push(...swapName(callee, name, table).map((e) => ({ ...e, kind: 'builtin-swap' as const })));
    }
  }
  return edits;
}
