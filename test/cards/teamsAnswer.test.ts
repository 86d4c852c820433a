/**
 * A Teams answer as its customer sees it: the bot's real activities (ORD-1002, three parcels as a
 * carousel; ORD-1003, one delayed parcel with a person and the help page on offer) rendered by the
 * adaptivecards renderer in headless Chromium with Teams' light host config and Teams' button style, in
 * a chat column at desktop width and on a 390 px phone, in English and Dutch. The follow-ups show once,
 * below the cards, every button whole; each parcel's card shows only its own link. Screenshots go to
 * test-output/screenshots/teams/.
 */
import { mkdirSync } from 'node:fs';
import type { Activity } from 'botbuilder';
import type { Browser, Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { Translator } from '../../src/i18n';
import { configFor } from '../support/app';
import { browserTest, chromiumAvailable, launchChromium } from '../support/chromium';
import { SCREENSHOTS } from '../support/sandboxBrowser';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';
import { TEAMS_LIGHT } from './hostThemes';

const upstreams = useSimulators();
const check = browserTest();
jest.setTimeout(120_000);
const OUT = `${SCREENSHOTS}/teams`;
const ENV = {
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  HANDOFF: 'botframework',
  SUPPORT_URL: 'https://shop.example/help',
  LOG_LEVEL: 'warn',
};

/**
 * Teams' chat column: a bot message is at most about 600 px of text wide; a carousel's cards are 300 px
 * side by side, scrolled sideways; a card of `width: Full` takes the column. Buttons as Teams (Fluent UI)
 * draws them: 14 px semibold, 12 px side padding, at least 96 px wide.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>
  body { margin: 0; padding: 12px; background: #f5f5f5; font: 14px 'Segoe UI', Tahoma, Geneva, Verdana, sans-serif; color: #242424; }
  .message { max-width: 640px; margin-bottom: 8px; }
  .text { background: #fff; border-radius: 4px; padding: 8px 12px; margin-bottom: 4px; display: inline-block; }
  .carousel { display: flex; gap: 8px; overflow-x: auto; }
  .card { background: #fff; border-radius: 4px; border: 1px solid #e0e0e0; margin-bottom: 4px; }
  .card.full { width: 100%; }
  .card.normal { max-width: 432px; }
  .carousel > .card, .carousel > .card.full { flex: none; width: 300px; }
  .ac-pushButton { font: 600 14px 'Segoe UI', Tahoma, Geneva, Verdana, sans-serif; padding: 5px 12px; min-width: 96px; border: 1px solid #d1d1d1; border-radius: 4px; background: #fff; color: #242424; }
</style></head><body></body></html>`;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  if (!chromiumAvailable) return;
  mkdirSync(OUT, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent(PAGE);
  await page.addScriptTag({ path: require.resolve('adaptivecards/dist/adaptivecards.min.js') });
  await page.addScriptTag({ path: require.resolve('../support/textLayoutProbe.js') });
  await page.addScriptTag({ path: require.resolve('../support/renderTeamsAnswer.js') });
});
afterAll(async () => {
  await browser?.close();
});

interface Rendered {
  /** Per card, in order: whether it shows a parcel, and its buttons' titles. */
  cards: Array<{ parcel: boolean; buttons: string[] }>;
  /** Buttons not wholly inside the page's width, or whose title is cut. */
  cutButtons: string[];
  problems: Array<{ kind: string; text: string }>;
}

/** Draws the activities as Teams would, one message under the other, and reports what a reader would find. */
function draw(activities: Array<Partial<Activity>>): Promise<Rendered> {
  return page.evaluate(
    ([activities, hostConfig]) =>
      (globalThis as unknown as { renderTeamsAnswer: (...args: unknown[]) => Rendered }).renderTeamsAnswer(
        activities,
        hostConfig,
      ),
    [activities, TEAMS_LIGHT.hostConfig] as const,
  );
}

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const CASES = [
  ['en-US', 'en'],
  ['nl-NL', 'nl'],
] as const;

