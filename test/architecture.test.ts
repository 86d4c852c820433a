/**
 * Botbuilder stays at the edges (the adapter, the bot, the dialogs): the tracking core, the cards, the
 * channels, recognition, next steps, the handoff's case and the watches import none of it, neither the
 * packages nor the project's own gateway to them (src/bot/botbuilder.ts, dialogs/botbuilderDialogs.ts),
 * so that a port to the Microsoft 365 Agents SDK replaces the edges only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const CORE = ['src/tracking', 'src/cards', 'src/channels', 'src/customers', 'src/recognize', 'src/nextSteps', 'src/handoff', 'src/watch'];
const EDGE = /^botbuilder|^botframework-|\/bot\/|\/dialogs\//;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** Every module a file imports or requires, as written. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import|require)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]);
}

test.each(CORE)('%s imports nothing of botbuilder', (dir) => {
  const files = filesUnder(path.join(ROOT, dir));
  expect(files.length).toBeGreaterThan(0);
  const offending = files.flatMap((file) => importsOf(file).filter((specifier) => EDGE.test(specifier)).map((specifier) => `${path.relative(ROOT, file)} → ${specifier}`));
  expect(offending).toEqual([]);
});
