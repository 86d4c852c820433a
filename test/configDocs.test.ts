/**
 * The operator's documentation stays true: every variable the service reads is in .env.example, and in
 * exactly one row of the settings tables (docs/configuration.md; the README names the common ones in
 * words and links there), and nothing else is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { URL_VARIABLES } from '../manifest/build';
import { ENV_VARIABLES } from '../src/config';

const MANIFEST_VARIABLES = Object.values(URL_VARIABLES).map((v) => v.env);
const ALL = [...ENV_VARIABLES, ...MANIFEST_VARIABLES].sort();

const example = readFileSync('.env.example', 'utf8');
const documents = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const readme = documents.map((file) => readFileSync(file, 'utf8')).join('\n');
const exampleVariables = [...example.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]);
const readmeVariables = [...readme.matchAll(/^\| `([A-Za-z_][A-Za-z0-9_]*)` \|/gm)].map((m) => m[1]);

test('.env.example lists exactly the variables the service and the Teams package read', () => {
  expect([...exampleVariables].sort()).toEqual(ALL);
});

test('the settings tables (README and docs/) list exactly the same variables, each once', () => {
  expect([...readmeVariables].sort()).toEqual(ALL);
});
