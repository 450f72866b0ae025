import type { Node } from 'web-tree-sitter';

// Cuts a parsed Python file into the units a skeleton is assembled from, each a whole-line
// range with the paper's priority tier. Units depend on the headers that make them valid
// Python (a method's signature needs its class header); selection honours those links.

/** The paper's priority order, most important first. */
export const Tier = {
  /** The focal function, plus the headers around it (its class header, tier 1 in the paper,
   * is bundled here: a method without its class header is not valid layout). */
  focal: 0,
  imports: 2,
  /** The focal class's docstring and attributes (and, for a nested focal function, the rest
   * of its enclosing function). */
  focalClassBody: 3,
  globals: 4,
  signatures: 5,
  docstrings: 6,
  bodies: 7,
} as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

/** 1-based, inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

export interface Unit {
  id: number;
  tier: Tier;
  lines: LineRange;
  /** Units that must be emitted with this one (its headers). */
  deps: number[];
  /** Emitted whatever the budget. */
  mandatory: boolean;
  /** Ranked first within its tier: a member of the focal's class, or a name the focal uses. */
  near: boolean;
  /** Set on headers whose block has content that may be elided: the `...` line's indentation. */
  elisionIndent?: string;
}

/** A class or function whose body may be dropped, leaving `...` after its header (and docstring). */
export interface Block {
  header: number;
  docstring: number | null;
  content: number[];
}

export interface Outline {
  units: Unit[];
  blocks: Block[];
  /** The focal lines, decorators included. */
  focal: LineRange;
  /** The unit holding the focal lines. */
  focalUnit: number;
}

type Scope = 'module' | 'class' | 'focal-class' | 'focal-function';

const DEFINITION_TYPES = new Set(['function_definition', 'class_definition']);
const CLAUSE_TYPES = new Set(['elif_clause', 'else_clause', 'except_clause', 'except_group_clause', 'finally_clause']);
const IMPORT_TYPES = new Set(['import_statement', 'import_from_statement', 'future_import_statement']);
const SIMPLE_STATEMENT_TYPES = new Set([
  'expression_statement',
  'assert_statement',
  'delete_statement',
  'global_statement',
  'nonlocal_statement',
  'pass_statement',
  'print_statement',
  'type_alias_statement',
  'exec_statement',
  'raise_statement',
  'return_statement',
  'break_statement',
  'continue_statement',
]);

function rangeOf(node: Node): LineRange {
  return { start: node.startPosition.row + 1, end: node.endPosition.row + 1 };
}

function definitionOf(node: Node): Node {
  return node.type === 'decorated_definition' ? (node.childForFieldName('definition') ?? node) : node;
}

function statementsOf(block: Node): Node[] {
  return block.namedChildren.filter((child): child is Node => child !== null && child.type !== 'comment');
}

function isDocstring(node: Node | undefined): boolean {
  if (!node || node.type !== 'expression_statement' || node.namedChildCount !== 1) return false;
  const type = node.namedChild(0)?.type;
  return type === 'string' || type === 'concatenated_string';
}

