/**
 * The widget's frame on the wire: its Content-Security-Policy admits the style elements of this answer
 * only (a nonce per answer, on the page's own style element and given to Web Chat for emotion's), and
 * inline style attributes only as attributes (Adaptive Cards lays cards out with them). That Web Chat,
 * cards and carousels render under it without a violation is test/sandbox/widget.test.ts's to show.
 */
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams));
});
afterAll(() => app.close());

async function frame(): Promise<{ policy: Map<string, string>; cache: string | null; html: string }> {
  const response = await fetch(`${app.url}/webchat/frame?locale=en`);
  const policy = new Map(
    (response.headers.get('content-security-policy') ?? '')
      .split('; ')
      .map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
  return { policy, cache: response.headers.get('cache-control'), html: await response.text() };
}

test('a nonce of its own per answer admits the page’s style element and Web Chat’s; no other style element with text gets in', async () => {
  const first = await frame();
  const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(first.policy.get('style-src-elem') ?? '')?.[1];
  expect(nonce).toBeDefined();
  expect(first.policy.get('style-src-elem')).not.toContain("'unsafe-inline'");
  // Its own style element carries it, and Web Chat is given it (the config the frame's script reads).
  expect(first.html).toContain(`<style nonce="${nonce}">`);
  expect(
    (
      JSON.parse(/<script id="config" type="application\/json">(.*?)<\/script>/.exec(first.html)![1]) as {
        nonce?: string;
      }
    ).nonce,
  ).toBe(nonce);
  // Attributes alone may be inline; browsers without the two directives keep the policy they had.
  expect(first.policy.get('style-src-attr')).toBe("'unsafe-inline'");
  expect(first.policy.get('style-src')).toBe("'self' 'unsafe-inline'");
  expect(first.policy.get('script-src')).toBe("'self'");
  // Never the same twice, and never stored to be answered again.
  expect((await frame()).policy.get('style-src-elem')).not.toContain(nonce);
  expect(first.cache).toBe('no-store');
});
