/**
 * What a WhatsApp webhook brings (Meta's "messages" webhook): `entry[].changes[].value` with the business's
 * `metadata.phone_number_id`, the customers' `messages[]` and the `statuses[]` of what we sent. Read leniently:
 * Meta adds fields and kinds of message over time, and one odd entry must not lose the others.
 */
import { z } from 'zod';

const Reply = z.object({ id: z.string().max(256), title: z.string().max(256) });

const InboundSchema = z.object({
  id: z.string().min(1).max(512),
  from: z.string().regex(/^\d{1,20}$/),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  interactive: z.object({ type: z.string(), button_reply: Reply.optional(), list_reply: Reply.optional() }).optional(),
  // A quick-reply button of a template.
  button: z.object({ text: z.string().max(256) }).optional(),
});

const ValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

/** A status of one of our sends; `errors[].code` on a failed one (131047, 131026, 130429…). */
const StatusSchema = z.object({
  id: z.string().max(512).optional(),
  status: z.string().max(40),
  errors: z
    .array(z.object({ code: z.number().int().optional() }))
    .max(10)
    .optional(),
});

const NotificationSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(z.object({ changes: z.array(z.object({ field: z.string().optional(), value: z.unknown() })).optional() }))
    .max(100),
});

/** A customer's message: what they wrote, or the title of the choice they pressed or picked; `words` absent for what the bot cannot read. */
export interface InboundMessage {
  id: string;
  /** The customer's WhatsApp id (their number, digits): never logged, never a key. */
  from: string;
  /** When they sent it (not when it reached us). */
  sentAt: Date;
  words?: string;
}

export interface Notification {
  messages: InboundMessage[];
  /** The statuses of our sends (sent, delivered, read, failed). */
  statuses: SendStatus[];
}

export interface SendStatus {
  status: string;
  /** The message's id (it encodes the customer's number: never logged, never a key). */
  id?: string;
  /** A failed send's error code, Meta's first. */
  code?: number;
}

/** The messages and statuses addressed to `phoneNumberId`; anything else in the body is left aside. */
export function readNotification(body: unknown, phoneNumberId: string): Notification {
  const parsed = NotificationSchema.safeParse(body);
  const found: Notification = { messages: [], statuses: [] };
  if (!parsed.success) return found;
  for (const change of parsed.data.entry.flatMap((entry) => entry.changes ?? [])) {
    const value = ValueSchema.safeParse(change.value);
    if (!value.success || value.data.metadata?.phone_number_id !== phoneNumberId) continue;
    for (const raw of value.data.messages ?? []) {
      const message = InboundSchema.safeParse(raw);
      if (message.success) found.messages.push(inbound(message.data));
    }
    for (const raw of value.data.statuses ?? []) {
      const status = StatusSchema.safeParse(raw);
      if (status.success)
        found.statuses.push({
          status: status.data.status,
          id: status.data.id,
          code: status.data.errors?.find((error) => error.code !== undefined)?.code,
        });
    }
  }
  return found;
}

function inbound(message: z.infer<typeof InboundSchema>): InboundMessage {
  const interactive = message.interactive?.button_reply ?? message.interactive?.list_reply;
  // A press comes back as the choice's title, as a press does on Teams: the bot reads it as if typed.
  const words =
    message.type === 'text'
      ? message.text?.body
      : message.type === 'interactive'
        ? interactive?.title
        : message.type === 'button'
          ? message.button?.text
          : undefined;
  return {
    id: message.id,
    from: message.from,
    sentAt: new Date(Number(message.timestamp) * 1000),
    ...(words !== undefined && { words }),
  };
}
