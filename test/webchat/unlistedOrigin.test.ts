/**
 * A store's page whose origin is not on WEBCHAT_ALLOWED_ORIGINS, on the wire: the widget's frame answers
 * one line in the page's language ("the chat is not set up for this site") that this origin may show,
 * instead of a page the browser refuses to frame (Chromium's broken-frame icon), and the log says once per
 * origin, at warn, that such a page asked, remembering a bounded number of origins. How it looks is
 * test/sandbox/widgetUnlisted.test.ts's to show.
 */
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';
import { MAX_UNLISTED_ORIGINS } from '../../src/webchat/unlistedOrigins';

const LISTED = 'https://shop.example';
const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(
    configFor(upstreams, {
      DIRECTLINE_SECRET: 'test-directline-secret',
      WEBCHAT_ALLOWED_ORIGINS: LISTED,
      LOG_LEVEL: 'info',
    }),
  );
});
afterAll(() => app.close());

async function frame(query: string): Promise<{ status: number; ancestors: string | undefined; html: string }> {
  const response = await fetch(`${app.url}/webchat/frame?${query}`);
  const policy = (response.headers.get('content-security-policy') ?? '')
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors '));
  return { status: response.status, ancestors: policy?.slice('frame-ancestors '.length), html: await response.text() };
}

const asked = () =>
  app.logs
    .map((line) => JSON.parse(line) as { msg: string })
    .filter((line) => /not in WEBCHAT_ALLOWED_ORIGINS asked for the chat/.test(line.msg));

test.each([
  ['en', 'The chat is not set up for this site.'],
  ['de-DE', 'Der Chat ist für diese Website nicht eingerichtet.'],
  ['fr', 'Le chat n’est pas configuré pour ce site.'],
  ['es-ES', 'El chat no está configurado para este sitio.'],
  ['it', 'La chat non è configurata per questo sito.'],
  ['nl-NL', 'De chat is niet ingesteld voor deze website.'],
])(
  'a page of another origin (%s) is told in its language that the chat is not set up for its site, and may show it',
  async (locale, line) => {
    const answer = await frame(`locale=${locale}&origin=${encodeURIComponent('https://other.example')}&who=visitor`);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(line);
    expect(answer.html).toContain(`lang="${locale.slice(0, 2)}"`);
    // Only the page that asked may show it: the line, no chat, no script.
    expect(answer.ancestors).toBe('https://other.example');
    expect(answer.html).not.toContain('<script');
  },
);

test('a listed origin gets the chat, under the listed origins only', async () => {
  const answer = await frame(`locale=en&origin=${encodeURIComponent(LISTED)}`);
  expect(answer.html).toContain('/webchat/frame.js');
  expect(answer.ancestors).toBe(LISTED);
});

test('an origin that is not one gets a 400 naming the field', async () => {
  const answer = await frame(`locale=en&origin=${encodeURIComponent('https://x.example/; frame-ancestors *')}`);
  expect(answer.status).toBe(400);
  expect(answer.html).toContain('origin');
});

test('the log says once per origin, at warn, that a page of an unlisted origin asked for the chat; never more than a bounded number of origins', async () => {
  const before = asked().length;
  for (let i = 0; i < 3; i++) await frame(`locale=en&origin=${encodeURIComponent('https://once.example')}`);
  const once = asked().slice(before);
  expect(once).toHaveLength(1);
  expect(once[0]).toMatchObject({ level: 40, origin: 'https://once.example' });
  // A flood of names: each logged once, up to the bound, then none (nothing more is remembered).
  for (let i = 0; i < MAX_UNLISTED_ORIGINS + 20; i++)
    await frame(`locale=en&origin=${encodeURIComponent(`https://flood-${i}.example`)}`);
  expect(asked().length).toBe(MAX_UNLISTED_ORIGINS);
  await frame(`locale=en&origin=${encodeURIComponent('https://once.example')}`);
  expect(asked().length).toBe(MAX_UNLISTED_ORIGINS);
});
