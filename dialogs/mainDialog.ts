/**
 * The conversation's root: a router, not a dialog. It decides on the message's one reading (read at the edge,
 * turnReading.ts). Before any question sees a message, it handles what may come at any step: a lookup sent as
 * data, a language named, updates, help, cancel, start over, a person, and small talk. With no question open it
 * also takes the choices the last answer offered, identifiers (looked up at once, without a dialog, when nothing
 * needs asking) and questions the bot cannot act on.
 */
import type { StatePropertyAccessor, TurnContext } from '../src/bot/botbuilder';
import { DialogSet, type DialogState } from './botbuilderDialogs';
import { TurnDialogs } from './turnDialogs';
import { isSms, type Choice } from '../src/channels';
import { pickChoice, type OfferedChoice } from '../src/recognize';
import type { LookupKind } from '../src/tracking/lookup';
import { leadWith } from './askDialog';
import type { ConversationMemory } from './conversationMemory';
import type { Handoff } from './handoff';
import type { LookupAnswerer } from './lookupAnswer';
import { draftFrom, LOOKUP_DIALOG, type LookupDialog, type LookupDraft } from './lookupDialog';
import { answerToQuestion, shopSettles } from './questions';
import { sendText } from '../src/bot/send';
import { structuredLookup } from './structuredLookup';
import { supportPageFor, type SupportPages } from '../src/nextSteps/supportPages';
import { languageOf, type TurnLanguage } from '../src/bot/turnLanguage';
import {
  ANOTHER,
  DONE,
  FOLLOW_UPS,
  NOTIFY,
  PERSON,
  STOP_ALL,
  stoppedBy,
  YOUR_ORDERS,
} from '../src/recognize/choiceValues';
import type { Reading, Understanding, UpdatesAsked } from '../src/recognize/understanding';
import type { Command } from '../src/recognize/commands';
import type { SocialIntent } from '../src/recognize/intents';
import { readingOf } from '../src/bot/turnReading';
import type { YourOrders } from './yourOrders';
import { customerOf } from '../src/bot/turnCustomer';
import { firstName } from '../src/customers/firstName';
import type { Notifications } from './notifications';

export interface MainDialogSettings {
  /** The shop's help pages, per language. */
  supportPages: SupportPages;
}

export class MainDialog {
  /** Built once: a DialogSet keeps no turn's state, only the dialogs and the accessor of their stack. */
  private built?: { accessor: StatePropertyAccessor<DialogState>; set: DialogSet };

  constructor(
    private readonly lookupDialog: LookupDialog,
    private readonly answerer: LookupAnswerer,
    private readonly understanding: Understanding,
    private readonly memory: ConversationMemory,
    private readonly handoff: Handoff,
    private readonly notifications: Notifications,
    private readonly settings: MainDialogSettings,
    private readonly yourOrders: YourOrders,
  ) {}

  /**
   * The first words of a conversation: what the bot does, and the kinds of number as choices. A signed-in
   * customer is greeted by their first name and offered their orders first.
   */
  async welcome(context: TurnContext): Promise<void> {
    const { t } = languageOf(context);
    const name = firstName(customerOf(context)?.name);
    // On SMS every segment is paid for: the short welcome keeps it, with the kinds of number, to one.
    const welcome = isSms(context.activity.channelId) ? t('sms.welcome') : t('welcome');
    await this.offer(context, name ? t('welcome_named', { name }) : welcome, this.startChoices(context, t));
  }

  async run(context: TurnContext, dialogState: StatePropertyAccessor<DialogState>): Promise<void> {
    // A colleague has the case: the turn is theirs.
    if (await this.handoff.holding(context)) return;
    const dialogs = await TurnDialogs.of(this.dialogSet(dialogState), dialogState, context);
    const { t } = languageOf(context);
    const { text } = context.activity;
    const value: unknown = context.activity.value;
    // A number answers only the message right before it: read once, then forgotten.
    const offered = await this.memory.takeOffered(context);

    const structured = structuredLookup(value);
    if (structured) {
      if (!structured.ok) return sendText(context, t('errors.bad_request'));
      await dialogs.cancelAll();
      const { request } = structured;
      return this.lookupDialog.lookUp(dialogs, { ...request, shown: request.identifier });
    }
    if (!text?.trim()) {
      // A card submit with other data, or an empty message: nothing to act on, the dialog waits on.
      if (value !== undefined) await sendText(context, t('errors.bad_request'));
      return;
    }
    const reading = readingOf(context);
    if (await this.anyStep(dialogs, text, reading, offered, t)) return;
    if (dialogs.open) return dialogs.continue();
    await this.noQuestionOpen(dialogs, text, reading, offered, t);
  }

  private dialogSet(accessor: StatePropertyAccessor<DialogState>): DialogSet {
    if (this.built?.accessor !== accessor)
      this.built = { accessor, set: new DialogSet(accessor).add(this.lookupDialog) };
    return this.built.set;
  }

