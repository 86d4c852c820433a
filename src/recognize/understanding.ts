/**
 * What a message says, in the dialogs' terms: a command, small talk, identifiers (strongly recognized,
 * or a guess at a lone number), or a question the bot cannot act on. One object holds what every turn
 * needs for this (the kinds this deployment looks up, the shop's order-number format, the phrases).
 */
import type { Choice } from '../channels';
import type { Translate } from '../i18n';
import type { LookupKind, LookupRequest } from '../tracking/lookup';
import { pickChoice, type OfferedChoice } from './choice';
import { BOT, MY_NOTIFICATIONS, NOTIFY, PERSON, STOP_WATCH, YOUR_ORDERS } from './choiceValues';
import { matchCommand, type Command } from './commands';
import type { OrderNumberFormat } from './find';
import { recognizeIdentifiers, validateIdentifier, type Recognition } from './identifiers';
import { questionTopic, socialIntent, type SocialIntent, type Topic } from './intents';
import { phrasebook } from './phrasebook';
import { storeNamedIn, type NamedStore } from './stores';
import { plainWords } from './words';

export type UpdatesAsked = 'start' | 'stop' | 'list';

interface UpdatePhrases {
  asked: Map<string, UpdatesAsked>;
  stop: Set<string>;
}

/** Per language (each Translate is one language's, for the process's life). */
const updatePhrases = new WeakMap<Translate, UpdatePhrases>();
/** Our choices by value, per language. The English synonyms are the same for every Understanding (one Translator's). */
const choices = new WeakMap<Translate, Map<string, Choice & OfferedChoice>>();

export class Understanding {
  constructor(
    /** The kinds this deployment can look up, in the order customers are offered them. */
    readonly kinds: readonly LookupKind[],
    private readonly english: Translate,
    private readonly orderNumbers?: OrderNumberFormat,
    /** The stores customers name (TRACKINGS_STORES): a number with one of them named is a store order. */
    private readonly stores: readonly NamedStore[] = [],
  ) {}

  /**
   * A choice of ours, by its value: titled in the customer's language, and picked by that title, its
   * synonyms, or the English ones (customers type "Tracking number" into a Dutch chat too).
   */
  choice(value: string, t: Translate): Choice & OfferedChoice {
    // Built once per language and value (every turn offers or matches a dozen): frozen, as it is shared.
    let built = choices.get(t);
    if (!built) choices.set(t, (built = new Map()));
    let choice = built.get(value);
    if (!choice) {
      const words = (say: Translate) => [say(`choice.${value}`), ...say(`choice.${value}_synonyms`).split('|')];
      choice = Object.freeze({ value, title: t(`choice.${value}`), synonyms: Object.freeze([...new Set([...words(t), ...words(this.english)])]) });
      built.set(value, choice);
    }
    return choice;
  }

  command(text: string | undefined, t: Translate): Command | undefined {
    return matchCommand(text, t);
  }

  /**
   * "Talk to a person", "I want a human", "can I speak to someone?", or the button's words, in the
   * customer's language or English: a person is what they want, whatever was asked.
   */
  wantsPerson(text: string | undefined, t: Translate): boolean {
    if (this.wantsBot(text, t)) return false;
    return pickChoice(text, [this.choice(PERSON, t)], { numbers: false }) !== undefined || this.topic(text, t) === 'person';
  }

  /** "Talk to the bot", "back to the bot": while a colleague has the case, the customer wants the bot back. */
  wantsBot(text: string | undefined, t: Translate): boolean {
    return pickChoice(text, [this.choice(BOT, t)], { numbers: false }) !== undefined;
  }

  /**
   * What the customer asks of updates: the words of "Notify me", "Stop updates" or "My notifications"
   * (or their synonyms) as the whole message, or a sentence asking for updates ("let me know when it
   * moves") with no number in it (one with a number is looked up, and its answer offers "Notify me").
   */
  updates(text: string | undefined, t: Translate): UpdatesAsked | undefined {
    const said = plainWords(text ?? '');
    if (!said) return undefined;
    const asked = this.updatePhrases(t).asked.get(said);
    if (asked) return asked;
    return this.topic(text, t) === 'notify' && this.identifiers(text).type === 'none' ? 'start' : undefined;
  }

  /**
   * "my orders", "what did I order", "meine Bestellungen", or the button's words: the customer asks for their
   * orders, and names none (a message with a number in it is about that number).
   */
  asksForOrders(text: string | undefined, t: Translate): boolean {
    if (pickChoice(text, [this.choice(YOUR_ORDERS, t)], { numbers: false }) !== undefined) return true;
    return this.topic(text, t) === 'orders' && this.identifiersOrGuess(text).type === 'none';
  }

  /** A bare "stop" (in the customer's language or English): with updates running, it stops them. */
  saysStop(text: string | undefined, t: Translate): boolean {
    return this.updatePhrases(t).stop.has(plainWords(text ?? ''));
  }

  /**
   * The words of the update choices and of "stop", as plain words, built once per language: every
   * message is matched against them before anything else (it cost 50 µs a turn, built each time).
   */
  private updatePhrases(t: Translate): UpdatePhrases {
    let phrases = updatePhrases.get(t);
    if (!phrases) {
      const asked = new Map<string, UpdatesAsked>();
      // In this order, the first to claim a phrase keeps it: "notifications" lists rather than starts.
      for (const [value, meaning] of [[STOP_WATCH, 'stop'], [MY_NOTIFICATIONS, 'list'], [NOTIFY, 'start']] as const) {
        const choice = this.choice(value, t);
        for (const words of [choice.title, ...(choice.synonyms ?? [])].map(plainWords)) if (words && !asked.has(words)) asked.set(words, meaning);
      }
      const stop = new Set([...t('notify.stop_words').split('|'), ...this.english('notify.stop_words').split('|')].map(plainWords).filter(Boolean));
      phrases = { asked, stop };
      updatePhrases.set(t, phrases);
    }
    return phrases;
  }

