/**
 * The house's rules, read from the imports as TypeScript reads them (test/support/importGraph.ts).
 * - Botbuilder stays at the edges (the adapter, the bot, the dialogs): the tracking core, the cards, the
 *   channels, the signed-in customers, recognition, next steps, the handoff's case and the watches import
 *   none of it, neither the packages nor the project's own gateways to them.
 * - Each botbuilder package has one gateway, so that an upgrade, or a port to the Microsoft 365 Agents SDK,
 *   starts from one place per package.
 * - The imports run one way: the bot edge (src/bot) takes the dialogs through ports of its own and imports
 *   none; below the composition root (src/app.ts, src/index.ts) nothing in src/ imports dialogs/.
 * - No files import each other in a circle.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { circlesAmong, filesUnder, importsOf, type Import } from './support/importGraph';

const CORE = [
  'src/runtime',
  'src/tracking',
  'src/cards',
  'src/channels',
  'src/customers',
  'src/recognize',
  'src/nextSteps',
  'src/handoff',
  'src/watch',
];
const BOTBUILDER = /^(botbuilder|botframework-)/;
const EDGE = /^(botbuilder|botframework-)|^(src\/bot|dialogs)\//;
/** Each botbuilder package, and the one file that imports it. */
const GATEWAYS: Record<string, string> = {
  botbuilder: 'src/bot/botbuilder.ts',
  'botbuilder-core': 'src/bot/botbuilder.ts',
  'botframework-connector': 'src/bot/botbuilder.ts',
  'botbuilder-azure-blobs': 'src/bot/botbuilderAzureBlobs.ts',
  'botbuilder-dialogs': 'dialogs/botbuilderDialogs.ts',
};
/** The product: everything but the tests and the benchmark (which measures plain botbuilder on purpose). */
const PRODUCT = filesUnder('src', 'dialogs', 'sandbox', 'chat', 'manifest');
const COMPOSITION_ROOT = ['src/app.ts', 'src/index.ts'];
/** None: the last one (dialogs/handoff.ts ⇄ dialogs/understanding.ts, over PERSON) went with the one vocabulary of choice values. */
const KNOWN_CIRCLES: string[][] = [];

const packageOf = (specifier: string) => specifier.split('/')[0];
const arrows = (files: string[], wrong: (imported: Import) => boolean) =>
  files.flatMap((file) =>
    importsOf(file).flatMap((imported) =>
      wrong(imported) ? [`${file} → ${imported.file ?? imported.specifier}`] : [],
    ),
  );

test('the reader sees what TypeScript sees: double quotes, import type, export from, require and import()', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'imports-')), 'sample.ts');
  writeFileSync(
    file,
    [
      'import type { Activity } from "botbuilder";',
      "export { TurnContext } from 'botbuilder-core';",
      'const dialogs = require("botbuilder-dialogs");',
      'const later = import(`botframework-connector`);',
      '// import { nothing } from "not-read-in-a-comment";',
    ].join('\n'),
  );
  expect(importsOf(file).map((imported) => imported.specifier)).toEqual([
    'botbuilder',
    'botbuilder-core',
    'botbuilder-dialogs',
    'botframework-connector',
  ]);
});

test.each(CORE)('%s imports nothing of botbuilder', (dir) => {
  const files = filesUnder(dir);
  expect(files.length).toBeGreaterThan(0);
  expect(arrows(files, ({ specifier, file }) => EDGE.test(file ?? specifier))).toEqual([]);
});

test('each botbuilder package is imported by its gateway alone', () => {
  // A package without a gateway has none to match, so its first import shows here too.
  const besideTheGateway = PRODUCT.flatMap((file) =>
    importsOf(file).flatMap(({ specifier }) =>
      BOTBUILDER.test(specifier) && GATEWAYS[packageOf(specifier)] !== file ? [`${file} → ${specifier}`] : [],
    ),
  );
  expect(besideTheGateway).toEqual([]);
});

test('the bot edge imports no dialog, and nothing below the composition root does', () => {
  expect(filesUnder('src/bot').length).toBeGreaterThan(0);
  const below = PRODUCT.filter((file) => file.startsWith('src/') && !COMPOSITION_ROOT.includes(file));
  expect(arrows(below, ({ file }) => file?.startsWith('dialogs/') === true)).toEqual([]);
  // The composition root is what wires them: the rule above is not true by reading nothing.
  expect(arrows(COMPOSITION_ROOT, ({ file }) => file?.startsWith('dialogs/') === true).length).toBeGreaterThan(0);
});

test('no files import each other in a circle', () => {
  expect(circlesAmong(PRODUCT)).toEqual(KNOWN_CIRCLES);
});
