import type { Node } from './parser';

// Where a condition decides what runs: an if, elif or while, or a conditional expression,
// with the nodes whose names are near it (its block or branches, then the statement before),
// weighted by how near. The template edits that widen or narrow a condition and the
// synthesis of new conditions (synth/) look for their sites the same way.

/** How much a name counts by where it is used: in the condition's block, just before it. */
const IN_BLOCK = 0.7;
const BEFORE = 0.5;

export interface Site {
  condition: Node;
  /** Nodes after the condition whose names are near it: its block or branches, then the statement before. */
  near: [Node, number][];
}

export function siteOf(node: Node): Site | null {
  switch (node.type) {
    case 'if_statement':
    case 'elif_clause':
    case 'while_statement': {
      const condition = node.childForFieldName('condition');
      const body = node.childForFieldName(node.type === 'while_statement' ? 'body' : 'consequence');
      if (!condition || !body) return null;
      const previous = node.type === 'elif_clause' ? null : node.previousNamedSibling;
      return { condition, near: [[body, IN_BLOCK], ...(previous ? [[previous, BEFORE] as [Node, number]] : [])] };
    }
    case 'conditional_expression': {
      const [value, condition, alternative] = node.namedChildren;
      if (!value || !condition || !alternative) return null;
      return {
        condition,
        near: [
          [value, IN_BLOCK],
          [alternative, IN_BLOCK],
        ],
      };
    }
    default:
      return null;
  }
}
