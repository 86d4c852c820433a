/** The operator's documentation stays true: every variable the service reads is in .env.example and the README, and nothing else is. */
import { readFileSync } from 'node:fs';
import { ENV_VARIABLES } from '../src/config';

const example = readFileSync('.env.example', 'utf8');
const readme = readFileSync('README.md', 'utf8');
const exampleVariables = [...example.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]);
const readmeVariables = [...readme.matchAll(/^\| `([A-Za-z_][A-Za-z0-9_]*)` \|/gm)].map((m) => m[1]);

test('.env.example lists exactly the variables the service reads', () => {
  expect([...exampleVariables].sort()).toEqual([...ENV_VARIABLES].sort());
});

test("the README's configuration table lists exactly the same variables", () => {
  expect([...readmeVariables].sort()).toEqual([...ENV_VARIABLES].sort());
});
