/** Sandbox mode's extras on the bot's own server: the local channel, the Web Chat page, and the Host check that holds every route to loopback names. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'restify';
import { DIRECT_LINE_PATH, LocalChannel, type LocalChannelOptions } from './channel/localChannel';
import { webChatBundle } from '../src/webchat/widget';
import { DEMO_LOOKUPS, registerSandboxPage } from './page/routes';
import type { Sandbox } from './upstreams';
import { refuseOtherHosts } from './loopbackHost';
import type { WidgetOptions } from '../src/webchat/widget';
import { registerInsights, type InsightsOptions } from './insights/routes';
import { registerPhone, type PhoneOptions } from './phone/routes';

/**
 * `insights`: the metrics the page's Insights panel shows (sandbox mode records them in process). `phone`: the
 * Graph API stand-in and its settings, when it runs: the WhatsApp phone page (Sandbox['phone']).
 */
export function attachSandbox(
  server: Server,
  options: LocalChannelOptions & { widget?: WidgetOptions; insights?: InsightsOptions; phone?: PhoneOptions },
): void {
  // Before restify touches the request, for every route of this server: its own and the bot's (/api/messages, the action routes).
  // (restify's `first` chain, which the v8-era types omit: handlers that see node's request and may end it.)
  (server as Server & { first(handler: (req: IncomingMessage, res: ServerResponse) => boolean): Server }).first(
    (req, res) => !refuseOtherHosts(req, res),
  );
  new LocalChannel(options).register(server);
  // The widget's Web Chat talks to the local channel, on the bot's own origin.
  if (options.widget) options.widget.directLine = DIRECT_LINE_PATH;
  registerSandboxPage(server);
  registerInsights(server, options.insights ?? {});
  if (options.phone) registerPhone(server, options.botUrl, options.phone);
}

/** What sandbox mode tells a person at start: where to go and what to type. */
export function sandboxBanner(
  pageUrl: string,
  simulators: { checkpoints?: string; trackings?: string },
  demo: Sandbox['demo'],
  shopUrl?: string,
): string {
  const lines = [
    '',
    'Sandbox mode: no upstream is configured, so the interface simulators run with demo orders.',
    `  Chat with the bot:   ${pageUrl}`,
    ...(shopUrl
      ? [
          `  Demo shop:           ${shopUrl} (the chat widget on a store's own site, another origin: browse two pages, keep the chat)`,
        ]
      : []),
    ...(shopUrl && demo.signIn
      ? [
          '  Signed in:           on the demo shop, "Sign in as the demo customer" (Alex Morgan, ORD-1001 to ORD-1003): the shop signs a customer token with a demo secret, as a store would (CUSTOMER_TOKEN_SECRET)',
        ]
      : []),
    `  Interface A (sim):   ${simulators.checkpoints}`,
    `  Interface B (sim):   ${simulators.trackings}`,
    `  Lookup limit:        ${demo.lookupLimit ? `${demo.lookupLimit} per conversation and per visitor per 10 minutes, raised for the demo (LOOKUP_LIMIT)` : 'off (LOOKUP_LIMIT=0)'}`,
    ...(demo.orderNumberPattern
      ? [
          `  Order numbers:       ${demo.orderNumberPattern} is the demo's format, so ORD-1001 is answered as typed (ORDER_NUMBER_PATTERN)`,
        ]
      : []),
    ...(demo.stores ? ['  Stores:              the demo stores are offered by name (TRACKINGS_STORES)'] : []),
    ...(demo.helpPage
      ? [
          `  Help page:           a stand-in at ${pageUrl.replace(/\/$/, '')}/sandbox/help, linked when a parcel has a problem (SUPPORT_URL)`,
        ]
      : []),
    demo.handoff === 'botframework'
      ? '  A person:            type "talk to a person": the page plays the agent hub and shows what it receives (HANDOFF=botframework)'
      : `  A person:            HANDOFF=${demo.handoff}; the page plays an agent hub only with botframework`,
    demo.notify
      ? `  Notify me:           press it on ${demo.notify.movingOrder}: it moves every ${pace(demo.notify.movingStepMs)}, and the update arrives here (watches checked every ${pace(demo.notify.intervalMs)}${demo.notify.forDemo ? ' for the demo' : ''}, NOTIFY_INTERVAL_MS)`
      : '  Notify me:           off (NOTIFY_MAX_PER_CONVERSATION=0)',
    "  Insights:            the page's panel shows the operator's figures live as you chat (the metrics are kept in this process)",
    ...(demo.whatsAppPhone
      ? [
          `  WhatsApp:            ${pageUrl.replace(/\/$/, '')}/sandbox/whatsapp: chat as a WhatsApp customer from a demo number (Meta's side is a stand-in)`,
        ]
      : []),
    '  Try:',
    ...DEMO_LOOKUPS.slice(0, 6).map((d) => `    ${d.identifier.padEnd(24)} ${d.label}`),
  ];
  if (!webChatBundle()) lines.push('  Web Chat is not installed (npm ci installs it): the page will say so.');
  return `${lines.join('\n')}\n\n`;
}

/** "minute", "10 minutes", "10 s": a period as the start line says it. */
function pace(ms: number): string {
  if (ms === 60_000) return 'minute';
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1_000} s`;
}
