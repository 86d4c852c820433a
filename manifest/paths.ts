/**
 * Where the Teams app package's sources live. The scripts run from `manifest/` under ts-jest and
 * from `dist/manifest/` once compiled, so paths are resolved from the project root (the folder
 * holding package.json and manifest/manifest.json), never from __dirname.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function projectRoot(from: string = __dirname): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'manifest', 'manifest.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No project root (package.json next to manifest/manifest.json) above ${from}`);
    dir = parent;
  }
}

/** The folder holding manifest.json, the icons and the localization files. */
export function manifestDir(): string {
  return path.join(projectRoot(), 'manifest');
}
