/**
 * The project's imports as TypeScript reads them (ts.preProcessFile): single or double quotes, `import type`,
 * `export … from`, `require()` and `import()` alike, each project file resolved to the file it names.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(__dirname, '../..');

export interface Import {
  /** As written: `botbuilder`, `../tracking/lookup`. */
  specifier: string;
  /** The project file it names, relative to the root (`src/tracking/lookup.ts`); undefined for a package. */
  file?: string;
}

/** Every .ts file under the folders, relative to the root. */
export function filesUnder(...dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory()
        ? walk(file)
        : file.endsWith('.ts') && !file.endsWith('.d.ts')
          ? [path.relative(ROOT, file)]
          : [];
    });
  return dirs.flatMap((dir) => walk(path.join(ROOT, dir))).sort();
}

/** `file` relative to the root, or absolute. */
export function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.resolve(ROOT, file), 'utf8'), true, true);
  return importedFiles.map(({ fileName: specifier }) => ({
    specifier,
    file: specifier.startsWith('.') ? resolve(file, specifier) : undefined,
  }));
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.relative(ROOT, path.resolve(ROOT, path.dirname(from), specifier));
  const found = [base, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => {
    try {
      return statSync(path.join(ROOT, candidate)).isFile();
    } catch {
      return false;
    }
  });
  return found && path.normalize(found);
}

/** The import circles among the files (Tarjan's strongly connected components of two or more files), each sorted. */
export function circlesAmong(files: string[]): string[][] {
  const edges = new Map(
    files.map((file) => [file, importsOf(file).flatMap((imported) => (imported.file ? [imported.file] : []))]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}
