/**
 * What an inbound activity must look like for the bot to answer it. CloudAdapter parses the body outside
 * its own error handling, and botbuilder's helpers assume the Bot Framework schema (a mention names who
 * is mentioned, members are objects, the locale is a string): an activity that breaks it would crash the
 * turn, wipe the conversation's state, or leave the customer with no answer at all. Here it is a 400
 * naming the field. Unknown fields pass.
 */
import { z } from 'zod';

/**
 * The conversation and activity ids travel in the reply's URL and in an HTTP header
 * (x-ms-conversation-id), which takes no character past U+00FF. Every channel's ids are plain ASCII.
 */
const headerSafe = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'must be plain text (no characters past U+00FF)');
const optionalText = z.string({ error: 'must be a string' }).optional();
const objects = z
  .array(z.looseObject({}, { error: 'must be a list of objects' }), { error: 'must be a list of objects' })
  .max(1_000)
  .optional();
const account = z
  .looseObject({ id: z.string({ error: 'must be a string' }).optional() }, { error: 'must be an account object' })
  .optional();

// Every entity names its type: botbuilder's mention lookup calls type.toLowerCase() on each one.
const Entity = z
  .looseObject(
    { type: z.string({ error: 'is required and must be a string' }).max(256), mentioned: account },
    { error: 'must be an entity object' },
  )
  .refine((entity) => entity.type !== 'mention' || entity.mentioned !== undefined, {
    message: 'a mention must name who is mentioned',
    path: ['mentioned'],
  });

export const InboundActivitySchema = z.looseObject(
  {
    type: z.string({ error: 'is required' }).min(1).max(64),
    channelId: z.string({ error: 'is required' }).min(1).max(64),
    serviceUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
    conversation: z.looseObject({ id: headerSafe(1024).min(1, 'is required') }, { error: 'is required' }),
    text: z
      .string()
      .max(32 * 1024, 'is longer than 32 KB')
      .optional(),
    id: headerSafe(1024).optional(),
    // Optional fields: wrong types only (the body limit bounds their length).
    from: account,
    recipient: account,
    locale: optionalText,
    localTimezone: optionalText,
    timestamp: optionalText,
    replyToId: optionalText,
    textFormat: optionalText,
    name: optionalText,
    deliveryMode: optionalText,
    attachments: objects,
    membersAdded: objects,
    membersRemoved: objects,
    reactionsAdded: objects,
    entities: z.array(Entity, { error: 'must be a list of entities' }).max(1_000).optional(),
  },
  { error: 'must be an activity object' },
);
