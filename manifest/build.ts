/**
 * Builds the Teams app package: renders manifest/manifest.json (placeholders filled from the
 * environment and package.json), checks it and the localization files against the manifest
 * schemas bundled in @microsoft/app-manifest, and zips them with the icons into
 * manifest/build/order-tracking-bot.zip.
 *
 *   MicrosoftAppId=<guid> npm run manifest
 *
 * Placeholders in manifest.json, and where their values come from:
 *   {{MicrosoftAppId}}  env MicrosoftAppId (required, a GUID): the app id and the bot id
 *   {{Version}}         package.json "version" (MAJOR.MINOR.PATCH)
 *   {{WebsiteUrl}}      env TEAMS_APP_WEBSITE_URL, default https://example.com
 *   {{PrivacyUrl}}      env TEAMS_APP_PRIVACY_URL, default https://example.com/privacy
 *   {{TermsOfUseUrl}}   env TEAMS_APP_TERMS_URL,   default https://example.com/terms
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppManifest, TeamsManifestV1D30 } from '@microsoft/app-manifest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { manifestDir, projectRoot } from './paths';

export type RenderedManifest = TeamsManifestV1D30.TeamsManifestV1D30;

export const PACKAGE_FILE = 'order-tracking-bot.zip';
/** Zip entries get this fixed time, so the same inputs give the same package. */
const ZIP_TIME = new Date(2020, 0, 1);
const ICON_SIZES = { color: 192, outline: 32 } as const;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Teams takes MAJOR.MINOR.PATCH only: no pre-release or build suffix. */
const APP_VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The URL placeholders: each one's variable and the value used when that variable is unset or empty. */
export const URL_VARIABLES = {
  WebsiteUrl: { env: 'TEAMS_APP_WEBSITE_URL', fallback: 'https://example.com' },
  PrivacyUrl: { env: 'TEAMS_APP_PRIVACY_URL', fallback: 'https://example.com/privacy' },
  TermsOfUseUrl: { env: 'TEAMS_APP_TERMS_URL', fallback: 'https://example.com/terms' },
} as const;

function microsoftAppId(env: NodeJS.ProcessEnv): string {
  const value = env.MicrosoftAppId?.trim();
  if (!value) {
    throw new Error(
      "MicrosoftAppId is not set. Set it to the Azure Bot's Microsoft App ID (a GUID): MicrosoftAppId=<guid> npm run manifest",
    );
  }
  // The value is not echoed: a secret pasted into the wrong variable should not end up in a CI log.
  if (!GUID.test(value))
    throw new Error(
      `MicrosoftAppId is not a GUID (got ${value.length} characters). It must be the Azure Bot's Microsoft App ID, like 00000000-0000-0000-0000-000000000000.`,
    );
  return value;
}

function appVersion(version: string): string {
  if (!APP_VERSION.test(version))
    throw new Error(
      `The app version "${version}" (package.json "version") must be MAJOR.MINOR.PATCH, e.g. 1.0.0: Teams accepts no pre-release or build suffix.`,
    );
  return version;
}

function httpsUrl(env: NodeJS.ProcessEnv, name: keyof typeof URL_VARIABLES): string {
  const { env: variable, fallback } = URL_VARIABLES[name];
  const value = env[variable]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:') throw new Error(`${variable} must be an https:// URL: "${value}"`);
  if (value.length > 2048) throw new Error(`${variable} is longer than 2048 characters`);
  return value;
}

function placeholderValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  return {
    MicrosoftAppId: microsoftAppId(env),
    Version: appVersion(version),
    WebsiteUrl: httpsUrl(env, 'WebsiteUrl'),
    PrivacyUrl: httpsUrl(env, 'PrivacyUrl'),
    TermsOfUseUrl: httpsUrl(env, 'TermsOfUseUrl'),
  };
}

/** Replaces {{Name}} in every string of a JSON value; an unknown placeholder is an error. */
function fill(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      if (!Object.hasOwn(values, name)) throw new Error(`manifest.json uses an unknown placeholder {{${name}}}`);
      return values[name];
    });
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values)]));
  return value;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The manifest with its placeholders filled. No side effects: it reads the template and returns
 * a new object. Values are substituted into the parsed JSON, so no value can break its syntax.
 */
export function renderManifest(env: NodeJS.ProcessEnv, version: string): RenderedManifest {
  const values = placeholderValues(env, version);
  return fill(readJson(path.join(manifestDir(), 'manifest.json')), values) as RenderedManifest;
}

/**
 * The bundled localization schemas (every version that has one) carry two pattern keys with an
 * unescaped "]", which Ajv rejects in its default unicode mode ("Lone quantifier brackets"), so
 * the schema does not compile. Escaping a "]" that closes no character class keeps the meaning.
 */
