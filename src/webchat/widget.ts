/**
 * The chat widget a store puts on its own site with one tag, `<script src="{bot}/webchat.js" defer>`,
 * everything served from the bot's own origin, no CDN:
 *
 * - GET /webchat.js: the launcher (a few KB, no dependency). It draws a button in a shadow root on the
 *   store's page and, once the customer opens it, an iframe of the bot's origin;
 * - GET /webchat/frame: that iframe's page, under its own Content-Security-Policy. It gets the Direct
 *   Line token from /api/webchat/token on its own origin, so the token never is on the store's page, and
 *   keeps the conversation in the bot origin's sessionStorage: the next page of the store reconnects;
 * - GET /webchat/frame.js, and Web Chat's and Adaptive Cards' browser bundles under versioned names,
 *   cached for a year (and gzipped for a browser that takes it). Each is read from the build's copy
 *   (servedFiles.ts); a start that finds one neither there nor where it comes from names it, and is not ready.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Request, Response, Server } from 'restify';
import { Translator } from '../i18n';
import { locate, SERVED_FILES, type ServedFile } from './servedFiles';
import { webChatWords, widgetWords } from './strings';
import type { Logger } from '../runtime/logger';
import { UnlistedOrigins } from './unlistedOrigins';
import { answerAtOnce } from '../http/answerAtOnce';

export interface WidgetOptions {
  /**
   * Where the frame's Web Chat reaches Direct Line: an absolute URL, or a path on the bot's own origin
   * (the sandbox's local channel). Read at each request, so sandbox mode can point it at its channel.
   */
  directLine: string;
  /** The origins that may show the frame (`frame-ancestors`); any when empty. */
  frameAncestors: string[];
}

/** Web Chat's full browser bundle, where this start finds it. */
export function webChatBundle(): string | undefined {
  return locate(SERVED_FILES.webchat);
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

async function sendAsset(
  req: Request,
  res: Response,
  item: Asset,
  type: string,
  cache: string,
  compress = false,
): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cache,
    etag: item.etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
  };
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

/** A client script, read once, with the six languages' words put in (the frame's also with Web Chat's words in the bot's voice). */
function clientScript(file: string): Asset {
  const translator = new Translator('en');
  return asset(
    readFileSync(file, 'utf8')
      .replace('/*WIDGET_STRINGS*/ {}', JSON.stringify(widgetWords(translator)))
      .replace('/*WEBCHAT_STRINGS*/ {}', JSON.stringify(webChatWords(translator))),
  );
}

function version(file: string | undefined): string {
  if (!file) return 'missing';
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

/** Registers the widget's routes; answers the files it serves that this start cannot find. */
export function registerWebchatWidget(server: Server, options: WidgetOptions, logger: Logger): ServedFile[] {
  const translator = new Translator('en');
  const unlisted = new UnlistedOrigins(logger);
  const cached = new Map<string, Asset>();
  const once = (key: string, make: () => Asset) => {
    let item = cached.get(key);
    if (!item) cached.set(key, (item = make()));
    return item;
  };
  const found = new Map(Object.values(SERVED_FILES).map((file) => [file, locate(file)]));
  const bundles = { webchat: found.get(SERVED_FILES.webchat), adaptivecards: found.get(SERVED_FILES.adaptivecards) };
  // Versioned by content: a new Web Chat gets a new name, so the old one may be cached for a year.
  const names = {
    webchat: `webchat-${version(bundles.webchat)}.js`,
    adaptivecards: `adaptivecards-${version(bundles.adaptivecards)}.js`,
  };

  const scripts = [
    ['/webchat.js', SERVED_FILES.widget],
    ['/webchat/frame.js', SERVED_FILES.frame],
    ['/webchat/card-toggle.js', SERVED_FILES.cardToggle],
  ] as const;
  for (const [route, file] of scripts) {
    server.get(route, async (req: Request, res: Response) => {
      const source = found.get(file);
      if (!source)
        return void res.send(404, { code: 'not_found', message: 'the chat widget is not installed with this build' });
      await sendAsset(
        req,
        res,
        once(file.name, () => clientScript(source)),
        JS,
        SHORT,
      );
    });
  }
  for (const key of ['webchat', 'adaptivecards'] as const) {
    server.get(`/webchat/${names[key]}`, async (req: Request, res: Response) => {
      const file = bundles[key];
      if (!file)
        return void res.send(404, {
          code: 'not_found',
          message: `${SERVED_FILES[key].package} is not installed with this build`,
        });
      await sendAsset(
        req,
        res,
        once(key, () => asset(readFileSync(file))),
        JS,
        YEAR,
        true,
      );
    });
  }
  server.get(
    '/webchat/frame',
    answerAtOnce((req: Request, res: Response) => {
      const directLine = options.directLine;
      // The store page's origin, as the launcher names it: one not on the list would only get a frame the
      // browser refuses to show (a broken-frame icon), so it gets one line it may show instead.
      const query = new URL(req.url ?? '/', 'http://bot').searchParams;
      const origin = query.get('origin');
      if (origin !== null && options.frameAncestors.length && !options.frameAncestors.includes(origin)) {
        if (!isOrigin(origin))
          return void res.send(400, {
            code: 'invalid_argument',
            message: 'origin must be a page origin such as https://shop.example',
            argument: 'origin',
          });
        unlisted.asked(origin);
        const { language, t } = translator.localize(query.get('locale') ?? 'en');
        return void sendNotSetUp(res, origin, language, t('widget.notSetUp'));
      }
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
    }),
  );
  return [...found].filter(([, source]) => !source).map(([file]) => file);
}

/** An http(s) origin exactly as a browser writes it: nothing else reaches a header or the log. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The line for a page whose origin is not on the list: no script, no chat, shown only by that origin. */
function sendNotSetUp(res: Response, origin: string, language: string, line: string): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors ${origin}; base-uri 'none'; form-action 'none'`,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chat</title>
<style nonce="${nonce}">
html, body { height: 100%; margin: 0; }
body { font: 15px/1.45 "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif; color: #5b6472; background: #fff; }
p { margin: 0; padding: 24px 20px; text-align: center; }
</style>
</head><body><p role="status">${line}</p></body></html>
`);
}

/** The hash of an empty style element's text (SHA-256 of ""), as a policy names it. */
const EMPTY_STYLE_HASH = `sha256-${createHash('sha256').update('').digest('base64')}`;

/**
 * The frame's own policy: scripts only from the bot, connections only to the bot and Direct Line, style
 * elements only with this answer's nonce.
 */
function frameCsp(directLine: string, frameAncestors: string[], nonce: string): string {
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
