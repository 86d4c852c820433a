/**
 * How deep JSON may nest, in what callers send and in what upstreams answer. Real activities and
 * tracking answers nest a few levels; thousands of levels only make recursive code (serializers,
 * validators, loggers) overflow their stacks, and once made restify log a whole request, token included.
 */

/** Deeper than any real activity (card data included) or tracking answer. */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max` objects or arrays. Iterative: a deep value cannot overflow it. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
