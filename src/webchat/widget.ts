/**
 * The chat widget a store puts on its own site with one tag, `<script src="{bot}/webchat.js" defer>`,
 * everything served from the bot's own origin, no CDN:
 *
 * - GET /webchat.js: the launcher (a few KB, no dependency). It draws a button in a shadow root on the
 *   store's page and, once the customer opens it, an iframe of the bot's origin;
 * - GET /webchat/frame: that iframe's page, under its own Content-Security-Policy. It gets the Direct
 *   Line token from /api/webchat/token on its own origin, so the token never is on the store's page, and
 *   keeps the conversation in the bot origin's sessionStorage: the next page of the store reconnects;
 * - GET /webchat/frame.js, and Web Chat's and Adaptive Cards' browser bundles from node_modules under
 *   versioned names, cached for a year (and gzipped for a browser that takes it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Request, Response, Server } from 'restify';
import { projectRoot } from '../projectRoot';
import { Translator } from '../i18n';
import { widgetWords } from './strings';

export interface WidgetOptions {
  /**
   * Where the frame's Web Chat reaches Direct Line: an absolute URL, or a path on the bot's own origin
   * (the sandbox's local channel). Read at each request, so sandbox mode can point it at its channel.
   */
  directLine: string;
  /** The origins that may show the frame (`frame-ancestors`); any when empty. */
  frameAncestors: string[];
}

/** Web Chat's full browser bundle (the minimal one has no Adaptive Cards, which every answer carries). */
export function webChatBundle(): string | undefined {
  try {
    // The package exports only its entry point (lib/index.js); the browser bundle sits in dist/ beside lib/.
    const file = path.join(path.dirname(require.resolve('botframework-webchat')), '..', 'dist', 'webchat.js');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** The Adaptive Cards library Web Chat bundles, in the version it bundles (its dependency is exact), for the page to adjust. */
export function adaptiveCardsBundle(): string | undefined {
  try {
    return require.resolve('adaptivecards/dist/adaptivecards.min.js');
  } catch {
    return undefined;
  }
}

const JS = 'text/javascript; charset=utf-8';
const YEAR = 'public, max-age=31536000, immutable';
/** The unversioned script a store pastes: a change reaches every store within five minutes. */
const SHORT = 'public, max-age=300';

interface Asset {
  body: Buffer;
  gzipped?: Buffer;
  etag: string;
}

function asset(body: Buffer | string): Asset {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { body: buffer, etag: `"${createHash('sha256').update(buffer).digest('base64url').slice(0, 22)}"` };
}

const gzipAsync = promisify(gzip);

async function sendAsset(req: Request, res: Response, item: Asset, type: string, cache: string, compress = false): Promise<void> {
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': cache, etag: item.etag, vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff' };
  if (req.headers['if-none-match'] === item.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  if (compress && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    item.gzipped ??= await gzipAsync(item.body);
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(item.gzipped.length) });
    return void res.end(item.gzipped);
  }
  res.writeHead(200, { ...headers, 'content-length': String(item.body.length) });
  res.end(item.body);
}

/** The client scripts, read once, with the six languages' words put in. */
function clientScript(name: string): Asset {
  const source = readFileSync(path.join(projectRoot(), 'src', 'webchat', 'client', name), 'utf8');
  return asset(source.replace('/*WIDGET_STRINGS*/ {}', JSON.stringify(widgetWords(new Translator('en')))));
}

