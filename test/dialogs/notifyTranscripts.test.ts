/**
 * "Notify me" as customers meet it, in English, French and Dutch, on SMS (a numbered list, GSM-7 only),
 * Teams (card buttons) and Web Chat (suggested actions): the answer's button, what people type before
 * and after it and at a question, "My notifications" with none, one and several watches, stopping by
 * button, number or words, and the limit of watches. Every reply is one short line where it confirms
 * something; no internal value is ever shown. The bot, its dialogs and the watches (in memory) are real;
 * the two interfaces are the simulators on loopback. The updates themselves are in test/watch.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { isGsm7, toGsm7 } from '../../src/channels';
import { LANGUAGES, Translator } from '../../src/i18n';
import { stopTitle } from '../../dialogs/notifications';
import { configFor } from '../support/app';
import { visibleStrings } from '../support/seen';
import { run, user, type Expected, type Line } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers;
const ORDER = DEMO.checkpoints;
const config = () =>
  configFor(upstreams, {
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    NOTIFY_MAX_PER_CONVERSATION: '5',
    NOTIFY_FOR_DAYS: '14',
    LOG_LEVEL: 'warn',
  });

/** What the customer reads and types, in one language. The watches last 14 days from the test clock's 22 Nov 2026. */
interface Words {
  locale: string;
  notify: string;
  another: string;
  done: string;
  /** "Notify me" as people type it. */
  notifyTyped: string;
  myNotifications: string;
  stopAll: string;
  stopWord: string;
  /** The stop button of a watch (at most 20 characters), and the same words with the whole number, typed. */
  stopButton: Record<string, string>;
  stopTyped: (identifier: string) => string;
  orderNumber: string;
  orderPrompt: string;
  several: string;
  all: string;
  found: (identifier: string) => string;
  foundTwo: (a: string, b: string) => string;
  nothingLookedUp: string;
  none: string;
  cancelled: string;
  started: (identifier: string) => string;
  startedTwo: (a: string, b: string) => string;
  renewed: (identifier: string) => string;
  final: (identifier: string) => string;
  full: (identifier: string) => string;
  list: (...identifiers: string[]) => string;
  stopped: (identifiers: string) => string;
  /** "A, B and C". */
  and: (...identifiers: string[]) => string;
  thanks: [string, string];
  bye: [string, string];
}

const EN: Words = {
  locale: 'en-US',
  notify: 'Notify me',
  another: 'Track another',
  done: "That's all, thanks",
  notifyTyped: 'let me know when it moves',
  myNotifications: 'My notifications',
  stopAll: 'Stop all',
  stopWord: 'stop',
  stopButton: {
    [TN.inTransit]: 'Stop …F940344156200',
    [TN.pending]: 'Stop …9223851726037',
    [TN.outForDelivery]: 'Stop 772819465305',
  },
  stopTyped: (id) => `Stop ${id}`,
  orderNumber: 'Order number',
  orderPrompt: 'Please type your order number.',
  several: 'I see several numbers in your message. Which one should I look up?',
  all: 'All of them',
  found: (id) => `Here is the shipment for ${id}:`,
  foundTwo: (a, b) => `I found 2 shipments for ${a} and ${b}:`,
  nothingLookedUp: 'Look up an order first, then I can tell you when it moves.',
  none: "You're not getting any updates from me right now.",
  cancelled: "OK, I've stopped. Send me a number whenever you like.",
  started: (id) => `I'll message you here when ${id} moves, until Dec 6, 2026.`,
  startedTwo: (a, b) => `I'll message you here when ${a} and ${b} move, until Dec 6, 2026.`,
  renewed: (id) => `I'm already watching ${id}; I'll keep going until Dec 6, 2026.`,
  final: (id) => `${id} won't move any more, so there is nothing to watch.`,
  full: (id) => `I can watch 5 orders in this chat, so I didn't add ${id}. Say "My notifications" to stop one.`,
  list: (...ids) =>
    [
      ids.length === 1 ? "I'm watching one order for you:" : `I'm watching ${ids.length} orders for you:`,
      ...ids.map((id) => `${id}, until Dec 6, 2026`),
    ].join('\n'),
  stopped: (ids) => `Done: no more updates about ${ids}.`,
  and: (...ids) => (ids.length === 2 ? `${ids[0]} and ${ids[1]}` : `${ids.slice(0, -1).join(', ')}, and ${ids.at(-1)}`),
  thanks: ['thanks', "You're welcome! Send me a number whenever you like."],
  bye: ['bye', 'Thanks, and have a great day!'],
};

