/**
 * The project's root folder (package.json next to manifest/manifest.json). Code runs from the sources
 * under ts-jest and from dist/ once compiled, so files that ship beside the code (the Teams package,
 * the sandbox page) are found from here, never from __dirname.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function projectRoot(from: string = __dirname): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'manifest', 'manifest.json')))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No project root (package.json next to manifest/manifest.json) above ${from}`);
    dir = parent;
  }
}
