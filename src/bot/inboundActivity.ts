/**
 * The least an inbound activity must have for the bot to answer it. CloudAdapter parses the body
 * outside its own error handling, so a malformed one would surface as a 500; here it is a 400 naming the field.
 */
import { z } from 'zod';

export const InboundActivitySchema = z.looseObject(
  {
    type: z.string({ error: 'is required' }).min(1).max(64),
    channelId: z.string({ error: 'is required' }).min(1).max(64),
    serviceUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
    conversation: z.looseObject({ id: z.string({ error: 'is required' }).min(1).max(1024) }, { error: 'is required' }),
    text: z.string().max(32 * 1024, 'is longer than 32 KB').optional(),
  },
  { error: 'must be an activity object' },
);
