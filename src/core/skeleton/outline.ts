import { DEFINITION_TYPES, IMPORT_TYPES, type LineRange, type Statement } from './statements';

export type { LineRange } from './statements';

// Cuts a Python file's statements into the units a skeleton is assembled from, each a whole-line
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

  private add(tier: Tier, lines: LineRange, parent: number | null, extra: { mandatory?: boolean; near?: boolean } = {}): number {
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

  /** Marks a header whose block may be dropped, leaving `...` at the block's indentation. */
  private elidable(header: number, block: LineRange, docstring: number | null, content: number[]): void {
    this.units[header]!.elisionIndent = leadingWhitespace(this.lines[block.start - 1] ?? '');
    this.blocks.push({ header, docstring, content });
  }

  /** Walks the statements of a module, class or function body. */
  walk(statements: readonly Statement[], scope: Scope, parent: number | null): number[] {
    const created: number[] = [];
    statements.forEach((statement, index) => {
      const { start, end } = statement.range;
      if (start >= this.focal.start && end <= this.focal.end) return;
      if (start <= this.focal.end && end >= this.focal.start) {
        created.push(this.ancestor(statement, scope, parent));
        return;
      }
      created.push(this.statement(statement, index === 0, scope, parent));
    });
    return created;
  }

  /** A statement that contains the focal function. */
  private ancestor(statement: Statement, scope: Scope, parent: number | null): number {
    if (!DEFINITION_TYPES.has(statement.type)) return this.compoundAncestor(statement, scope, parent);
    const header = this.add(Tier.focal, statement.header!, parent, { mandatory: true });
    const members = statement.blocks[0]?.statements ?? [];
    if (statement.docstring) this.add(Tier.focalClassBody, statement.docstring, header);
    const inside = statement.type === 'class_definition' ? 'focal-class' : 'focal-function';
    this.walk(statement.docstring ? members.slice(1) : members, inside, header);
    return header;
  }

  /**
   * An if/try/with/for around the focal function. Its clause headers are kept (`else:` needs
   * its `if`, `try:` its `except`); the block holding the focal is walked like any body, and
   * the other blocks are ordinary bodies, elided to `...` when they do not fit.
   */
  private compoundAncestor(statement: Statement, scope: Scope, parent: number | null): number {
    let first: number | null = null;
    let next = statement.range.start;
    for (const block of statement.blocks) {
      const headerRange = { start: next, end: block.range.start - 1 };
      next = block.range.end + 1;
      if (headerRange.end < headerRange.start) {
        // A block on its header's line (`else: pass`) goes with it.
        first ??= this.add(Tier.focal, { start: headerRange.start, end: block.range.end }, parent, { mandatory: true });
        continue;
      }
      const header = this.add(Tier.focal, headerRange, parent, { mandatory: true });
      first ??= header;
      if (block.range.start <= this.focal.end && block.range.end >= this.focal.start) {
        this.walk(block.statements, scope, header);
      } else {
        this.elidable(header, block.range, null, [this.add(Tier.bodies, block.range, header)]);
      }
    }
    if (next <= statement.range.end || first === null) {
      const rest = this.add(Tier.focal, { start: next, end: statement.range.end }, parent, { mandatory: true });
      first ??= rest;
    }
    return first;
  }

  private statement(statement: Statement, first: boolean, scope: Scope, parent: number | null): number {
    const range = statement.range;
    if (scope === 'focal-function') {
      // Inside the function that encloses a nested focal function everything is local context.
      return this.add(Tier.focalClassBody, range, parent);
    }
    if (DEFINITION_TYPES.has(statement.type)) return this.definition(statement, scope, parent);
    if (scope === 'focal-class') return this.add(Tier.focalClassBody, range, parent);
    if (scope === 'class') return this.add(Tier.bodies, range, parent);
    if (first && statement.isString) return this.add(Tier.docstrings, range, parent);
    if (IMPORT_TYPES.has(statement.type)) return this.add(Tier.imports, range, parent);
    if (SIMPLE_STATEMENT_TYPES.has(statement.type)) return this.add(Tier.globals, range, parent);
    // A compound statement at module level: `try: import x except ImportError: ...` counts as
    // an import; anything else (`if __name__ == "__main__":`) as an ordinary body.
    const importsOnly = statement.hasImport && !statement.hasDefinition;
    return this.add(importsOnly ? Tier.imports : Tier.bodies, range, parent);
  }

  /** A class or function that does not contain the focal: signature, docstring, body. */
  private definition(statement: Statement, scope: Scope, parent: number | null): number {
    const near = scope === 'focal-class' || this.focalNames.has(statement.name!);
    const header = this.add(Tier.signatures, statement.header!, parent, { near });
    const body = statement.blocks[0];
    if (!body) return header;
    const docstring = statement.docstring ? this.add(Tier.docstrings, statement.docstring, header, { near }) : null;
    let content: number[];
    if (statement.type === 'class_definition') {
      content = this.walk(docstring === null ? body.statements : body.statements.slice(1), 'class', header);
    } else {
      const rest = { start: (statement.docstring?.end ?? statement.header!.end) + 1, end: statement.range.end };
      content = rest.start <= rest.end ? [this.add(Tier.bodies, rest, docstring ?? header, { near })] : [];
    }
    if (content.length > 0) this.elidable(header, body.range, docstring, content);
    return header;
  }
}

/**
 * The units of a file around a focal line range (a function's range, decorators included, or
 * any whole-statement range for module-level code).
 */
export function outlineOf(
  statements: readonly Statement[],
  lines: readonly string[],
  focal: LineRange,
  focalNames: ReadonlySet<string>,
): Outline {
  const builder = new OutlineBuilder(lines, focal, focalNames);
  builder.walk(statements, 'module', null);
  return { units: builder.units, blocks: builder.blocks, focal, focalUnit: builder.focalUnit };
}
