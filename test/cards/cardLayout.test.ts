/**
 * Every demo order's cards, and an order of 20 parcels with 300 events each, rendered by the adaptivecards
 * renderer in headless Chromium, in all six languages, older events shown: with Teams' host config on a
 * 300 px card, and with Web Chat's in its carousel (its cards are 254 to 258 px wide, buttons 15 px
 * semibold with 10 px padding as on the sandbox page). No text is clipped, no word (a label, a tracking
 * number) is broken across lines, and the button titles show whole. One browser page renders them all.
 * Fonts are the machine's: Segoe UI is missing here, so text renders in a fallback at least as wide.
 */
import { type Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { renderShipments } from '../../src/cards';
import { BUTTON_TITLE_BUDGET } from '../../src/cards/statusCard';
import { LANGUAGES } from '../../src/i18n';
import type { Shipment } from '../../src/tracking/shipment';
import { browserTest, chromiumAvailable, launchChromium } from '../support/chromium';
import { demoAnswers } from '../support/demoShipments';
import { useSimulators } from '../support/upstreams';
import { bigOrder, context, shipment } from './fixtures';
import { cardsOf, walk, type Json } from './helpers';
import { TEAMS_LIGHT, WEB_CHAT, type HostTheme } from './hostThemes';

interface Host {
  name: string;
  theme: HostTheme;
  width: number;
  buttons: string;
}
const HOSTS: Host[] = [
  // Teams' buttons (Fluent UI): 14 px semibold, 12 px side padding, at least 96 px wide.
  {
    name: 'Teams at 300 px',
    theme: TEAMS_LIGHT,
    width: 300,
    buttons:
      "font: 600 14px 'Segoe UI', Tahoma, Geneva, Verdana, sans-serif; padding: 5px 12px; min-width: 96px; border: 1px solid #d1d1d1;",
  },
  {
    name: 'a Web Chat carousel (254 px)',
    theme: WEB_CHAT,
    width: 254,
    buttons:
      "font: 600 15px 'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif; padding: 10px; border: 1px solid;",
  },
];
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><style id="host"></style></head><body style="margin: 0"></body></html>';

const upstreams = useSimulators();
const check = browserTest();
jest.setTimeout(120_000);
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent(PAGE);
  await page.addScriptTag({ path: require.resolve('adaptivecards/dist/adaptivecards.min.js') });
  await page.addScriptTag({ path: require.resolve('../support/textLayoutProbe.js') });
  await page.addScriptTag({ path: require.resolve('../support/renderCards.js') });
});
afterAll(async () => {
  await browser?.close();
});

interface Named {
  name: string;
  card: Json;
}
interface Problem {
  card: string;
  kind: string;
  text: string;
  detail: string;
}

/** Hidden parts (older events) shown, so that they are checked too. */
function opened(card: Json): Json {
  const copy = structuredClone(card);
  for (const element of walk(copy)) if (element.isVisible === false) element.isVisible = true;
  return copy;
}

/** Renders the cards side by side on the page (replacing the last batch) and lists what the probe finds. */
function problemsOf(cards: Named[], host: Host): Promise<Problem[]> {
  const css = `.card { width: ${host.width}px; display: inline-block; vertical-align: top; margin: 4px; background: #fff; } .ac-pushButton { ${host.buttons} background: #fff; }`;
  const batch = cards.map(({ name, card }) => ({ name, card: opened(card) }));
  return page.evaluate(
    ([batch, hostConfig, css]) =>
      (globalThis as unknown as { renderCards: (...args: unknown[]) => Problem[] }).renderCards(batch, hostConfig, css),
    [batch, host.theme.hostConfig, css] as const,
  );
}

const named = (name: string, shipments: Shipment[], language: string): Named[] =>
  cardsOf(renderShipments(shipments, context(language, 'Europe/Amsterdam', 'msteams'))).map((card, index) => ({
    name: `${name} (${language}) #${index + 1}`,
    card,
  }));

describe.each(HOSTS.flatMap((host) => LANGUAGES.map((language) => [language, host.name, host] as const)))(
  '%s in %s',
  (language, _name, host) => {
    check('every demo order: nothing clipped, no word broken across lines', async () => {
      const answers = await demoAnswers(upstreams, language);
      const cards = answers.flatMap(({ request, shipments }) => named(request.identifier, shipments, language));
      expect(cards.length).toBeGreaterThanOrEqual(25);
      expect(await problemsOf(cards, host)).toEqual([]);
    });

    check('an order of 20 parcels with 300 events each: nothing clipped, no word broken', async () => {
      const cards = named('20 × 300', bigOrder(20, 300), language);
      expect(cards).toHaveLength(20);
      expect(await problemsOf(cards, host)).toEqual([]);
    });

    check(
      `button titles: carriers with long names, and carrier labels up to ${BUTTON_TITLE_BUDGET} characters, show whole`,
      async () => {
        const carriers = [
          'Poste Italiane',
          'Deutsche Post',
          'DHL Express',
          'Royal Mail',
          'Colissimo',
          'PostNL',
          'FedEx',
          'UPS',
          'Österreichische Post',
          'Correos Express',
          'Chronopost International',
        ];
        const ownLabels = [
          'Sendungsverfolgung bei DHL Express',
          'Suivre mon colis sur le site de La Poste',
          'Volg je pakket op de website van PostNL',
          'Track your parcel on the Royal Mail website',
        ];
        const shipments = [
          ...carriers.map((name) =>
            shipment('in_transit', { id: name, carrier: { name, trackingUrl: 'https://track.example/1' } }),
          ),
          ...ownLabels.flatMap((label) =>
            [label.slice(0, BUTTON_TITLE_BUDGET).trim(), label].map((trackingUrlLabel) =>
              shipment('in_transit', {
                id: trackingUrlLabel,
                carrier: { name: 'Poste Italiane', trackingUrl: 'https://track.example/1', trackingUrlLabel },
              }),
            ),
          ),
        ];
        const cards = named('buttons', shipments, language);
        const titles = cards.map(({ card }) => String((card.actions as Json[])[0].title));
        for (const title of titles) expect(Array.from(title).length).toBeLessThanOrEqual(BUTTON_TITLE_BUDGET);
        expect(await problemsOf(cards, host)).toEqual([]);
      },
    );
  },
);

check('the probe does see a label broken mid-word, a clipped tracking number and a cut button title', async () => {
  const card = {
    type: 'AdaptiveCard',
    version: '1.5',
    body: [
      {
        type: 'ColumnSet',
        columns: [
          { type: 'Column', width: '70px', items: [{ type: 'TextBlock', text: 'Trackingnummer', wrap: true }] },
        ],
      },
      { type: 'FactSet', facts: [{ title: 'Trackingnummer', value: '9400111899223851726037' }] },
    ],
    actions: [
      { type: 'Action.OpenUrl', title: 'Volgen op de website van Poste Italiane', url: 'https://track.example/1' },
    ],
  };
  const problems = await problemsOf([{ name: 'old layout', card }], HOSTS[0]);
  expect(problems.map(({ kind, detail, text }) => [kind, kind === 'broken word' ? detail : text])).toEqual([
    ['broken word', 'Trackingnummer'],
    ['clipped', '9400111899223851726037'],
    ['clipped', 'Volgen op de website van Poste Italiane'],
  ]);
});
