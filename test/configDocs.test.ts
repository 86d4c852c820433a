/** The operator's documentation stays true: every variable the service reads is in .env.example and the README, and nothing else is. */
import { readFileSync } from 'node:fs';
import { URL_VARIABLES } from '../manifest/build';
import { ENV_VARIABLES } from '../src/config';

const MANIFEST_VARIABLES = Object.values(URL_VARIABLES).map((v) => v.env);
const ALL = [...ENV_VARIABLES, ...MANIFEST_VARIABLES].sort();

const example = readFileSync('.env.example', 'utf8');
const readme = readFileSync('README.md', 'utf8');
const exampleVariables = [...example.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]);
const readmeVariables = [...readme.matchAll(/^\| `([A-Za-z_][A-Za-z0-9_]*)` \|/gm)].map((m) => m[1]);

test('.env.example lists exactly the variables the service and the Teams package read', () => {
  expect([...exampleVariables].sort()).toEqual(ALL);
});

test("the README's configuration tables list exactly the same variables", () => {
  expect([...readmeVariables].sort()).toEqual(ALL);
});
