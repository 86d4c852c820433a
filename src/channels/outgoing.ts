/**
 * A message as it leaves for its channel. On SMS its text is GSM-7, whatever said it: one typographic
 * apostrophe ("l’équipe") would send the whole text as UCS-2, two segments where one does.
 */
import type { Message } from './message';
import { toGsm7 } from './gsm7';
import { isSms } from './profile';

export function forChannel(message: Message, channel: string | undefined): Message {
  return isSms(channel) && message.text ? { ...message, text: toGsm7(message.text) } : message;
}
