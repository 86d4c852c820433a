/**
 * A build holds only what today's sources compile to. tsc writes over dist/ and removes nothing, so a source
 * moved or renamed (src/config.ts became src/config/index.ts) left its old output behind, and Node's resolution
 * prefers a file to a folder: `require('./config')` loaded the stale config.js, which knew no setting added since.
 * A deployment copies dist/ whole, so it would have run it too.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/projectRoot';

const ROOT = projectRoot();

/** Every file tsc compiled (a .js beside its .js.map) under dir, relative to dist/. */
function compiled(dir: string): string[] {
  return readdirSync(path.join(ROOT, 'dist', dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.js') && existsSync(path.join(entry.parentPath, `${entry.name}.map`)),
    )
    .map((entry) => path.relative(path.join(ROOT, 'dist'), path.join(entry.parentPath, entry.name)));
}

test('every compiled file in dist/ has its source: nothing stale shadows a module', () => {
  const orphans = compiled('.').filter(
    (file) => !['.ts', '.js'].some((extension) => existsSync(path.join(ROOT, file.replace(/\.js$/, extension)))),
  );
  expect(orphans).toEqual([]);
});
