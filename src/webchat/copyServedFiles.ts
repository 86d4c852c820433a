/**
 * The build's second step (`npm run build`, after tsc): copies every file the widget serves into
 * dist/src/webchat/served/, so dist/ holds all a deployment serves. Run from dist/ once compiled.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SERVED_FILES, SERVED_FOLDER, sourceOf } from './servedFiles';

function copyServedFiles(): void {
  const files = Object.values(SERVED_FILES);
  const missing = files.filter((file) => !sourceOf(file));
  if (missing.length) {
    const named = missing
      .map((file) => (file.package ? `${file.name} (package ${file.package})` : file.name))
      .join(', ');
    // NODE_ENV=production (or --omit=dev) leaves devDependencies out, and with them the bundles.
    throw new Error(
      `cannot copy what the chat widget serves: ${named} not found. Install with devDependencies (npm ci, without NODE_ENV=production or --omit=dev), then build.`,
    );
  }
  mkdirSync(SERVED_FOLDER, { recursive: true });
  for (const file of files) copyFileSync(sourceOf(file)!, path.join(SERVED_FOLDER, file.name));
}

try {
  copyServedFiles();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