export function escapeLoneBrackets(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
    } else if (c === '[' && !inClass) {
      inClass = true;
      out += c;
    } else if (c === ']') {
      out += inClass ? c : '\\]';
      inClass = false;
    } else {
      out += c;
    }
  }
  return out;
}

type ManifestLibrary = typeof import('@microsoft/app-manifest');
type Schema = Awaited<ReturnType<ManifestLibrary['AppManifestUtils']['fetchSchema']>>;

/**
 * @microsoft/app-manifest, loaded on first use. It is CommonJS but requires strip-bom 5, which is ESM
 * only: every Node this project runs on (22.12 and later) loads that (require of ESM).
 */
function manifestLibrary(): ManifestLibrary {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at import: a test stands in for strip-bom first
  return require('@microsoft/app-manifest') as ManifestLibrary;
}

/** A schema from @microsoft/app-manifest, read from the package (it holds every released version). */
async function bundledSchema({ AppManifestUtils }: ManifestLibrary, url: string): Promise<Schema> {
  // fetchSchema reads the package's copy of a developer.microsoft.com schema URL; it only goes online for other URLs.
  const schema = await AppManifestUtils.fetchSchema(url);
  const patterns = (schema as { patternProperties?: Record<string, unknown> }).patternProperties;
  if (patterns) {
    (schema as { patternProperties?: Record<string, unknown> }).patternProperties = Object.fromEntries(
      Object.entries(patterns).map(([key, rule]) => [escapeLoneBrackets(key), rule]),
    );
  }
  return schema;
}

/** Schema errors of a manifest or localization file against the bundled schema its $schema names: [] when valid. */
export async function schemaErrors(document: object): Promise<string[]> {
  const library = manifestLibrary();
  const url = (document as { $schema?: unknown }).$schema;
  if (typeof url !== 'string' || !url.startsWith('https://developer.microsoft.com/'))
    return ['$schema must name an official schema URL'];
  return library.AppManifestUtils.validateAgainstSchema(document as AppManifest, await bundledSchema(library, url));
}

/** Width and height from a PNG's IHDR, or undefined when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((byte, i) => png[i] !== byte)) return undefined;
  if (Buffer.from(png.subarray(12, 16)).toString('latin1') !== 'IHDR') return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The files the package holds besides manifest.json, as the manifest names them. */
function packagedFiles(manifest: RenderedManifest): string[] {
  const languages = manifest.localizationInfo?.additionalLanguages ?? [];
  return [manifest.icons.color, manifest.icons.outline, ...languages.map((language) => language.file)];
}

/** Renders, checks and zips the package into `outDir`; returns the zip's path. */
export async function buildPackage(
  env: NodeJS.ProcessEnv,
  outDir: string = path.join(manifestDir(), 'build'),
): Promise<string> {
  const { version } = readJson(path.join(projectRoot(), 'package.json')) as { version: string };
  const manifest = renderManifest(env, version);
  const problems: string[] = [];
  const check = async (name: string, document: object): Promise<void> => {
    problems.push(...(await schemaErrors(document)).map((error) => `${name}: ${error}`));
  };
  await check('manifest.json', manifest);

  const entries: Zippable = { 'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const name of packagedFiles(manifest)) {
    const file = path.join(manifestDir(), name);
    if (path.dirname(name) !== '.' || !existsSync(file)) {
      problems.push(`${name}: named in manifest.json but not a file in manifest/`);
      continue;
    }
    const bytes = readFileSync(file);
    if (name.endsWith('.json')) await check(name, JSON.parse(bytes.toString('utf8')) as object);
    entries[name] = new Uint8Array(bytes);
  }
  for (const [icon, size] of Object.entries(ICON_SIZES)) {
    const name = manifest.icons[icon as keyof typeof ICON_SIZES];
    const bytes = entries[name];
    const actual = bytes instanceof Uint8Array ? pngSize(bytes) : undefined;
    if (bytes && (actual?.width !== size || actual.height !== size))
      problems.push(`${name}: the ${icon} icon must be a ${size}×${size} PNG`);
  }
  if (problems.length) throw new Error(`The Teams app package is not valid:\n  ${problems.join('\n  ')}`);

  mkdirSync(outDir, { recursive: true });
  const zipPath = path.join(outDir, PACKAGE_FILE);
  writeFileSync(zipPath, zipSync(entries, { level: 9, mtime: ZIP_TIME }));
  return zipPath;
}

async function main(): Promise<void> {
  const envFile = path.resolve('.env');
  // Variables already set in the environment win over .env.
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  console.log(await buildPackage(process.env));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