  /**
   * What the customer wants at any step (the reading decided which): a language, updates, help, cancel, start
   * over, the bot back, a person, their orders, small talk. Whether it was one.
   */
  private async anyStep(
    dialogs: TurnDialogs,
    text: string,
    { want }: Reading,
    offered: string[],
    t: TurnLanguage['t'],
  ): Promise<boolean> {
    const { context } = dialogs;
    // A stop picked from the list of updates, by its number: only this conversation knows what it lists.
    const stop = await this.notifications.picked(context, text, offered, !dialogs.open);
    if (stop) {
      await this.notifications.stop(context, stop === STOP_ALL ? undefined : stoppedBy(stop));
      return true;
    }
    switch (want?.type) {
      case undefined:
        return false;
      case 'language':
        if (dialogs.open) {
          leadWith(context, t('language.picked'));
          await dialogs.reprompt();
        } else
          await this.offer(
            context,
            `${t('language.picked')} ${t('questions.send_number')}`,
            this.startChoices(context, t),
          );
        return true;
      case 'updates':
        return this.updates(dialogs, want.asked);
      case 'command':
        // "stop" while updates run stops them (and any question with them); else it cancels, as anywhere.
        if (want.stop && (await this.notifications.any(context))) {
          await dialogs.cancelAll();
          await this.notifications.stop(context);
          return true;
        }
        return this.command(dialogs, want.command, t);
      case 'bot':
        await dialogs.cancelAll();
        await this.handoff.backToBot(context);
        return true;
      case 'person':
        // Before any question sees it: "I want to talk to a human" is no order ID of 19 characters.
        await dialogs.cancelAll();
        await this.handoff.start(context);
        return true;
      case 'orders':
        await this.ordersAsked(dialogs, t);
        return true;
      case 'social':
        await this.social(dialogs, want.social, offered, t);
        return true;
    }
  }

  private async command(dialogs: TurnDialogs, command: Command, t: TurnLanguage['t']): Promise<boolean> {
    const { context } = dialogs;
    switch (command) {
      case 'help':
        if (dialogs.open) {
          await sendText(context, t('help'));
          await dialogs.reprompt();
        } else
          await this.offer(context, t('help'), [...this.startChoices(context, t), ...this.personChoice(context, t)]);
        return true;
      case 'cancel':
        await dialogs.cancelAll();
        await sendText(context, t('cancelled'));
        return true;
      case 'start_over':
        await dialogs.cancelAll();
        await dialogs.begin(LOOKUP_DIALOG, {} satisfies LookupDraft);
        return true;
    }
  }

  private async social(
    dialogs: TurnDialogs,
    social: SocialIntent,
    offered: string[],
    t: TurnLanguage['t'],
  ): Promise<void> {
    const { context } = dialogs;
    switch (social) {
      case 'greeting':
        if (!dialogs.open) await dialogs.begin(LOOKUP_DIALOG, { greet: true } satisfies LookupDraft);
        else {
          leadWith(context, t('social.hello'));
          await dialogs.reprompt();
        }
        return;
      case 'yes':
        if (dialogs.open) await dialogs.reprompt();
        else await dialogs.begin(LOOKUP_DIALOG, {} satisfies LookupDraft);
        return;
      case 'ok':
        if (dialogs.open) await dialogs.reprompt();
        else await this.sayKeepingChoices(context, t('social.ok'), offered);
        return;
      case 'thanks':
        if (dialogs.open) {
          await dialogs.cancelAll();
          await sendText(context, t('social.thanks'));
        } else await this.sayKeepingChoices(context, t('social.thanks'), offered);
        return;
      case 'goodbye':
      case 'no':
        await dialogs.cancelAll();
        await sendText(context, t('goodbye'));
        return;
    }
  }

  /**
   * "Notify me", "My notifications", "stop notifications", or a sentence asking for updates. A question open is
   * asked again, except after the list with its stops, which takes its place.
   */
  private async updates(dialogs: TurnDialogs, asked: UpdatesAsked): Promise<boolean> {
    const { context } = dialogs;
    if (asked === 'start') await this.notifications.start(context);
    else if (asked === 'stop') await this.notifications.stop(context);
    else if (await this.notifications.list(context)) {
      // The list's stops are what to answer now: a question left open would take the number meant for one ("1" as an order number).
      await dialogs.cancelAll();
      return true;
    }
    // A question was open: it is still the one to answer.
    if (dialogs.open) await dialogs.reprompt();
    return true;
  }