  social(text: string | undefined, t: Translate): SocialIntent | undefined {
    return socialIntent(text, phrasebook(t, this.english));
  }

  topic(text: string | undefined, t: Translate): Topic | 'question' | undefined {
    return questionTopic(text, phrasebook(t, this.english));
  }

  /**
   * Identifiers that prove what they are: a carrier's check digit, the order-ID shape, the shop's
   * order-number format, or a number with a store named beside it.
   */
  identifiers(text: string | undefined): Recognition {
    const recognized = recognizeIdentifiers(text ?? '', this.kinds, this.orderNumbers);
    return this.stores.length ? this.withStore(text ?? '', recognized) : recognized;
  }

  /** "my order #1001 from Example Store UK": a number no format proves, with a store named, is that store's order. */
  private withStore(text: string, recognized: Recognition): Recognition {
    if (!this.kinds.includes('external_order') || recognized.type === 'match' || recognized.type === 'several') return recognized;
    if (recognized.type === 'ambiguous' && !recognized.kinds.includes('external_order')) return recognized;
    const store = storeNamedIn(text, this.stores);
    if (!store) return recognized;
    const storeWords = new Set(plainWords(`${store.name} ${store.id}`).split(' '));
    // Beside a store's name, a plain "1002" is its order number, not an amount.
    const typed = recognized.type === 'ambiguous' ? recognized.typed : loneNumber(text, { ignoring: storeWords, plainDigits: true });
    const valid = typed === undefined ? undefined : validateIdentifier('external_order', typed);
    if (!valid?.ok) return recognized;
    return { type: 'match', request: { kind: 'external_order', identifier: valid.value, storeId: store.id }, typed: typed!, storeName: store.name };
  }

  /**
   * Those, or else the one number in the message ("#1001", "where is my order ORD-1002?"): a number of
   * a kind we cannot tell, so the customer is asked which kind rather than to type it again.
   */
  identifiersOrGuess(text: string | undefined, proven: Recognition = this.identifiers(text)): Recognition {
    if (proven.type !== 'none') return proven;
    const typed = loneNumber(text ?? '');
    if (!typed) return proven;
    const fits = this.fits(typed);
    const request = fits.length === 1 ? this.requestAs(fits[0], typed) : undefined;
    if (request) return { type: 'match', request, typed };
    return fits.length ? { type: 'ambiguous', identifier: typed, typed, kinds: fits, guessed: true } : proven;
  }

  /**
   * A number looked up as `kind` found nothing: the kinds it clearly is instead (check digit, shape, shop format),
   * to offer first, then the others of this deployment it fits. None when it proves itself the kind asked, or
   * proves nothing: then it was a miss, not a number of another kind.
   */
  kindsInsteadOf(kind: LookupKind, typed: string): LookupKind[] {
    const proven = this.provenKinds(typed);
    if (!proven.length || proven.includes(kind)) return [];
    return [...new Set([...proven, ...this.fits(typed).filter((other) => other !== kind)])];
  }

  /** The number as a lookup of `kind` (normalized as that kind is looked up), when it has that kind's shape. */
  requestAs(kind: LookupKind, typed: string): LookupRequest | undefined {
    const valid = validateIdentifier(kind, typed);
    return valid.ok ? { kind, identifier: valid.value } : undefined;
  }

  /** The kinds of this deployment whose shape a number has. */
  private fits(typed: string): LookupKind[] {
    return this.kinds.filter((kind) => validateIdentifier(kind, typed).ok);
  }

  /** The kinds a number is shown to be by itself (check digit, shape, shop format): empty when it could be anything. */
  private provenKinds(identifier: string): LookupKind[] {
    const recognized = this.identifiers(identifier);
    if (recognized.type === 'match') return [recognized.request.kind];
    return recognized.type === 'ambiguous' ? recognized.kinds : [];
  }
}

/** Dates and times carry digits too, but are never what a customer wants looked up. */
const DATES = [/^\d{1,4}[./-]\d{1,2}([./-]\d{1,4})?$/, /^\d{1,2}[:h]\d{2}$/];
/** Nor are amounts and plain digits in a sentence ("I paid 120", "3 parcels"), unless a store is named beside them. */
const NOT_A_NUMBER = [...DATES, /^\d+([.,]\d+)?(€|\$|£|eur|usd|kg|g|cm|x)?$/i];

/**
 * The word a customer means as a number: the message itself when it is one word with a digit in it,
 * else the only word of a sentence with three digits or more ("my order 1001 hasn't come").
 */
function loneNumber(text: string, { ignoring, plainDigits = false }: { ignoring?: ReadonlySet<string>; plainDigits?: boolean } = {}): string | undefined {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[("'“«]+|[?!.,;:)"'”»]+$/g, ''))
    .filter((word) => word && !ignoring?.has(plainWords(word)));
  // "2" is an answer to a list, never an order number: a lone number has three digits or four characters at least.
  if (words.length === 1) return /\d/.test(words[0]) && (words[0].length >= 4 || (words[0].match(/\d/g)?.length ?? 0) >= 3) ? words[0] : undefined;
  const notNumbers = plainDigits ? DATES : NOT_A_NUMBER;
  const numbers = words.filter((word) => (word.match(/\d/g)?.length ?? 0) >= 3 && !notNumbers.some((shape) => shape.test(word)));
  return numbers.length === 1 ? numbers[0] : undefined;
}