const FR: Words = {
  locale: 'fr-FR',
  notify: 'Me prévenir',
  another: 'Suivre un autre envoi',
  done: 'C’est tout, merci',
  notifyTyped: 'prévenez-moi',
  myNotifications: 'Mes alertes',
  stopAll: 'Tout arrêter',
  stopWord: 'stop',
  stopButton: {
    [TN.inTransit]: 'Arrêter …40344156200',
    [TN.pending]: 'Arrêter …23851726037',
    [TN.outForDelivery]: 'Arrêter 772819465305',
  },
  stopTyped: (id) => `Arrêter ${id}`,
  orderNumber: 'Numéro de commande',
  orderPrompt: 'Veuillez saisir votre numéro de commande.',
  several: 'Je vois plusieurs numéros dans votre message. Lequel dois-je rechercher ?',
  all: 'Tous',
  found: (id) => `Voici l’envoi pour ${id} :`,
  foundTwo: (a, b) => `J’ai trouvé 2 envois pour ${a} et ${b} :`,
  nothingLookedUp: 'Cherchez d’abord une commande, puis je vous préviendrai quand elle bouge.',
  none: 'Vous ne recevez aucune alerte de ma part en ce moment.',
  cancelled: 'D’accord, j’arrête. Envoyez-moi un numéro quand vous voulez.',
  started: (id) => `Je vous écris ici quand ${id} bouge, jusqu’au 6 déc. 2026.`,
  startedTwo: (a, b) => `Je vous écris ici quand ${a} et ${b} bougent, jusqu’au 6 déc. 2026.`,
  renewed: (id) => `Je surveille déjà ${id} ; je continue jusqu’au 6 déc. 2026.`,
  final: (id) => `${id} ne bougera plus, il n’y a donc rien à surveiller.`,
  full: (id) =>
    `Je peux surveiller 5 commandes dans ce chat, je n’ai donc pas ajouté ${id}. Dites « Mes alertes » pour en arrêter une.`,
  list: (...ids) =>
    [
      ids.length === 1 ? 'Je surveille une commande pour vous :' : `Je surveille ${ids.length} commandes pour vous :`,
      ...ids.map((id) => `${id}, jusqu’au 6 déc. 2026`),
    ].join('\n'),
  stopped: (ids) => `C’est fait : plus d’alertes pour ${ids}.`,
  and: (...ids) => `${ids.slice(0, -1).join(', ')} et ${ids.at(-1)}`,
  thanks: ['merci', 'Avec plaisir ! Envoyez-moi un numéro quand vous voulez.'],
  bye: ['au revoir', 'Merci et bonne journée !'],
};

const NL: Words = {
  locale: 'nl-NL',
  notify: 'Houd me op de hoogte',
  another: 'Nog een volgen',
  done: 'Dat was het, bedankt',
  notifyTyped: 'laat het me weten',
  myNotifications: 'Mijn updates',
  stopAll: 'Alles stoppen',
  stopWord: 'stop',
  stopButton: {
    [TN.inTransit]: 'Stop …F940344156200',
    [TN.pending]: 'Stop …9223851726037',
    [TN.outForDelivery]: 'Stop 772819465305',
  },
  stopTyped: (id) => `Stop ${id}`,
  orderNumber: 'Bestelnummer',
  orderPrompt: 'Typ je bestelnummer.',
  several: 'Ik zie meerdere nummers in je bericht. Welk nummer moet ik opzoeken?',
  all: 'Allemaal',
  found: (id) => `Hier is de zending voor ${id}:`,
  foundTwo: (a, b) => `Ik heb 2 zendingen gevonden voor ${a} en ${b}:`,
  nothingLookedUp: 'Zoek eerst een bestelling op, dan laat ik je weten wanneer die beweegt.',
  none: 'Je krijgt op dit moment geen updates van mij.',
  cancelled: 'Oké, ik ben gestopt. Stuur me een nummer wanneer je wilt.',
  started: (id) => `Ik stuur je hier een bericht als ${id} beweegt, tot 6 dec 2026.`,
  startedTwo: (a, b) => `Ik stuur je hier een bericht als ${a} en ${b} bewegen, tot 6 dec 2026.`,
  renewed: (id) => `Ik volg ${id} al; ik ga door tot 6 dec 2026.`,
  final: (id) => `${id} beweegt niet meer, dus er valt niets te volgen.`,
  full: (id) =>
    `Ik kan in deze chat 5 bestellingen volgen, dus ik heb ${id} niet toegevoegd. Zeg „Mijn updates” om er een te stoppen.`,
  list: (...ids) =>
    [
      ids.length === 1 ? 'Ik volg één bestelling voor je:' : `Ik volg ${ids.length} bestellingen voor je:`,
      ...ids.map((id) => `${id}, tot 6 dec 2026`),
    ].join('\n'),
  stopped: (ids) => `Klaar: geen updates meer over ${ids}.`,
  and: (...ids) => `${ids.slice(0, -1).join(', ')} en ${ids.at(-1)}`,
  thanks: ['bedankt', 'Graag gedaan! Stuur me een nummer wanneer je wilt.'],
  bye: ['doei', 'Bedankt en nog een fijne dag!'],
};