  /** After an answer, or before the first question: a choice offered, a number, a question, or the first question. */
  private async noQuestionOpen(
    dialogs: TurnDialogs,
    text: string,
    { identifiers: proven, number: read, topic }: Reading,
    offered: string[],
    t: TurnLanguage['t'],
  ): Promise<void> {
    const { context } = dialogs;
    const picked = this.picked(context, text, offered, t);
    if (picked === ANOTHER) return void (await dialogs.begin(LOOKUP_DIALOG, {} satisfies LookupDraft));
    if (picked === DONE) return sendText(context, t('goodbye'));
    if (picked === PERSON) return this.handoff.start(context);
    if (picked === NOTIFY) return this.notifications.start(context);
    if (picked === YOUR_ORDERS) return this.ordersAsked(dialogs, t);
    const order = picked && this.yourOrders.picked(context, picked);
    if (order) return this.lookupDialog.lookUp(dialogs, { ...order, shown: order.identifier });
    if (picked) return void (await dialogs.begin(LOOKUP_DIALOG, { kind: picked as LookupKind } satisfies LookupDraft));

    if (proven.type === 'match') return this.lookupDialog.lookUp(dialogs, draftFrom(proven));
    if (proven.type !== 'none') return void (await dialogs.begin(LOOKUP_DIALOG, draftFrom(proven)));

    const last =
      topic === 'eta' || topic === 'problem' || topic === 'not_arrived' ? await this.memory.last(context) : undefined;
    const problem = topic === 'problem' || topic === 'not_arrived' ? await this.memory.lastProblem(context) : undefined;
    // "1002 hasn't arrived" is about 1002, whatever was shown before: it is looked up.
    const guess = topic === 'not_arrived' ? read : undefined;
    const answer =
      topic &&
      (!guess || guess.type === 'none') &&
      answerToQuestion(topic, t, {
        supportUrl: supportPageFor(this.settings.supportPages, languageOf(context).language),
        lastShown: last?.shown,
        problem,
        atPrompt: false,
      });
    // What the bot cannot do, a person can: where one can come into the conversation, the answer offers one. A parcel's latest news is no such thing.
    const latestNews = topic === 'eta' || (topic === 'not_arrived' && !(problem && shopSettles(problem)));
    if (answer && !latestNews && this.handoff.offeredOn(context))
      return this.offer(context, answer, this.personChoice(context, t));
    if (answer) return this.sayKeepingChoices(context, answer, offered);

    const number = read;
    if (number.type === 'match') return this.lookupDialog.lookUp(dialogs, draftFrom(number));
    await dialogs.begin(LOOKUP_DIALOG, (number.type === 'none' ? {} : draftFrom(number)) satisfies LookupDraft);
  }

  /**
   * The value of a choice picked with no question open: by its number only among those the last message
   * offered, by its words among every answer's follow-ups and the kinds of number ("Tracking number").
   */
  private picked(context: TurnContext, text: string, offered: string[], t: TurnLanguage['t']): string | undefined {
    const choices = [
      ...FOLLOW_UPS.map((value) => this.understanding.choice(value, t)),
      ...this.kindChoices(t),
      ...this.personChoice(context, t),
      this.understanding.choice(NOTIFY, t),
      ...this.yourOrders.choices(context, t),
      ...this.yourOrders.pickable(context),
    ];
    const byValue = (values: readonly string[]) =>
      values
        .map((value) => choices.find((choice) => choice.value === value))
        .filter((c): c is (typeof choices)[number] => !!c);
    const shown = byValue(offered);
    const index = pickChoice(text, shown);
    if (index !== undefined) return shown[index].value;
    const any = pickChoice(text, choices, { numbers: false });
    return any === undefined ? undefined : choices[any].value;
  }

  /**
   * "my orders": a signed-in customer's newest orders to pick from (any question open gives way to them);
   * else why there are none to show, and the question open, or else what to send instead.
   */
  private async ordersAsked(dialogs: TurnDialogs, t: TurnLanguage['t']): Promise<void> {
    const { context } = dialogs;
    const reply = this.yourOrders.reply(context, t);
    if (reply.list) {
      await dialogs.cancelAll();
      return this.offer(context, reply.text, reply.choices);
    }
    if (!dialogs.open) return sendText(context, `${reply.text} ${t('questions.send_number')}`);
    leadWith(context, reply.text);
    await dialogs.reprompt();
  }

  /** What a conversation can start with: a signed-in customer's orders, and the kinds of number where there are several. */
  private startChoices(context: TurnContext, t: TurnLanguage['t']): Array<Choice & OfferedChoice> {
    return [
      ...this.yourOrders.choices(context, t),
      ...(this.understanding.kinds.length > 1 ? this.kindChoices(t) : []),
    ];
  }

  private kindChoices(t: TurnLanguage['t']): Array<Choice & OfferedChoice> {
    return this.understanding.kinds.map((kind) => this.understanding.choice(kind, t));
  }

  /** "Talk to a person", where a person can come into the conversation. */
  private personChoice(context: TurnContext, t: TurnLanguage['t']): Array<Choice & OfferedChoice> {
    return this.handoff.offeredOn(context) ? [this.handoff.choice(t)] : [];
  }

  /**
   * A reply with nothing to choose ("You're welcome", an answer to a question): the list the customer saw
   * last is still the last list, so "2" next still picks its second item.
   */
  private async sayKeepingChoices(context: TurnContext, text: string, offered: string[]): Promise<void> {
    await sendText(context, text);
    if (offered.length) await this.memory.offered(context, offered);
  }

  /** A message with choices, remembered so that "2" picks the second of them next turn. */
  private async offer(context: TurnContext, text: string, choices: readonly Choice[]): Promise<void> {
    await sendText(context, text, choices);
    if (choices.length)
      await this.memory.offered(
        context,
        choices.map((choice) => choice.value),
      );
  }
}
