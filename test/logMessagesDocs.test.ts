/**
 * The person on call finds every warning, error and fatal line the service can write in one table
 * (docs/operating.md, "What the log's warnings and errors mean"), with what it means and what to do, and
 * the table cannot drift: this test reads every `logger.warn/error/fatal(…, 'message')` (and `log.warn`,
 * `this.logger[level](…)`, a message passed through a helper such as `noticeOnce(…, 'message')`) in src/ and
 * dialogs/ with the TypeScript compiler, and fails when one has no row, when a row's level is not the
 * code's, or when a row names a message the code no longer writes. A message it cannot read fails too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const LEVELS = ['warn', 'error', 'fatal'];
const SECTION = "What the log's warnings and errors mean";

interface Written {
  level: string;
  /** The message as a pattern: a template's `${…}` stands for any text. */
  pattern: RegExp;
  where: string;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return filesUnder(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A logger, by how it is reached: `logger`, `log`, `this.logger`, `deps.logger`, `this.parts.logger`. */
const isLogger = (expression: ts.Expression, source: ts.SourceFile) =>
  /(^|\.)(logger|log)$/i.test(expression.getText(source));

/** Which levels a call writes at, each with the branch of a `cond ? 'warn' : 'info'` it belongs to. */
type Branch = { condition: string; whenTrue: boolean } | undefined;

function levelsOf(call: ts.CallExpression, source: ts.SourceFile): Array<{ level: string; branch: Branch }> {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && LEVELS.includes(callee.name.text) && isLogger(callee.expression, source))
    return [{ level: callee.name.text, branch: undefined }];
  if (ts.isElementAccessExpression(callee) && isLogger(callee.expression, source)) {
    const chosen = callee.argumentExpression;
    if (
      ts.isConditionalExpression(chosen) &&
      ts.isStringLiteral(chosen.whenTrue) &&
      ts.isStringLiteral(chosen.whenFalse)
    ) {
      const condition = chosen.condition.getText(source);
      return [
        { level: chosen.whenTrue.text, branch: { condition, whenTrue: true } },
        { level: chosen.whenFalse.text, branch: { condition, whenTrue: false } },
      ].filter((each) => LEVELS.includes(each.level));
    }
    if (ts.isStringLiteral(chosen))
      return LEVELS.includes(chosen.text) ? [{ level: chosen.text, branch: undefined }] : [];
    // `log[level[method]]`, with `level` a table of levels in the file: any level the table holds.
    if (ts.isElementAccessExpression(chosen) && ts.isIdentifier(chosen.expression)) {
      const table = tableOf(chosen.expression.text, source);
      if (table)
        return [...new Set(table)]
          .filter((level) => LEVELS.includes(level))
          .map((level) => ({ level, branch: undefined }));
    }
    throw new Error(`${where(call, source)}: a log call whose level cannot be read`);
  }
  return [];
}

/** The string values of `const name = { … } as const` in the file, if there is one. */
function tableOf(name: string, source: ts.SourceFile): string[] | undefined {
  let values: string[] | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name && node.initializer) {
      const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(value))
        values = value.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)
            ? [property.initializer.text]
            : [],
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return values;
}

const where = (node: ts.Node, source: ts.SourceFile) =>
  `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

/** The messages an expression can be, each with the branch of a condition it is written under. */
function messagesOf(
  expression: ts.Expression,
  source: ts.SourceFile,
  calls: ts.CallExpression[],
): Array<{ pattern: string; branch: Branch }> {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return [{ pattern: escape(expression.text), branch: undefined }];
  if (ts.isTemplateExpression(expression)) {
    const text =
      escape(expression.head.text) + expression.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join('');
    return [{ pattern: text, branch: undefined }];
  }
  if (ts.isParenthesizedExpression(expression)) return messagesOf(expression.expression, source, calls);
  if (ts.isConditionalExpression(expression)) {
    const condition = expression.condition.getText(source);
    return [
      ...messagesOf(expression.whenTrue, source, calls).map((each) => ({
        ...each,
        branch: each.branch ?? { condition, whenTrue: true },
      })),
      ...messagesOf(expression.whenFalse, source, calls).map((each) => ({
        ...each,
        branch: each.branch ?? { condition, whenTrue: false },
      })),
    ];
  }
  // A parameter of the function around the call: every call of that function in the file gives one.
  if (ts.isIdentifier(expression)) {
    let holder: ts.Node | undefined = expression.parent;
    while (holder && !ts.isFunctionLike(holder)) holder = holder.parent;
    const fn = holder as ts.SignatureDeclaration | undefined;
    const index = fn?.parameters.findIndex((parameter) => parameter.name.getText(source) === expression.text) ?? -1;
    const name = fn?.name?.getText(source);
    if (fn && index >= 0 && name) {
      const uses = calls.filter((call) => {
        const callee = call.expression;
        return (
          (ts.isIdentifier(callee) && callee.text === name) ||
          (ts.isPropertyAccessExpression(callee) &&
            callee.name.text === name &&
            callee.expression.kind === ts.SyntaxKind.ThisKeyword)
        );
      });
      if (uses.length) return uses.flatMap((use) => messagesOf(use.arguments[index], source, calls));
    }
  }
  throw new Error(
    `${where(expression, source)}: a log message that cannot be read (${expression.getText(source)}); write it as text, or pass text to the helper that logs it`,
  );
}

function written(): Written[] {
  const found: Written[] = [];
  for (const file of [...filesUnder('src'), ...filesUnder('dialogs')]) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const call of calls) {
      const levels = levelsOf(call, source);
      if (!levels.length) continue;
      const message = call.arguments.at(-1);
      if (!message) throw new Error(`${where(call, source)}: a log call without a message`);
      for (const { pattern, branch } of messagesOf(message, source, calls)) {
        for (const level of levels) {
          // A level chosen by the same condition as the message goes with that branch only.
          if (
            level.branch &&
            branch &&
            level.branch.condition === branch.condition &&
            level.branch.whenTrue !== branch.whenTrue
          )
            continue;
          found.push({ level: level.level, pattern: new RegExp(`^${pattern}$`), where: where(call, source) });
        }
      }
    }
  }
  return found;
}

function documented(): Array<{ message: string; level: string }> {
  const text = readFileSync('docs/operating.md', 'utf8');
  const section = new RegExp(`^## ${escape(SECTION)}$([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(text)?.[1] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \| (warn|error|fatal) \|/gm)].map((row) => ({
    message: row[1],
    level: row[2],
  }));
}

const code = written();
const rows = documented();

test('the code writes warnings, errors and fatal lines, and the table has rows (neither side read as empty)', () => {
  expect(code.length).toBeGreaterThan(30);
  expect(rows.length).toBeGreaterThan(30);
});

test('every warn, error and fatal message the code writes has a row at its level', () => {
  const missing = code.filter(
    (each) => !rows.some((row) => row.level === each.level && each.pattern.test(row.message)),
  );
  expect(missing.map((each) => `${each.level} ${each.pattern.source} (${each.where})`)).toEqual([]);
});

test('every row names a message the code still writes, at that level', () => {
  const stale = rows.filter((row) => !code.some((each) => each.level === row.level && each.pattern.test(row.message)));
  expect(stale).toEqual([]);
});
