/** Where the Teams app package's sources live. */
import path from 'node:path';
import { projectRoot } from '../src/projectRoot';

export { projectRoot };

/** The folder holding manifest.json, the icons and the localization files. */
export function manifestDir(): string {
  return path.join(projectRoot(), 'manifest');
}
