/**
 * What a message says, in the dialogs' terms, read once into a Reading: what the customer wants (a command,
 * small talk, a person, updates...), the question they ask, the identifiers in it (strongly recognized, or a
 * guess at a lone number), and the language it is written in. It is understood in all six languages,
 * whatever the client's locale. One object holds what every reading needs (the kinds this deployment looks
 * up, the shop's order-number format, the stores, the words of each language).
 */
import type { Choice } from '../channels';
import type { Language, Translate } from '../i18n';
import type { LookupKind, LookupRequest } from '../tracking/lookup';
import type { OfferedChoice } from './choice';
import type { Command } from './commands';
import type { OrderNumberFormat } from './find';
import { recognizeIdentifiers, validateIdentifier, type Recognition } from './identifiers';
import { questionTopic, socialIntent, type SocialIntent, type Topic } from './intents';
import { languageWritten } from './languageWritten';
import { phraseKey, type Languages, type Lexicon, type UpdatesAsked } from './lexicon';
import { storeNamedIn, type Store } from './stores';
import { plainWords } from './words';

export type { UpdatesAsked } from './lexicon';

/**
 * What the customer wants, whatever step the conversation is at, decided here in one order: a language
 * picked; updates asked for; a command ("stop" also stops updates that run); the bot back; a person; their
 * orders; small talk. Undefined when the message is none of these (a number, a question, an answer).
 */
export type Want =
  | { type: 'language'; language: Language }
  | { type: 'updates'; asked: UpdatesAsked }
  | { type: 'command'; command: Command; stop?: true }
  | { type: 'bot' }
  | { type: 'person' }
  | { type: 'orders' }
  | { type: 'social'; social: SocialIntent };

export interface Reading {
  want?: Want;
  /** A question the bot cannot act on, or "question" for another; undefined when none. */
  topic?: Topic | 'question';
  /** Identifiers that prove what they are. */
  identifiers: Recognition;
  /** Those, or else the one number in the message, of a kind we may not tell. */
  number: Recognition;
  /** The language the words are written in; undefined when they do not say ("ORD-1002", "ok"). */
  language?: Language;
}

/** Our choices by value, per language. The English synonyms are the same for every Understanding (one Translator's). */
const choices = new WeakMap<Translate, Map<string, Choice & OfferedChoice>>();

/**
 * A choice's shorter wording (`choice.<value>_short`), where its title is too long for a small button (WhatsApp's
 * 20 and 24 characters): the bot's own words, which a pressed button sends back, so they pick the choice too.
 */
function shortTitle(t: Translate, value: string): string[] {
  const key = `choice.${value}_short`;
  const short = t(key);
  return short && short !== key ? [short] : [];
}

export class Understanding {
  private readonly english: Translate;

  constructor(
    /** The kinds this deployment can look up, in the order customers are offered them. */
    readonly kinds: readonly LookupKind[],
    private readonly lexicon: Lexicon,
    languages: Languages,
    private readonly orderNumbers?: OrderNumberFormat,
    /** The stores customers name (TRACKINGS_STORES): a number with one of them named is a store order. */
    private readonly stores: readonly Store[] = [],
  ) {
    this.english = languages.find(([language]) => language === 'en')![1];
  }

  /** The message, read once: every step of the turn decides on this. */
  read(text: string | undefined): Reading {
    const typed = text ?? '';
    // A card's submit or an empty line says nothing, and every data turn is one: answered without the matchers.
    if (!typed.trim()) return { identifiers: { type: 'none' }, number: { type: 'none' } };
    const identifiers = this.identifiers(typed);
    const number = this.identifiersOrGuess(typed, identifiers);
    const topic = questionTopic(typed, this.lexicon.book);
    const reading: Reading = { identifiers, number, language: languageWritten(typed, this.lexicon.vocabulary) };
    if (topic) reading.topic = topic;
    const want = this.want(typed, reading);
    if (want) reading.want = want;
    if (want?.type === 'language') reading.language = want.language;
    return reading;
  }

  /**
   * The order is the decision: "notifications" asks for the list before anything else; "stop" stops updates;
   * "I want a person to refund me" is a person; "my orders 1002" is about 1002; small talk says nothing else.
   */
  private want(text: string, { topic, identifiers, number }: Reading): Want | undefined {
    const phrase = this.lexicon.phrases.get(phraseKey(text));
    if (phrase?.language) return { type: 'language', language: phrase.language };
    if (phrase?.updates) return { type: 'updates', asked: phrase.updates };
    // "let me know when it moves", with no number: a number in it is looked up, and its answer offers "Notify me".
    if (topic === 'notify' && identifiers.type === 'none') return { type: 'updates', asked: 'start' };
    if (phrase?.command)
      return { type: 'command', command: phrase.command, ...(phrase.stop && { stop: true as const }) };
    if (phrase?.bot) return { type: 'bot' };
    if (phrase?.person || topic === 'person') return { type: 'person' };
    if (phrase?.orders || (topic === 'orders' && number.type === 'none')) return { type: 'orders' };
    const social = socialIntent(text, this.lexicon.book);
    return social && { type: 'social', social };
  }

