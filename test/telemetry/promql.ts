/**
 * A Grafana panel's PromQL, read with Prometheus' own grammar (@prometheus-io/lezer-promql): what does not
 * parse, which series it selects with which label matchers, and which labels it groups by. Grafana's
 * range variables are filled in first, as Grafana does before Prometheus sees the query.
 */
import { parser } from '@prometheus-io/lezer-promql';

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

export interface Selector {
  /** The series name as written: for a histogram, with its `_bucket`, `_sum` or `_count`. */
  series: string;
  matchers: Matcher[];
}

export interface PromQuery {
  /** Where the grammar could not read the query; empty for a query Prometheus accepts. */
  errors: string[];
  selectors: Selector[];
  /** The labels of every `by (…)` or `without (…)`. */
  grouping: string[];
}

/** Example values of Grafana's built-in range variables; any duration reads the same. */
const GRAFANA_RANGES: Record<string, string> = { $__rate_interval: '5m', $__range: '1d', $__interval: '1m' };

export function readPromQL(expr: string): PromQuery {
  const text = expr.replace(/\$__(rate_interval|range|interval)\b/g, (variable) => GRAFANA_RANGES[variable]);
  const query: PromQuery = { errors: [], selectors: [], grouping: [] };
  parser.parse(text).iterate({
    enter(ref) {
      const node = ref.node;
      const source = (from = node.from, to = node.to) => text.slice(from, to);
      if (node.type.isError)
        query.errors.push(`cannot read "${source(node.from, node.from + 24)}" at ${node.from} of ${text}`);
      if (node.name === 'GroupingLabels')
        query.grouping.push(...node.getChildren('LabelName').map((label) => source(label.from, label.to)));
      if (node.name !== 'VectorSelector') return;
      const name = node.getChild('Identifier');
      if (!name) query.errors.push(`a selector without a metric name in ${text}`);
      const matchers = node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
      query.selectors.push({
        series: name ? source(name.from, name.to) : '',
        matchers: matchers.map((matcher) => {
          const part = (type: string) => {
            const child = matcher.getChild(type);
            return child ? source(child.from, child.to) : '';
          };
          return {
            label: part('LabelName'),
            op: part('MatchOp') as Matcher['op'],
            value: JSON.parse(part('StringLiteral')) as string,
          };
        }),
      });
    },
  });
  return query;
}

/** Whether a series' labels pass a matcher; a Grafana variable (`$channel`) stands for any value. */
export function passes(matcher: Matcher, labels: Record<string, string>): boolean {
  const value = labels[matcher.label] ?? '';
  const pattern = new RegExp(`^(?:${matcher.value.replace(/\$\w+/g, '.*')})$`);
  if (matcher.op === '=') return value === matcher.value;
  if (matcher.op === '!=') return value !== matcher.value;
  return pattern.test(value) === (matcher.op === '=~');
}

/** The label values a matcher names: one for `=`, each alternative of a `=~` such as "sent|blocked"; none for a Grafana variable. */
export function namedValues(matcher: Matcher): string[] {
  if (matcher.value.includes('$')) return [];
  return matcher.op.endsWith('~') ? matcher.value.split('|') : [matcher.value];
}

/** A value while a query is worked out: a number, or a vector of at most one sample (undefined: no sample, "No data"). */
type Value = { scalar: number } | { vector: number | undefined };

const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  Add: (a, b) => a + b,
  Sub: (a, b) => a - b,
  Mul: (a, b) => a * b,
  Div: (a, b) => a / b,
};
const COMPARISON: Record<string, (a: number, b: number) => boolean> = {
  Gtr: (a, b) => a > b,
  Lss: (a, b) => a < b,
  Gte: (a, b) => a >= b,
  Lte: (a, b) => a <= b,
  Eql: (a, b) => a === b,
  Neq: (a, b) => a !== b,
};

/**
 * What a single-number panel shows, worked out as Prometheus would for the forms the day's shares use:
 * `sum(increase(<selector>[…]))`, numbers, + - * /, comparisons that filter (`> 0`), `or`, `vector()` and
 * `clamp_min()`. `totalOf` says what each selector's sum comes to, or undefined when it selects no series.
 * Undefined: the panel shows "No data". Any other form is an error, so a test never reads a query it does not understand.
 */
export function evaluateShare(expr: string, totalOf: (selector: Selector) => number | undefined): number | undefined {
  const text = expr.replace(/\$__(rate_interval|range|interval)\b/g, (variable) => GRAFANA_RANGES[variable]);
  type Node = ReturnType<typeof parser.parse>['topNode'];
  const source = (node: Node) => text.slice(node.from, node.to);
  const children = (node: Node): Node[] => {
    const found: Node[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) found.push(child);
    return found;
  };
  const vectorOf = (value: Value) => ('vector' in value ? value.vector : value.scalar);
  const value = (node: Node): Value => {
    switch (node.name) {
      case 'PromQL':
      case 'ParenExpr':
        return value(node.firstChild!);
      case 'NumberDurationLiteral':
        return { scalar: Number(source(node)) };
      case 'AggregateExpr': {
        const [op, body] = [node.getChild('AggregateOp'), node.getChild('FunctionCallBody')];
        const inner = body?.getChild('FunctionCall');
        const selector = inner?.getChild('FunctionCallBody')?.getChild('MatrixSelector')?.getChild('VectorSelector');
        if (
          source(op!) !== 'sum' ||
          !inner ||
          source(inner.getChild('FunctionIdentifier')!) !== 'increase' ||
          !selector
        )
          throw new Error(`cannot work out ${source(node)}`);
        return { vector: totalOf(readPromQL(source(selector)).selectors[0]) };
      }
      case 'FunctionCall': {
        const name = source(node.getChild('FunctionIdentifier')!);
        const args = children(node.getChild('FunctionCallBody')!).map(value);
        if (name === 'vector') return { vector: vectorOf(args[0]) };
        if (name === 'clamp_min') {
          const sample = vectorOf(args[0]);
          return { vector: sample === undefined ? undefined : Math.max(sample, vectorOf(args[1])!) };
        }
        throw new Error(`cannot work out ${name}()`);
      }
      case 'BinaryExpr': {
        const parts = children(node);
        // A modifier (bool, on, ignoring) between the operator and its right side is a form this does not work out.
        if (parts.length !== 3) throw new Error(`cannot work out ${source(node)}`);
        const [left, op, right] = parts;
        const [a, b] = [value(left), value(right)];
        if (op.name === 'Or') return { vector: vectorOf(a) ?? vectorOf(b) };
        if ('scalar' in a && 'scalar' in b && ARITHMETIC[op.name])
          return { scalar: ARITHMETIC[op.name](a.scalar, b.scalar) };
        const [x, y] = [vectorOf(a), vectorOf(b)];
        if (x === undefined || y === undefined) return { vector: undefined };
        if (ARITHMETIC[op.name]) return { vector: ARITHMETIC[op.name](x, y) };
        // A comparison without `bool` keeps the vector's sample where it holds, and drops it where it does not.
        if (COMPARISON[op.name]) return { vector: COMPARISON[op.name](x, y) ? ('vector' in a ? x : y) : undefined };
        throw new Error(`cannot work out ${source(node)}`);
      }
      default:
        throw new Error(`cannot work out ${node.name}: ${source(node)}`);
    }
  };
  return vectorOf(value(parser.parse(text).topNode));
}