describe.each(CASES)('Teams in %s', (locale, language) => {
  check.each(WIDTHS)(
    'a carousel of three parcels, at %s width: the follow-ups once, below the cards, whole; each card only its link',
    async (name, viewport) => {
      const talk = conversation(configFor(upstreams, ENV), { channelId: 'msteams', locale });
      const replies = (await talk.say(DEMO.checkpoints.inTransitMultiShipment)).filter(
        (reply) => reply.type === 'message',
      );
      await page.setViewportSize(viewport);
      const rendered = await draw(replies);
      await page.screenshot({ path: `${OUT}/carousel-${language}-${name}.png`, fullPage: true });
      expect(rendered.cards.map((card) => card.parcel)).toEqual([true, true, true, false]);
      for (const card of rendered.cards.slice(0, 3))
        expect(card.buttons.filter((title) => !/\(\d+\)$/.test(title))).toHaveLength(1);
      expect(rendered.cards[3].buttons).toHaveLength(3);
      expect({ cut: rendered.cutButtons, problems: rendered.problems }).toEqual({ cut: [], problems: [] });
    },
  );

  check.each(WIDTHS)(
    'a delayed parcel with a person and the help page on offer, at %s width: five follow-ups below its card, whole',
    async (name, viewport) => {
      const talk = conversation(configFor(upstreams, ENV), { channelId: 'msteams', locale });
      const replies = (await talk.say(DEMO.checkpoints.delayed)).filter((reply) => reply.type === 'message');
      await page.setViewportSize(viewport);
      const rendered = await draw(replies);
      await page.screenshot({ path: `${OUT}/single-problem-${language}-${name}.png`, fullPage: true });
      expect(rendered.cards.map((card) => card.parcel)).toEqual([true, false]);
      expect(rendered.cards[1].buttons).toHaveLength(5);
      expect({ cut: rendered.cutButtons, problems: rendered.problems }).toEqual({ cut: [], problems: [] });
    },
  );
});

describe.each(CASES)(
  'Teams in %s, an order masked (ORDER_DETAILS=masked: nobody signs in on Teams)',
  (locale, language) => {
    check.each(WIDTHS)(
      'a carousel of three parcels, at %s width: no carrier, number, place or link; each card ends on the chat on our website, where signing in shows more; every button listed',
      async (name, viewport) => {
        const talk = conversation(configFor(upstreams, { ...ENV, ORDER_DETAILS: 'masked' }), {
          channelId: 'msteams',
          locale,
        });
        const replies = (await talk.say(DEMO.checkpoints.inTransitMultiShipment)).filter(
          (reply) => reply.type === 'message',
        );
        await page.setViewportSize(viewport);
        const rendered = await draw(replies);
        await page.screenshot({ path: `${OUT}/masked-carousel-${language}-${name}.png`, fullPage: true });
        const { t } = new Translator('en').localize(language);
        // What the bot sent: the test adapter's own serviceUrl aside.
        expect(JSON.stringify(replies.map(({ serviceUrl: _url, ...reply }) => reply))).not.toMatch(
          /UPS|DPD|PostNL|1ZV8R4236804512972|01485023741196|3SKAAN4718293|Venlo|Köln|Berlin|Utrecht|https:\/\/(?!shop\.example)|Action\.OpenUrl/,
        );
        const cards = replies.flatMap((reply) =>
          (reply.attachments ?? []).map((attachment) => attachment.content as { body: Array<{ text?: string }> }),
        );
        for (const card of cards.slice(0, 3)) expect(card.body.at(-1)?.text).toBe(t('card.details_in_web_chat'));
        // The buttons in sight: the parcels' cards show earlier events, and nothing else.
        expect(rendered.cards.map((card) => card.buttons)).toEqual([
          [t('card.show_earlier', { count: 3 })],
          [t('card.show_earlier', { count: 2 })],
          [t('card.show_earlier', { count: 3 })],
          [t('choice.notify'), t('choice.another'), t('choice.done')],
        ]);
        expect({ cut: rendered.cutButtons, problems: rendered.problems }).toEqual({ cut: [], problems: [] });
      },
    );
  },
);
