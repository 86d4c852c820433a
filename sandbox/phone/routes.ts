/**
 * The sandbox's WhatsApp phone page at /sandbox/whatsapp: a newcomer chats as a WhatsApp customer from a demo
 * number. What they send goes to the bot's real webhook as Meta sends it (signed here, server-side, with the
 * sandbox's demo app secret); what they see is what the bot sent that number, read from the Graph API stand-in's
 * record. Registered only when the stand-in runs (no WhatsApp settings of the operator's own); this machine only.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Request, Response, Server } from 'restify';
import { z } from 'zod';
import { jsonBody } from '../../src/http/server';
import { validateBody } from '../../src/http/validation';
import { callingCodeLanguage } from '../../src/channels/whatsapp/callingCodeLanguage';
import type { WhatsAppSettings } from '../../src/channels/whatsapp/settings';
import { projectRoot } from '../../src/projectRoot';
import { answerAtOnce } from '../../src/http/answerAtOnce';
import { thisMachineOnly } from '../loopbackHost';
import type { GraphApiSimulator } from '../simulators/graphApi';
import { DEMO_PHONES } from './demoNumbers';
import { PhoneThreads } from './phoneThreads';
import { WhatsAppCustomer, type CustomerAction } from './whatsAppCustomer';

const PHONE_PATH = '/sandbox/whatsapp';

/** What the page needs of sandbox mode's WhatsApp: the stand-in and the settings the bot runs with against it. */
export interface PhoneOptions {
  graph: GraphApiSimulator;
  settings: Pick<WhatsAppSettings, 'appSecret' | 'phoneNumberId'>;
}

/** A WhatsApp id: digits with the country code, as Meta's webhook gives it (a "+" and spaces are taken off). */
const Number_ = z
  .string()
  .transform((value) => value.replace(/[\s+()-]/g, ''))
  .pipe(z.string().regex(/^[1-9]\d{6,14}$/, 'a phone number with its country code, 7 to 15 digits'));
const Reply = z.strictObject({
  type: z.enum(['button_reply', 'list_reply']),
  id: z.string().min(1).max(256),
  title: z.string().min(1).max(256),
  description: z.string().max(256).optional(),
});
const SendBody = z
  .strictObject({
    number: Number_,
    text: z.string().trim().min(1, 'type a message').max(4096).optional(),
    reply: Reply.optional(),
    context: z.string().max(512).optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.reply === undefined), {
    message: 'words or a reply, one of the two',
    path: ['text'],
  });

export function registerPhone(server: Server, botUrl: string, options: PhoneOptions): void {
  const threads = new PhoneThreads(options.graph);
  const customer = new WhatsAppCustomer({
    webhook: `${botUrl}/api/whatsapp`,
    appSecret: options.settings.appSecret,
    phoneNumberId: options.settings.phoneNumberId,
  });
  const file = (name: string, type: string) =>
    answerAtOnce((_req, res) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      createReadStream(path.join(projectRoot(), 'sandbox', 'phone', name)).pipe(res);
    });
  server.get(PHONE_PATH, file('index.html', 'text/html; charset=utf-8'));
  server.get(`${PHONE_PATH}/phone.js`, file('phone.js', 'text/javascript; charset=utf-8'));
  server.get(
    `${PHONE_PATH}/numbers.json`,
    answerAtOnce((_req, res) => {
      res.send(200, DEMO_PHONES);
    }),
  );

  server.get(
    `${PHONE_PATH}/thread`,
    thisMachineOnly('The WhatsApp phone page'),
    answerAtOnce((req, res) => {
      const number = Number_.safeParse(new URL(req.url ?? '', 'http://sandbox').searchParams.get('number') ?? '');
      if (!number.success)
        return void res.send(400, {
          code: 'invalid_argument',
          message: `number: ${number.error.issues[0].message}`,
          argument: 'number',
        });
      res.header('Cache-Control', 'no-store');
      // The bot's own first guess at the customer's language, for the page to say.
      res.send(200, { ...threads.thread(number.data), firstGuess: callingCodeLanguage(number.data) ?? null });
    }),
  );

  server.post(
    `${PHONE_PATH}/messages`,
    thisMachineOnly('The WhatsApp phone page'),
    ...jsonBody(16 * 1024),
    async (req: Request, res: Response) => {
      const body = validateBody(SendBody, req.body);
      // `void`: restify logs what an async handler returns, and res.send returns the response, request and all.
      if (!body.ok) return void res.send(body.error.status, body.error.body);
      const { number, text, reply, context } = body.value;
      const action: CustomerAction = reply ? { reply, context } : { text: text ?? '' };
      const after = threads.place();
      try {
        const sent = await customer.send(number, action);
        // The phone shows a press as the title pressed.
        threads.record(number, { ...sent, text: reply ? reply.title : (text ?? '') }, after);
        res.send(200, sent);
      } catch {
        res.send(502, { code: 'unavailable', message: "the bot's webhook did not take the message (is WhatsApp on?)" });
      }
    },
  );
}