function version(file: string | undefined): string {
  if (!file) return 'missing';
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

export function registerWebchatWidget(server: Server, options: WidgetOptions): void {
  const cached = new Map<string, Asset>();
  const once = (key: string, make: () => Asset) => {
    let item = cached.get(key);
    if (!item) cached.set(key, (item = make()));
    return item;
  };
  const bundles = { webchat: webChatBundle(), adaptivecards: adaptiveCardsBundle() };
  // Versioned by content: a new Web Chat gets a new name, so the old one may be cached for a year.
  const names = { webchat: `webchat-${version(bundles.webchat)}.js`, adaptivecards: `adaptivecards-${version(bundles.adaptivecards)}.js` };

  server.get('/webchat.js', async (req: Request, res: Response) => {
    await sendAsset(req, res, once('widget', () => clientScript('widget.js')), JS, SHORT);
  });
  server.get('/webchat/frame.js', async (req: Request, res: Response) => {
    await sendAsset(req, res, once('frame', () => clientScript('frame.js')), JS, SHORT);
  });
  server.get('/webchat/card-toggle.js', async (req: Request, res: Response) => {
    await sendAsset(req, res, once('toggle', () => clientScript('cardToggle.js')), JS, SHORT);
  });
  for (const key of ['webchat', 'adaptivecards'] as const) {
    server.get(`/webchat/${names[key]}`, async (req: Request, res: Response) => {
      const file = bundles[key];
      if (!file) return void res.send(404, { code: 'not_found', message: `${key === 'webchat' ? 'botframework-webchat' : 'adaptivecards'} is not installed: run npm ci` });
      await sendAsset(req, res, once(key, () => asset(readFileSync(file))), JS, YEAR, true);
    });
  }
  server.get('/webchat/frame', async (_req: Request, res: Response) => {
    const directLine = options.directLine;
    // A new nonce per answer: only the style elements this page and Web Chat write carry it.
    const nonce = randomBytes(16).toString('base64');
    const body = frameHtml({ directLine, webchat: names.webchat, adaptivecards: names.adaptivecards, nonce });
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // Never stored: a stored page would bring back an old nonce.
      'cache-control': 'no-store',
      'content-security-policy': frameCsp(directLine, options.frameAncestors, nonce),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  });
}

/** The hash of an empty style element's text (SHA-256 of ""), as a policy names it. */
const EMPTY_STYLE_HASH = `sha256-${createHash('sha256').update('').digest('base64')}`;

/**
 * The frame's own policy: scripts only from the bot, connections only to the bot and Direct Line, style
 * elements only with this answer's nonce.
 */
export function frameCsp(directLine: string, frameAncestors: string[], nonce: string): string {
  const directLineOrigin = /^https?:\/\//.test(directLine) ? new URL(directLine).origin : '';
  // Direct Line's WebSocket stream is off (webSocket: false): Web Chat polls over HTTPS.
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Style elements: the page's own and those Web Chat's emotion writes, which carry the nonce Web Chat is given.
    // And empty ones: Web Chat 4.18 gives its transcript's scroller (react-scroll-to-bottom) no nonce, whose
    // emotion then writes an empty element and fills its sheet by insertRule, which no policy governs. An
    // empty element styles nothing; one with text still needs the nonce.
    `style-src-elem 'self' 'nonce-${nonce}' '${EMPTY_STYLE_HASH}'`,
    // Style attributes: Adaptive Cards lays cards out with them (no nonce can be put on an attribute).
    "style-src-attr 'unsafe-inline'",
    // For a browser that knows neither of the two above (Safari before 15.4, Firefox before 108): as before them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${directLineOrigin ? ` ${directLineOrigin}` : ''}`,
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : '*'}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function frameHtml(config: { directLine: string; webchat: string; adaptivecards: string; nonce: string }): string {
  // JSON in a script element of type application/json: data, never run; `<` escaped so nothing closes it.
  const json = JSON.stringify({ directLine: config.directLine, nonce: config.nonce }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chat</title>
<style nonce="${config.nonce}">
html, body { height: 100%; margin: 0; }
body { font: 15px/1.45 "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif; color: #1f2937; background: #fff; }
#chat { height: 100%; }
#unavailable { margin: 0; padding: 24px 20px; text-align: center; color: #5b6472; }
.ac-pushButton { font: inherit; font-weight: 600; border-radius: 6px; min-height: 44px; cursor: pointer; }
.ac-pushButton:not([aria-pressed="true"]) { border-color: currentColor; }
.ac-pushButton:not([aria-pressed="true"]):hover { background-color: #eef4fb; }
.webchat__carousel-filmstrip__message { position: sticky; left: 10px; }
@media (pointer: coarse) { .react-film__flipper { display: none; } }
</style>
<script id="config" type="application/json">${json}</script>
</head><body>
<main id="chat"></main>
<p id="unavailable" role="status" hidden></p>
<script src="/webchat/${config.adaptivecards}"></script>
<script src="/webchat/card-toggle.js"></script>
<script src="/webchat/${config.webchat}"></script>
<script src="/webchat/frame.js"></script>
</body></html>
`;
}
