/**
 * The files the chat widget serves from disk: our three client scripts, and Web Chat's and Adaptive
 * Cards' browser bundles. `npm run build` copies each into dist/, in `served/` beside the compiled widget
 * (copyServedFiles.ts), so a deployment serves them from its build with a production-only install.
 * botframework-webchat and adaptivecards stay devDependencies: as dependencies they added 485 MB (React,
 * the speech SDK) to the production install, to serve two files (docs/runtime-and-versions.md).
 * Where no copy is (ts-jest runs the sources; a build by plain tsc), each is read where it comes from.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../projectRoot';

export interface ServedFile {
  /** Its name in the served folder. */
  name: string;
  /** The package it comes from, for the message that says how to get it; none for our own. */
  package?: string;
  /** Where it comes from (throws when that is not installed). */
  source(): string;
}

const client = (name: string): ServedFile => ({
  name,
  source: () => path.join(projectRoot(), 'src', 'webchat', 'client', name),
});

export const SERVED_FILES = {
  widget: client('widget.js'),
  frame: client('frame.js'),
  cardToggle: client('cardToggle.js'),
  webchat: {
    name: 'webchat.js',
    package: 'botframework-webchat',
    // The full bundle (the minimal one has no Adaptive Cards, which every answer carries). The package
    // exports only its entry point (lib/index.js); the browser bundle sits in dist/ beside lib/.
    source: () => path.join(path.dirname(require.resolve('botframework-webchat')), '..', 'dist', 'webchat.js'),
  },
  // The Adaptive Cards library Web Chat bundles, in the version it bundles (its dependency is exact), for the page to adjust.
  adaptivecards: {
    name: 'adaptivecards.js',
    package: 'adaptivecards',
    source: () => require.resolve('adaptivecards/dist/adaptivecards.min.js'),
  },
} satisfies Record<string, ServedFile>;

/** Where the build puts the copies: beside this file once compiled (dist/src/webchat/served). */
export const SERVED_FOLDER = path.join(__dirname, 'served');

/** Where its source is, or undefined when it is not installed. */
export function sourceOf(file: ServedFile): string | undefined {
  try {
    const source = file.source();
    return existsSync(source) ? source : undefined;
  } catch {
    return undefined;
  }
}

/** The build's copy, else its source; undefined when neither is there. */
export function locate(file: ServedFile): string | undefined {
  const copy = path.join(SERVED_FOLDER, file.name);
  return existsSync(copy) ? copy : sourceOf(file);
}

/** What to do about a file that is missing, for the log line that names it. */
export function remedy(file: ServedFile): string {
  const from = file.package ? `from the package ${file.package} (a devDependency)` : 'from src/webchat/client';
  return `the build copies it into dist/src/webchat/served/ ${from}: run npm run build with devDependencies installed, and deploy that dist/`;
}