const CHANNELS = ['sms', 'msteams', 'webchat'] as const;
type Channel = (typeof CHANNELS)[number];
const CASES = CHANNELS.flatMap((channel) => [EN, FR, NL].map((words) => [channel, words.locale, words] as const));

/** Values and translation keys of Notify me that must never reach a customer. */
const INTERNAL = /\b(?:stop_watch|stop_all|my_notifications|notify)\b|\b(?:notify|choice)\.[a-z_]+|\{\{/;

/** What holds for every reply on the channel: nothing internal shown; on SMS, GSM-7 text within one gateway message. */
function everyReply(channel: Channel) {
  return (activity: Partial<Activity>): string | undefined => {
    const shown = visibleStrings(activity).find((text) => INTERNAL.test(text));
    if (shown) return `an internal value is shown: ${JSON.stringify(shown)}`;
    if (channel === 'sms' && activity.type === 'message') {
      if (!isGsm7(activity.text ?? '')) return `not GSM-7: ${JSON.stringify(activity.text)}`;
      if ((activity.text ?? '').length > 1600) return 'longer than one gateway message';
    }
    return undefined;
  };
}

/** The customer's side of one channel: how a reply reads there, and how a choice is picked (a number on SMS, a button elsewhere). */
function on(channel: Channel) {
  const sent = (text: string) => (channel === 'sms' ? toGsm7(text) : text);
  return {
    says: (text: string): Line => ({ bot: { text: sent(text) } }),
    asks: (text: string, ...choices: string[]): Line => ({ bot: { text: sent(text), choices: choices.map(sent) } }),
    /** An answer with its cards (SMS: its text), and exactly these choices. */
    answers: (intro: string, cards: number, ...choices: string[]): Line => {
      const expected: Expected =
        channel === 'sms' ? { textShowing: [sent(intro)], choices: choices.map(sent) } : { intro, cards, choices };
      return { bot: expected };
    },
    /** A press of the choice numbered `number` on the list the customer sees. */
    press: (title: string, number: number): Line => user(channel === 'sms' ? String(number) : title),
  };
}

describe.each(CASES)('on %s in %s', (channel, _locale, w) => {
  const { says, asks, answers, press } = on(channel);
  const go = (lines: Line[]) =>
    run(config(), lines, { channelId: channel, locale: w.locale, everyReply: everyReply(channel) });
  const onItsWay = [w.notify, w.another, w.done];
  /** An answer to a parcel in transit, and "Notify me" pressed on it. */
  const watching = (identifier: string): Line[] => [
    user(identifier),
    answers(w.found(identifier), 1, ...onItsWay),
    press(w.notify, 1),
    says(w.started(identifier)),
  ];

  test('before any lookup: "notify me", "My notifications" and "stop" each say there is nothing, in one line', async () => {
    await go([
      user(w.notifyTyped),
      says(w.nothingLookedUp),
      user(w.myNotifications),
      says(w.none),
      user(w.stopWord),
      says(w.cancelled),
    ]);
  });

  test('at "type your order number" with nothing watched: "notify me" says why not and asks again; "stop" cancels', async () => {
    await go([
      user(w.orderNumber),
      says(w.orderPrompt),
      user(w.notifyTyped),
      says(w.nothingLookedUp),
      says(w.orderPrompt),
      user(w.stopWord),
      says(w.cancelled),
    ]);
  });

  test('an answer offers "Notify me"; pressed, one line names the parcel and the end date; thanks and bye after it', async () => {
    await go([...watching(TN.inTransit), user(w.thanks[0]), says(w.thanks[1]), user(w.bye[0]), says(w.bye[1])]);
  });

  test('"notify me" twice for the same order renews it', async () => {
    await go([...watching(TN.inTransit), user(w.notifyTyped), says(w.renewed(TN.inTransit))]);
  });

  test('a delivered order offers no "Notify me", and asking for it says there is nothing to watch', async () => {
    await go([
      user(TN.delivered),
      answers(w.found(TN.delivered), 1, w.another, w.done),
      user(w.notifyTyped),
      says(w.final(TN.delivered)),
    ]);
  });

  test('two orders in one answer are both watched; the list stops one by its button or number, "stop" the rest', async () => {
    const [a, b] = [TN.inTransit, TN.pending];
    await go([
      user(`${a} ${b}`),
      asks(w.several, a, b, w.all),
      press(w.all, 3),
      answers(w.foundTwo(a, b), 2, ...onItsWay),
      press(w.notify, 1),
      says(w.startedTwo(a, b)),
      user(w.myNotifications),
      asks(w.list(a, b), w.stopButton[a], w.stopButton[b], w.stopAll),
      press(w.stopButton[b], 2),
      says(w.stopped(b)),
      user(w.myNotifications),
      asks(w.list(a), w.stopButton[a]),
      user(w.stopWord),
      says(w.stopped(a)),
      user(w.myNotifications),
      says(w.none),
    ]);
  });

  test('three watches listed, "Stop all" ends them; five at most: the sixth is refused with the way to make room', async () => {
    const three = [TN.inTransit, TN.pending, TN.outForDelivery];
    const five = [...three, ORDER.outForDelivery, ORDER.pending];
    await go([
      ...three.flatMap(watching),
      user(w.myNotifications),
      asks(w.list(...three), ...three.map((id) => w.stopButton[id]), w.stopAll),
      press(w.stopAll, 4),
      says(w.stopped(w.and(...three))),
      ...five.flatMap(watching),
      user(ORDER.delayed),
      answers(w.found(ORDER.delayed), 1, ...onItsWay),
      user(w.notifyTyped),
      says(w.full(ORDER.delayed)),
      // A watch already running is still renewed.
      user(TN.inTransit),
      answers(w.found(TN.inTransit), 1, ...onItsWay),
      user(w.notifyTyped),
      says(w.renewed(TN.inTransit)),
    ]);
  });

  test('"My notifications" at a question lists the watches and leaves the question: the number or button shown stops the watch', async () => {
    await go([
      ...watching(TN.inTransit),
      user(w.orderNumber),
      says(w.orderPrompt),
      user(w.myNotifications),
      asks(w.list(TN.inTransit), w.stopButton[TN.inTransit]),
      press(w.stopButton[TN.inTransit], 1),
      says(w.stopped(TN.inTransit)),
    ]);
  });

  test('"stop" at a question while updates run stops them (and the question)', async () => {
    await go([
      ...watching(TN.inTransit),
      user(w.orderNumber),
      says(w.orderPrompt),
      user(w.stopWord),
      says(w.stopped(TN.inTransit)),
      user(w.myNotifications),
      says(w.none),
    ]);
  });

  test('the stop typed with the whole number stops that watch, not a new lookup', async () => {
    await go([
      ...watching(TN.inTransit),
      user(w.myNotifications),
      asks(w.list(TN.inTransit), w.stopButton[TN.inTransit]),
      user(w.stopTyped(TN.inTransit)),
      says(w.stopped(TN.inTransit)),
    ]);
  });
});

describe('the buttons of Notify me fit a Teams button (20 characters) in every language', () => {
  const translator = new Translator('en');
  const numbers = ['ORD-1002', '772819465305', TN.inTransit, TN.pending, '420902109400111899223851726037'];
  test.each(LANGUAGES)(
    '%s: "Notify me", "Stop updates", "My notifications", "Stop all", and a stop for numbers of any length, which keeps the number\'s end',
    (language) => {
      const { t } = translator.localize(language);
      const titles = [
        ...['choice.notify', 'choice.stop_watch', 'choice.my_notifications', 'choice.stop_all'].map((key) => t(key)),
        ...numbers.map((id) => stopTitle(t, id)),
      ];
      expect(titles.filter((title) => title.length > 20)).toEqual([]);
      for (const id of numbers) expect(stopTitle(t, id)).toContain(id.length <= 11 ? id : id.slice(-10));
    },
  );
});

describe('the bare word for the updates asks for the list in every language, as "notifications" and "updates" do in English', () => {
  const translator = new Translator('en');
  test.each([
    ['en-US', 'notifications'],
    ['en-US', 'updates'],
    ['fr-FR', 'alertes'],
    ['fr-FR', 'notifications'],
    ['es-ES', 'avisos'],
    ['es-ES', 'notificaciones'],
    ['it-IT', 'avvisi'],
    ['it-IT', 'aggiornamenti'],
    ['it-IT', 'notifiche'],
    ['de-DE', 'Benachrichtigungen'],
    ['nl-NL', 'meldingen'],
  ])('%s: "%s"', async (locale, said) => {
    await run(config(), [user(said), { bot: { text: translator.localize(locale).t('notify.none') } }], {
      channelId: 'webchat',
      locale,
    });
  });
});
