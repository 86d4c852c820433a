/**
 * The Teams app package: the rendered manifest and the localization files against the official
 * schemas bundled in @microsoft/app-manifest (offline: fetch is stubbed to fail), the icons
 * decoded pixel by pixel, and the zip read back.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AppManifest } from '@microsoft/app-manifest';
import { unzipSync } from 'fflate';
import {
  buildPackage,
  escapeLoneBrackets,
  PACKAGE_FILE,
  pngSize,
  renderManifest,
  schemaErrors,
  type RenderedManifest,
} from '../../manifest/build';
import { ACCENT, COLOR_SIZE, OUTLINE_SIZE, renderColorIcon, renderOutlineIcon } from '../../manifest/icons';

/*
 * @microsoft/app-manifest is CommonJS yet requires strip-bom 5, which is ESM only. Node (22.12 and
 * later) loads it (require of ESM); jest's module loader cannot. Stand in for it with the same function,
 * at the path the package resolves it to, before the package is loaded.
 */
const MANIFEST_PACKAGE = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
jest.doMock(require.resolve('strip-bom', { paths: [MANIFEST_PACKAGE] }), () => ({
  __esModule: true,
  default: (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the stand-in above
const { AppManifestUtils } = require('@microsoft/app-manifest') as typeof import('@microsoft/app-manifest');

const ROOT = path.resolve(__dirname, '../..');
const MANIFEST_DIR = path.join(ROOT, 'manifest');
const APP_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ENV: NodeJS.ProcessEnv = { MicrosoftAppId: APP_ID };
const VERSION = '1.0.0';
const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl'];
const SCHEMA_VERSION = 'v1.30';
const SCHEMA_URL = `https://developer.microsoft.com/en-us/json-schemas/teams/${SCHEMA_VERSION}/MicrosoftTeams.schema.json`;
const LOCALIZATION_SCHEMA_URL = `https://developer.microsoft.com/en-us/json-schemas/teams/${SCHEMA_VERSION}/MicrosoftTeams.Localization.schema.json`;

const realFetch = globalThis.fetch;
const fetchSpy = jest.fn((input: unknown) =>
  Promise.reject(new Error(`a test tried to reach the network: ${String(input)}`)),
);

beforeAll(() => {
  globalThis.fetch = fetchSpy;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  expect(fetchSpy).not.toHaveBeenCalled();
});

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The localization schema from the package, its two unescaped "]" patterns made compilable (see build.ts). */
async function localizationSchema() {
  const schema = await AppManifestUtils.fetchSchema(LOCALIZATION_SCHEMA_URL);
  const withPatterns = schema as { patternProperties: Record<string, unknown> };
  withPatterns.patternProperties = Object.fromEntries(
    Object.entries(withPatterns.patternProperties).map(([key, rule]) => [escapeLoneBrackets(key), rule]),
  );
  return schema;
}

// ---- a small PNG decoder: chunks with CRC, IHDR, inflated IDAT, the five row filters -----------

interface Decoded {
  width: number;
  height: number;
  pixels: Buffer; // RGBA, 8 bit
}

function decodePng(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    expect(zlib.crc32(png.subarray(offset + 4, offset + 8 + length))).toBe(crc);
    types.push(type);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types[types.length - 1]).toBe('IEND');
  if (!header) throw new Error('no IHDR');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  // 8-bit truecolour with alpha, deflate, adaptive filtering, not interlaced
  expect([...header.subarray(8, 13)]).toEqual([8, 6, 0, 0, 0]);

  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * 4;
  expect(raw.length).toBe(height * (stride + 1));
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= 4 ? pixels[y * stride + x - 4] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4] : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) >> 1;
          break;
        case 4: {
          const p = a + b - c;
          const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          throw new Error(`bad filter ${filter} in row ${y}`);
      }
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

function pixelAt({ width, pixels }: Decoded, x: number, y: number): number[] {
  const i = (y * width + x) * 4;
  return [...pixels.subarray(i, i + 4)];
}

// ---- the manifest ------------------------------------------------------------------------------

describe('manifest.json', () => {
  const manifest = renderManifest(ENV, VERSION);

  it('is on the schema version chosen, which the package bundles (so validation stays offline)', () => {
    expect(manifest.$schema).toBe(SCHEMA_URL);
    expect(manifest.manifestVersion).toBe('1.30');
    const schemas = path.join(MANIFEST_PACKAGE, 'build', 'json-schemas', 'teams');
    expect(existsSync(path.join(schemas, SCHEMA_VERSION, 'MicrosoftTeams.schema.json'))).toBe(true);
    expect(existsSync(path.join(schemas, SCHEMA_VERSION, 'MicrosoftTeams.Localization.schema.json'))).toBe(true);
    const released = readdirSync(schemas).filter((name) => /^v\d+\.\d+$/.test(name));
    expect(released).toContain(SCHEMA_VERSION);
  });

  it('validates against the bundled official schema with no errors', async () => {
    expect(await AppManifestUtils.validateAgainstSchema(manifest as AppManifest)).toEqual([]);
  });

  it('is checked for real: the schema rejects lowercase groupchat and a non-GUID botId', async () => {
    const broken = structuredClone(manifest);
    broken.bots![0].scopes = ['personal', 'groupchat' as 'groupChat'];
    broken.bots![0].botId = 'not-a-guid';
    const errors = await AppManifestUtils.validateAgainstSchema(broken);
    expect(errors.some((error) => error.startsWith('/bots/0/scopes/1'))).toBe(true);
    expect(errors.some((error) => error.startsWith('/bots/0/botId'))).toBe(true);
  });

  it('uses the given MicrosoftAppId as the app id and the bot id', () => {
    expect(manifest.id).toBe(APP_ID);
    expect(manifest.bots).toHaveLength(1);
    expect(manifest.bots![0].botId).toBe(APP_ID);
    expect(JSON.stringify(manifest)).not.toContain('{{');
  });

  it('is a conversational bot in personal, team and groupChat scope with a command list for each', () => {
    const [bot] = manifest.bots!;
    expect(bot.scopes).toEqual(['personal', 'team', 'groupChat']);
    expect(bot.supportsFiles).toBe(false);
    expect(bot.isNotificationOnly).toBe(false);
    expect(bot.commandLists!.flatMap((list) => list.scopes)).toEqual(['personal', 'team', 'groupChat']);
    for (const list of bot.commandLists!) {
      expect(list.commands.map((command) => command.title)).toEqual(['track', 'help', 'start over', 'cancel']);
      for (const command of list.commands) expect(command.description).toMatch(/^\S.{4,40}$/);
    }
  });

  it('names and describes the app within the limits', () => {
    expect(manifest.name).toEqual({ short: 'Order Tracking', full: 'Order Tracking – where is my order?' });
    expect(manifest.description.short.length).toBeLessThanOrEqual(80);
    expect(manifest.description.full.length).toBeLessThanOrEqual(4000);
    for (const word of ['order number', 'tracking number', 'order ID', 'store order number', 'carrier'])
      expect(manifest.description.full).toContain(word);
    expect(manifest.accentColor).toBe(ACCENT);
    expect(manifest.validDomains).toEqual([]);
    expect(manifest.icons).toEqual({ color: 'color.png', outline: 'outline.png' });
  });

  it('takes the version it is given and refuses one Teams would not accept', () => {
    expect(renderManifest(ENV, '2.3.4').version).toBe('2.3.4');
    expect(() => renderManifest(ENV, '1.0.0-beta.1')).toThrow(/MAJOR\.MINOR\.PATCH/);
  });

  it('fills the developer URLs from the environment, with example.com defaults', () => {
    expect(manifest.developer).toEqual({
      name: 'Order Tracking Bot',
      websiteUrl: 'https://example.com',
      privacyUrl: 'https://example.com/privacy',
      termsOfUseUrl: 'https://example.com/terms',
    });
    const custom = renderManifest(
      {
        ...ENV,
        TEAMS_APP_WEBSITE_URL: 'https://shop.example.org/help',
        TEAMS_APP_PRIVACY_URL: 'https://shop.example.org/privacy',
        TEAMS_APP_TERMS_URL: '',
      },
      VERSION,
    );
    expect(custom.developer.websiteUrl).toBe('https://shop.example.org/help');
    expect(custom.developer.privacyUrl).toBe('https://shop.example.org/privacy');
    expect(custom.developer.termsOfUseUrl).toBe('https://example.com/terms');
    expect(() => renderManifest({ ...ENV, TEAMS_APP_PRIVACY_URL: 'http://shop.example.org/privacy' }, VERSION)).toThrow(
      /TEAMS_APP_PRIVACY_URL/,
    );
    expect(() => renderManifest({ ...ENV, TEAMS_APP_TERMS_URL: 'terms' }, VERSION)).toThrow(/TEAMS_APP_TERMS_URL/);
  });

  it.each([
    ['missing', {}],
    ['empty', { MicrosoftAppId: '  ' }],
    ['not a GUID', { MicrosoftAppId: 'order-tracking-bot' }],
    ['a GUID with braces', { MicrosoftAppId: `{${APP_ID}}` }],
    ['a GUID with a digit short', { MicrosoftAppId: APP_ID.slice(1) }],
  ])('fails with a message naming MicrosoftAppId when it is %s', (_, env) => {
    expect(() => renderManifest(env, VERSION)).toThrow(/MicrosoftAppId/);
  });

  it('does not echo a malformed MicrosoftAppId, in case a secret was pasted there', () => {
    expect(() => renderManifest({ MicrosoftAppId: 'S3cr3t~value' }, VERSION)).toThrow(
      // An error whose message leaves it out: the matcher stands in for the Error toThrow compares with.
      expect.objectContaining({ message: expect.not.stringContaining('S3cr3t') as unknown }) as Error,
    );
  });
});

// ---- the localization files --------------------------------------------------------------------

describe('localization files', () => {
  const manifest = renderManifest(ENV, VERSION);

  it('are listed in localizationInfo, one per bot language besides English', () => {
    expect(manifest.localizationInfo).toEqual({
      defaultLanguageTag: 'en-us',
      additionalLanguages: LANGUAGES.map((language) => ({ languageTag: language, file: `${language}.json` })),
    });
  });

  it.each(LANGUAGES)('%s.json validates against the bundled localization schema', async (language) => {
    const file = readJson(path.join(MANIFEST_DIR, `${language}.json`));
    expect(file.$schema).toBe(LOCALIZATION_SCHEMA_URL);
    expect(
      await AppManifestUtils.validateAgainstSchema(file as unknown as AppManifest, await localizationSchema()),
    ).toEqual([]);
    expect(await schemaErrors(file)).toEqual([]);
  });

  it.each(LANGUAGES)('%s.json translates the name, the descriptions and every command description', (language) => {
    const file = readJson(path.join(MANIFEST_DIR, `${language}.json`));
    for (const key of ['name.short', 'name.full', 'description.short', 'description.full']) {
      expect(typeof file[key]).toBe('string');
      expect(file[key]).not.toBe(
        (manifest as unknown as Record<string, Record<string, string>>)[key.split('.')[0]][key.split('.')[1]],
      );
    }
    const expected = manifest.bots![0].commandLists!.flatMap((list, l) =>
      list.commands.map((_, c) => `bots[0].commandLists[${l}].commands[${c}].description`),
    );
    expect(Object.keys(file).filter((key) => key.startsWith('bots['))).toEqual(expected);
  });

  it('is checked for real: the patched schema still rejects a long name and an unknown key', async () => {
    const file = {
      ...readJson(path.join(MANIFEST_DIR, 'de.json')),
      'name.short': 'x'.repeat(31),
      'name.nickname': 'x',
    };
    const errors = await AppManifestUtils.validateAgainstSchema(
      file as unknown as AppManifest,
      await localizationSchema(),
    );
    expect(errors.some((error) => error.startsWith('/name.short'))).toBe(true);
    expect(errors.some((error) => error.includes('additionalProperty') && error.includes('name.nickname'))).toBe(true);
  });

  it('escapes only a "]" that closes no character class', () => {
    expect(escapeLoneBrackets('^a\\[\\b([0-9]|1[01][0-9])\\b]\\.b$')).toBe('^a\\[\\b([0-9]|1[01][0-9])\\b\\]\\.b$');
    expect(escapeLoneBrackets('^x\\[[0-2]\\]$')).toBe('^x\\[[0-2]\\]$');
    expect(() => new RegExp(escapeLoneBrackets('^a\\[\\b(1[01][0-9])\\b]$'), 'u')).not.toThrow();
  });
});

// ---- the icons ---------------------------------------------------------------------------------

describe('icons', () => {
  const color = decodePng(readFileSync(path.join(MANIFEST_DIR, 'color.png')));
  const outline = decodePng(readFileSync(path.join(MANIFEST_DIR, 'outline.png')));

  it('are PNGs of 192×192 and 32×32', () => {
    expect([color.width, color.height]).toEqual([COLOR_SIZE, COLOR_SIZE]);
    expect([outline.width, outline.height]).toEqual([OUTLINE_SIZE, OUTLINE_SIZE]);
    expect(COLOR_SIZE).toBe(192);
    expect(OUTLINE_SIZE).toBe(32);
    expect(pngSize(readFileSync(path.join(MANIFEST_DIR, 'color.png')))).toEqual({ width: 192, height: 192 });
  });

  it('color.png is opaque and full colour, on the accent colour', () => {
    const accent = [1, 3, 5].map((i) => Number.parseInt(ACCENT.slice(i, i + 2), 16));
    const colours = new Set<string>();
    let translucent = 0;
    for (let y = 0; y < color.height; y++) {
      for (let x = 0; x < color.width; x++) {
        const [r, g, b, a] = pixelAt(color, x, y);
        if (a !== 255) translucent++;
        colours.add(`${r},${g},${b}`);
      }
    }
    expect(translucent).toBe(0);
    for (const [x, y] of [
      [0, 0],
      [191, 0],
      [0, 191],
      [191, 191],
      [96, 4],
    ])
      expect(pixelAt(color, x, y)).toEqual([...accent, 255]);
    expect(colours.size).toBeGreaterThan(8);
  });

  it('outline.png is white on transparent: transparent pixels, and only white ones besides', () => {
    let transparent = 0;
    let solid = 0;
    const notWhite: string[] = [];
    for (let y = 0; y < outline.height; y++) {
      for (let x = 0; x < outline.width; x++) {
        const [r, g, b, a] = pixelAt(outline, x, y);
        if (a === 0) transparent++;
        else if (r !== 255 || g !== 255 || b !== 255) notWhite.push(`${x},${y}: ${r},${g},${b},${a}`);
        if (a === 255) solid++;
      }
    }
    expect(notWhite).toEqual([]);
    for (const [x, y] of [
      [0, 0],
      [31, 0],
      [0, 31],
      [31, 31],
    ])
      expect(pixelAt(outline, x, y)[3]).toBe(0);
    // A drawing, neither empty nor a filled square.
    expect(transparent).toBeGreaterThan(32 * 32 * 0.3);
    expect(solid).toBeGreaterThan(32 * 32 * 0.2);
  });

  it('are what the generator draws (regenerate with dist/manifest/icons.js after a change)', () => {
    expect(decodePng(renderOutlineIcon()).pixels.equals(outline.pixels)).toBe(true);
    expect(decodePng(renderColorIcon()).pixels.equals(color.pixels)).toBe(true);
  });
});

// ---- the package -------------------------------------------------------------------------------

describe('buildPackage', () => {
  let outDir: string;
  beforeEach(() => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'teams-package-'));
  });
  afterEach(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('writes a zip holding exactly the manifest, the icons and the localization files, at its root', async () => {
    const zipPath = await buildPackage(ENV, outDir);
    expect(zipPath).toBe(path.join(outDir, PACKAGE_FILE));
    const entries = unzipSync(readFileSync(zipPath));
    const expected = ['manifest.json', 'color.png', 'outline.png', ...LANGUAGES.map((language) => `${language}.json`)];
    expect(Object.keys(entries).sort()).toEqual(expected.sort());

    const { version } = readJson(path.join(ROOT, 'package.json')) as { version: string };
    const packaged = JSON.parse(Buffer.from(entries['manifest.json']).toString('utf8')) as RenderedManifest;
    expect(packaged).toEqual(renderManifest(ENV, version));
    expect(packaged.version).toBe(version);
    for (const name of expected.filter((name) => name !== 'manifest.json')) {
      expect(Buffer.from(entries[name]).equals(readFileSync(path.join(MANIFEST_DIR, name)))).toBe(true);
    }
  });

  it('writes nothing when MicrosoftAppId is missing', async () => {
    await expect(buildPackage({}, outDir)).rejects.toThrow(/MicrosoftAppId/);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('offline', () => {
  it('no test reached the network', () => {
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