  /**
   * A choice of ours, by its value: titled in the customer's language, and picked by that title, its
   * synonyms, or the English ones (customers type "Tracking number" into a Dutch chat too).
   */
  choice(value: string, t: Translate): Choice & OfferedChoice {
    // Built once per language and value (every turn offers or matches a dozen): frozen, as it is shared.
    let built = choices.get(t);
    if (!built) choices.set(t, (built = new Map<string, Choice & OfferedChoice>()));
    let choice = built.get(value);
    if (!choice) {
      const words = (say: Translate) => [
        say(`choice.${value}`),
        ...say(`choice.${value}_synonyms`).split('|'),
        ...shortTitle(say, value),
      ];
      const [short] = shortTitle(t, value);
      choice = Object.freeze({
        value,
        title: t(`choice.${value}`),
        ...(short && { short }),
        synonyms: Object.freeze([...new Set([...words(t), ...words(this.english)])]),
      });
      built.set(value, choice);
    }
    return choice;
  }

  /**
   * Identifiers that prove what they are: a carrier's check digit, the order-ID shape, the shop's
   * order-number format, or a number with a store named beside it.
   */
  private identifiers(text: string | undefined): Recognition {
    const recognized = recognizeIdentifiers(text ?? '', this.kinds, this.orderNumbers);
    return this.stores.length ? this.withStore(text ?? '', recognized) : recognized;
  }

  /** "my order #1001 from Example Store UK": a number no format proves, with a store named, is that store's order. */
  private withStore(text: string, recognized: Recognition): Recognition {
    if (!this.kinds.includes('external_order') || recognized.type === 'match' || recognized.type === 'several')
      return recognized;
    if (recognized.type === 'ambiguous' && !recognized.kinds.includes('external_order')) return recognized;
    const store = storeNamedIn(text, this.stores);
    if (!store) return recognized;
    const storeWords = new Set(plainWords(`${store.name} ${store.id}`).split(' '));
    // Beside a store's name, a plain "1002" is its order number, not an amount.
    const typed =
      recognized.type === 'ambiguous'
        ? recognized.typed
        : loneNumber(text, { ignoring: storeWords, plainDigits: true });
    const valid = typed === undefined ? undefined : validateIdentifier('external_order', typed);
    if (!valid?.ok) return recognized;
    return {
      type: 'match',
      request: { kind: 'external_order', identifier: valid.value, storeId: store.id },
      typed: typed!,
      storeName: store.name,
    };
  }

  /**
   * Those, or else the one number in the message ("#1001", "where is my order ORD-1002?"): a number of
   * a kind we cannot tell, so the customer is asked which kind rather than to type it again.
   */
  private identifiersOrGuess(text: string | undefined, proven: Recognition): Recognition {
    if (proven.type !== 'none') return proven;
    const typed = loneNumber(text ?? '') ?? namedOrderNumber(text ?? '', this.lexicon.orderWords);
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

/** How far a number may stand after the word that names it: "order number is 1002", "numéro de commande c'est 1002". */
const NAMED_WITHIN = 3;

/**
 * "mijn ordernummer is 1002", "pedido 1002", "il mio numero d'ordine è 1002": plain digits are no number in a
 * sentence ("I paid 120"), unless the customer names them as their order's, right before them.
 */
function namedOrderNumber(text: string, orderWords: ReadonlySet<string>): string | undefined {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[("'“«#]+|[?!.,;:)"'”»]+$/g, ''));
  for (let i = 0; i < words.length; i++) {
    // "d'ordine", "l'ordine": the word after the elision.
    if (!orderWords.has(plainWords(words[i]).split(/[ ']/).pop() ?? '')) continue;
    for (const next of words.slice(i + 1, i + 1 + NAMED_WITHIN)) {
      if (!/\d/.test(next)) continue;
      return /^\d{3,}$/.test(next) ? next : undefined;
    }
  }
  return undefined;
}

/**
 * The word a customer means as a number: the message itself when it is one word with a digit in it,
 * else the only word of a sentence with three digits or more ("my order 1001 hasn't come").
 */
function loneNumber(
  text: string,
  { ignoring, plainDigits = false }: { ignoring?: ReadonlySet<string>; plainDigits?: boolean } = {},
): string | undefined {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[("'“«]+|[?!.,;:)"'”»]+$/g, ''))
    .filter((word) => word && !ignoring?.has(plainWords(word)));
  // "2" is an answer to a list, never an order number: a lone number has three digits or four characters at least.
  if (words.length === 1)
    return /\d/.test(words[0]) && (words[0].length >= 4 || (words[0].match(/\d/g)?.length ?? 0) >= 3)
      ? words[0]
      : undefined;
  const notNumbers = plainDigits ? DATES : NOT_A_NUMBER;
  const numbers = words.filter(
    (word) => (word.match(/\d/g)?.length ?? 0) >= 3 && !notNumbers.some((shape) => shape.test(word)),
  );
  return numbers.length === 1 ? numbers[0] : undefined;
}
