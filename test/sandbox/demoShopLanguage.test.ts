/**
 * The demo shop's front door and its words: a browser that asks for Dutch or German lands on the shop's
 * Dutch or German page, not on the English one; a language the shop has no page in gets English. And the
 * Dutch sign-in button is spelt as a Dutch customer reads it ("demoklant").
 */
import { startDemoShop, type DemoShop } from '../../sandbox/shop/server';
import { sandboxCustomerTokens } from '../../sandbox/upstreams';
import type { Config } from '../../src/config';

let shop: DemoShop;
beforeAll(async () => {
  // The sandbox's own demo secret, as when the operator set no customer tokens: the shop shows its sign-in button.
  const tokens = sandboxCustomerTokens({ customerTokens: undefined } as Config);
  shop = await startDemoShop({
    botUrl: 'http://127.0.0.1:9',
    port: 0,
    customerTokens: tokens.algorithm === 'HS256' ? tokens : undefined,
  });
});
afterAll(() => shop?.close());

async function frontDoor(acceptLanguage?: string): Promise<string | null> {
  const response = await fetch(`${shop.url}/`, {
    redirect: 'manual',
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });
  expect(response.status).toBe(302);
  return response.headers.get('location');
}

test.each([
  ['nl-NL,nl;q=0.9,en;q=0.8', '/nl/'],
  ['de-DE,de;q=0.9', '/de/'],
  ['de-CH', '/de/'],
  ['fr-FR,fr;q=0.9,en-US;q=0.8', '/fr/'],
  ['es-ES', '/es/'],
  ['it', '/it/'],
  ['en-GB,en;q=0.9', '/en/'],
  // The first language the shop has a page in, by the browser's own preference.
  ['pt-BR,pt;q=0.9,nl;q=0.8,en;q=0.7', '/nl/'],
  ['en;q=0.5,nl;q=0.9', '/nl/'],
  // No page in any language asked for, or nothing asked: English.
  ['pt-BR,pt;q=0.9', '/en/'],
  ['*', '/en/'],
  ['', '/en/'],
  [undefined, '/en/'],
])('a browser asking for %p is sent to %s', async (acceptLanguage, page) => {
  expect(await frontDoor(acceptLanguage)).toBe(page);
});

test('the Dutch page offers to sign in as the "demoklant"', async () => {
  const body = await (await fetch(`${shop.url}/nl/`)).text();
  expect(body).toContain('Inloggen als demoklant');
  expect(body).not.toMatch(/democlant/);
});