function containsType(node: Node, types: ReadonlySet<string>): boolean {
  return node.descendantsOfType([...types]).length > 0;
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

class OutlineBuilder {
  readonly units: Unit[] = [];
  readonly blocks: Block[] = [];
  readonly focalUnit: number;

  constructor(
    private readonly lines: readonly string[],
    private readonly focal: LineRange,
    private readonly focalNames: ReadonlySet<string>,
  ) {
    this.focalUnit = this.add(Tier.focal, focal, null, { mandatory: true });
  }

  private add(
    tier: Tier,
    lines: LineRange,
    parent: number | null,
    extra: { mandatory?: boolean; near?: boolean } = {},
  ): number {
    const id = this.units.length;
    this.units.push({
      id,
      tier,
      lines,
      deps: parent === null ? [] : [parent],
      mandatory: extra.mandatory ?? false,
      near: extra.near ?? false,
    });
    return id;
  }

  /** Walks the statements of a module, class or function body. */
  walk(statements: Node[], scope: Scope, parent: number | null): number[] {
    const created: number[] = [];
    statements.forEach((statement, index) => {
      const range = rangeOf(statement);
      if (range.start >= this.focal.start && range.end <= this.focal.end) return;
      if (range.start <= this.focal.end && range.end >= this.focal.start) {
        created.push(this.ancestor(statement, scope, parent));
        return;
      }
      created.push(this.statement(statement, index === 0, scope, parent));
    });
    return created;
  }

  /** A statement that contains the focal function. */
  private ancestor(statement: Node, scope: Scope, parent: number | null): number {
    const definition = definitionOf(statement);
    if (!DEFINITION_TYPES.has(definition.type)) return this.compoundAncestor(statement, scope, parent);
    const parts = this.definitionParts(statement, definition);
    const header = this.add(Tier.focal, parts.header, parent, { mandatory: true });
    const body = definition.childForFieldName('body');
    const oneLiner = parts.header.end >= rangeOf(statement).end;
    const members = body && !oneLiner ? statementsOf(body) : [];
    if (parts.docstring) this.add(Tier.focalClassBody, parts.docstring, header);
    this.walk(parts.docstring ? members.slice(1) : members, this.scopeInside(definition), header);
    return header;
  }

  /**
   * An if/try/with/for around the focal function. Its clause headers are kept (`else:` needs
   * its `if`, `try:` its `except`); the block holding the focal is walked like any body, and
   * the other blocks are ordinary bodies, elided to `...` when they do not fit.
   */
  private compoundAncestor(statement: Node, scope: Scope, parent: number | null): number {
    const blocks = [statement, ...statement.namedChildren.filter((c): c is Node => c !== null && CLAUSE_TYPES.has(c.type))]
      .flatMap((node) => node.namedChildren.filter((c): c is Node => c !== null && c.type === 'block'))
      .sort((a, b) => a.startIndex - b.startIndex);
    const whole = rangeOf(statement);
    let first: number | null = null;
    let next = whole.start;
    for (const block of blocks) {
      const range = rangeOf(block);
      const headerRange = { start: next, end: range.start - 1 };
      next = range.end + 1;
      if (headerRange.end < headerRange.start) {
        // A block on its header's line (`else: pass`) goes with it.
        first ??= this.add(Tier.focal, { start: headerRange.start, end: range.end }, parent, { mandatory: true });
        continue;
      }
      const header = this.add(Tier.focal, headerRange, parent, { mandatory: true });
      first ??= header;
      if (range.start <= this.focal.end && range.end >= this.focal.start) {
        this.walk(statementsOf(block), scope, header);
      } else {
        const content = this.add(Tier.bodies, range, header);
        this.units[header]!.elisionIndent = leadingWhitespace(this.lines[block.startPosition.row] ?? '');
        this.blocks.push({ header, docstring: null, content: [content] });
      }
    }
    if (next <= whole.end || first === null) {
      const rest = this.add(Tier.focal, { start: next, end: whole.end }, parent, { mandatory: true });
      first ??= rest;
    }
    return first;
  }

  private scopeInside(definition: Node): Scope {
    return definition.type === 'class_definition' ? 'focal-class' : 'focal-function';
  }

  private statement(statement: Node, first: boolean, scope: Scope, parent: number | null): number {
    if (scope === 'focal-function') {
      // Inside the function that encloses a nested focal function everything is local context.
      return this.add(Tier.focalClassBody, rangeOf(statement), parent);
    }
    const definition = definitionOf(statement);
    if (DEFINITION_TYPES.has(definition.type)) return this.definition(statement, definition, scope, parent);
    const range = rangeOf(statement);
    if (scope === 'focal-class') return this.add(Tier.focalClassBody, range, parent);
    if (scope === 'class') return this.add(Tier.bodies, range, parent);
    if (first && isDocstring(statement)) return this.add(Tier.docstrings, range, parent);
    if (IMPORT_TYPES.has(statement.type)) return this.add(Tier.imports, range, parent);
    if (SIMPLE_STATEMENT_TYPES.has(statement.type)) return this.add(Tier.globals, range, parent);
    // A compound statement at module level: `try: import x except ImportError: ...` counts as
    // an import; anything else (`if __name__ == "__main__":`) as an ordinary body.
    const importsOnly =
      containsType(statement, IMPORT_TYPES) &&
      !containsType(statement, DEFINITION_TYPES);
    return this.add(importsOnly ? Tier.imports : Tier.bodies, range, parent);
  }

  /** A class or function that does not contain the focal: signature, docstring, body. */
  private definition(statement: Node, definition: Node, scope: Scope, parent: number | null): number {
    const name = definition.childForFieldName('name')?.text ?? '';
    const near = scope === 'focal-class' || this.focalNames.has(name);
    const parts = this.definitionParts(statement, definition);
    const header = this.add(Tier.signatures, parts.header, parent, { near });
    const body = definition.childForFieldName('body');
    if (!body || parts.header.end >= rangeOf(statement).end) return header;
    const docstring = parts.docstring ? this.add(Tier.docstrings, parts.docstring, header, { near }) : null;
    const afterDocstring = docstring ?? header;
    let content: number[];
    if (definition.type === 'class_definition') {
      const members = statementsOf(body);
      content = this.walk(docstring === null ? members : members.slice(1), 'class', header);
    } else {
      const rest = { start: (parts.docstring?.end ?? parts.header.end) + 1, end: rangeOf(statement).end };
      content = rest.start <= rest.end ? [this.add(Tier.bodies, rest, afterDocstring, { near })] : [];
    }
    if (content.length > 0) {
      const elisionIndent = leadingWhitespace(this.lines[body.startPosition.row] ?? '');
      this.units[header]!.elisionIndent = elisionIndent;
      this.blocks.push({ header, docstring, content });
    }
    return header;
  }

  /** Header lines (decorators to the colon) and docstring lines of a class or function. */
  private definitionParts(statement: Node, definition: Node): { header: LineRange; docstring: LineRange | null } {
    const whole = rangeOf(statement);
    const body = definition.childForFieldName('body');
    if (!body) return { header: whole, docstring: null };
    const colon = definition.children.filter((c): c is Node => c !== null && c.type === ':').at(-1);
    const colonLine = (colon ?? definition).endPosition.row + 1;
    if (body.startPosition.row + 1 <= colonLine) return { header: whole, docstring: null };
    const first = statementsOf(body)[0];
    const docstring = first && isDocstring(first) ? rangeOf(first) : null;
    return { header: { start: whole.start, end: colonLine }, docstring };
  }
}

/**
 * The units of a file around a focal line range (a function's range, decorators included, or
 * any whole-statement range for module-level code).
 */
export function outlineOf(root: Node, lines: readonly string[], focal: LineRange, focalNames: ReadonlySet<string>): Outline {
  const builder = new OutlineBuilder(lines, focal, focalNames);
  builder.walk(statementsOf(root), 'module', null);
  return { units: builder.units, blocks: builder.blocks, focal, focalUnit: builder.focalUnit };
}
