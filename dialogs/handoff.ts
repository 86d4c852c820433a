/**
 * A person, at any step: the handoff started from a turn ("talk to a person", or its button), and the
 * hub's `handoff.status` answers. The case is built fresh from the numbers this conversation found
 * (looked up again, within the reply deadline), the transcript goes with it and is then dropped, and
 * the customer is told, in their language, what happens next. Nothing the customer said is logged.
 */
import { ActivityTypes, type TurnContext } from '../src/bot/botbuilder';
import { customerOf } from '../src/bot/turnCustomer';
import { z } from 'zod';
import type { Choice } from '../src/channels';
import { caseOf, handoffReply, TRANSCRIPT_LIMITS, type HandoffCase } from '../src/handoff';
import type { OfferedChoice } from '../src/recognize';
import type { Clock } from '../src/runtime/clock';
import type { Logger } from '../src/runtime/logger';
import type { ShipmentFinder } from '../src/tracking/lookup';
import type { Shipment } from '../src/tracking/shipment';
import { channelProfile } from '../src/channels';
import { maskedShipments } from '../src/customers/maskedShipments';
import type { ConversationMemory, LastLookup } from './conversationMemory';
import type { ConversationTranscript } from './conversationTranscript';
import type { WindowLimit } from './windowLimit';
import type { HandoffPort } from './handoffHubs';
import { settle, type ReplyDeadline } from '../src/bot/replyDeadline';
import { sendText } from '../src/bot/send';
import { supportPageFor, type SupportPages } from '../src/nextSteps/supportPages';
import { languageOf, type TurnLanguage, type TurnLanguages } from '../src/bot/turnLanguage';
import { PERSON } from '../src/recognize/choiceValues';
import type { Understanding } from '../src/recognize/understanding';
import { readingOf } from '../src/bot/turnReading';
import { NO_METRICS, type Metrics } from '../src/telemetry/metrics';

/** Asked again within this time, a handoff under way is not asked for twice: the customer is told it is coming. */
const STILL_WAITING_MS = 10 * 60_000;
/**
 * While a colleague has the case the bot keeps quiet, for this long at most from the hub's "accepted": a
 * hub that never says "completed" cannot silence the bot for good.
 */
const AGENT_HOLDS_MS = 30 * 60_000;
/** How often, at most, a customer who writes meanwhile is told that a colleague will reply. */
const HOLDING_LINE_EVERY_MS = 3 * 60_000;
/** A hub's status is taken for this long after the handoff was asked for. */
const UNDER_WAY_MS = TRANSCRIPT_LIMITS.keepMs;

/** What a hub sends: `{state, message}` (Bot Framework handoff protocol). Anything else is ignored, never refused. */
const HandoffStatusValue = z.object({
  state: z.enum(['accepted', 'failed', 'completed']),
  message: z.string().optional(),
});

export interface HandoffParts {
  port: HandoffPort;
  /** What a channel no hub can join gets instead (the channel table's hubsCannotJoin): the help page and the case. */
  noHub: HandoffPort;
  memory: ConversationMemory;
  transcript: ConversationTranscript;
  understanding: Understanding;
  finder: ShipmentFinder;
  deadline: ReplyDeadline;
  clock: Clock;
  logger: Logger;
  /** The turn's language, which a hub's status event speaks again in the customer's. */
  languages: TurnLanguages;
  /** The shop's help pages, per language: where a customer goes when no person can come. */
  supportPages: SupportPages;
  /** The problem state of a shipment, for the case (the next-steps rules, when there are any). */
  problemOf?: (shipment: Shipment) => string | undefined;
  /**
   * Handoffs started, counted per conversation and per customer in a window (HANDOFF_LIMIT a day): whatever
   * `handoff.status` events arrive, nobody can page the agents in a loop.
   */
  handoffs: WindowLimit;
  /** Handoffs by hub and state: initiated here, then accepted, failed or completed as the hub says. */
  metrics?: Metrics;
}

export class Handoff {
  private readonly metrics: Metrics;

  constructor(private readonly parts: HandoffParts) {
    this.metrics = parts.metrics ?? NO_METRICS;
  }

  /** Whether answers offer the "Talk to a person" button: where a person can come into the conversation. */
  offeredOn(context: TurnContext): boolean {
    return this.portFor(context).takesOver;
  }

  /** The shop's hub, unless it cannot join this channel's conversations: then none, and the customer is told where to go. */
  private portFor(context: TurnContext): HandoffPort {
    return channelProfile(context.activity.channelId).hubsCannotJoin ? this.parts.noHub : this.parts.port;
  }

  /** The button, in the customer's words; pressing it (or typing its words) starts the handoff. */
  choice(t: TurnLanguage['t']): Choice & OfferedChoice {
    return this.parts.understanding.choice(PERSON, t);
  }

  /** Hands the conversation to a person, from whatever step it is at. */
  async start(context: TurnContext): Promise<void> {
    const { memory, transcript, clock } = this.parts;
    const port = this.portFor(context);
    const language = languageOf(context);
    const now = clock.now();
    const underWay = await memory.handoff(context);
    if (port.takesOver && underWay && now - underWay.at < STILL_WAITING_MS)
      return sendText(context, language.t('handoff.already_waiting'));

    // Only a hub pages people; the help page and the summary are free to ask for again.
    if (port.takesOver && !(await this.parts.handoffs.admit(context)).admitted) {
      this.parts.logger.info({ hub: port.hub }, 'handoff limited');
      return this.noPerson(context, language, 'handoff.limited', 'handoff.limited_elsewhere');
    }
    // Without a hub the case goes to the customer alone, who sees of it what their lookups showed them.
    const handoffCase = await this.caseOf(context, language, port.takesOver ? 'agent' : 'customer');
    const lines = await transcript.lines(context);
    await port.escalate(context, {
      handoffCase,
      transcript: lines,
      t: language.t,
      supportUrl: supportPageFor(this.parts.supportPages, language.language),
    });
    await transcript.handedOver(context);
    await memory.setHandoff(context, port.takesOver ? { hub: port.hub, at: now, locale: language.locale } : undefined);
    this.metrics.count('bot_handoffs_total', { mode: port.hub, state: 'initiated' });
    this.parts.logger.info(
      { hub: port.hub, lookups: handoffCase.lookups.length, transcriptLines: lines.length },
      'handoff requested',
    );
  }

  /**
   * Whether a colleague has the conversation, so this turn is theirs, not the bot's: nothing is looked up
   * or offered, and at most one short line every few minutes says a colleague will reply here. "cancel" or
   * "talk to the bot" ends the wait. The state is the conversation's own, so a status forged by a
   * customer's client can only ever quiet that customer's conversation, and only for a bounded time.
   */
  async holding(context: TurnContext): Promise<boolean> {
    const { memory, clock, logger, port } = this.parts;
    const underWay = await memory.handoff(context);
    if (underWay?.acceptedAt === undefined) return false;
    const { acceptedAt } = underWay;
    const now = clock.now();
    if (now - acceptedAt >= AGENT_HOLDS_MS) {
      await memory.setHandoff(context, undefined);
      logger.info({ hub: port.hub }, 'handoff wait ended: no word from the hub');
      return false;
    }
    const { t } = languageOf(context);
    const { want } = readingOf(context);
    if ((want?.type === 'command' && want.command === 'cancel') || want?.type === 'bot') {
      await this.backToBot(context);
      return true;
    }
    if (now - (underWay.toldAt ?? acceptedAt) >= HOLDING_LINE_EVERY_MS) {
      await memory.setHandoff(context, { ...underWay, toldAt: now });
      await sendText(context, t('handoff.holding'));
    }
    return true;
  }

  /** "Talk to the bot": any handoff under way is left (a colleague who has it gets no word of it from us), and the bot says it is back. */
  async backToBot(context: TurnContext): Promise<void> {
    const { memory, logger, port } = this.parts;
    if (await memory.handoff(context)) {
      await memory.setHandoff(context, undefined);
      logger.info({ hub: port.hub }, 'handoff left by the customer');
    }
    await sendText(context, languageOf(context).t('handoff.back_to_bot'));
  }

  /** A hub's `handoff.status`: accepted, someone is coming; failed, the help page and the case; completed, the bot is back. */
  async status(context: TurnContext): Promise<void> {
    const { memory, clock, logger, port } = this.parts;
    const parsed = HandoffStatusValue.safeParse(context.activity.value);
    const underWay = port.sendsStatus ? await memory.handoff(context) : undefined;
    if (!parsed.success || !underWay || clock.now() - underWay.at >= UNDER_WAY_MS) {
      const handoff = !port.sendsStatus ? 'hub sends none' : underWay ? 'expired' : 'none';
      logger.info(
        { hub: port.hub, state: parsed.success ? parsed.data.state : 'unreadable', handoff },
        'handoff status ignored',
      );
      return;
    }
    // The hub's own message is not logged: an agent's reason may quote what the customer told them.
    const { state } = parsed.data;
    logger.info({ hub: port.hub, state }, 'handoff status');
    this.metrics.count('bot_handoffs_total', { mode: port.hub, state });
    // The hub's event speaks the agent's language, or none: the customer is answered in theirs.
    const language = this.parts.languages.speak(context, underWay.locale);
    switch (state) {
      case 'accepted':
        await memory.setHandoff(context, { ...underWay, acceptedAt: clock.now() });
        return sendText(context, language.t('handoff.accepted'));
      case 'completed':
        await memory.setHandoff(context, undefined);
        return sendText(context, language.t('handoff.completed'));
      case 'failed': {
        await memory.setHandoff(context, undefined);
        return this.noPerson(context, language, 'handoff.failed', 'handoff.try_later');
      }
    }
  }

  /** No person comes: why (`lead`), the help page or else `elsewhere`, and the case to copy or forward. */
  private async noPerson(context: TurnContext, language: TurnLanguage, lead: string, elsewhere: string): Promise<void> {
    const { t } = language;
    const handoffCase = await this.caseOf(context, language, 'customer');
    const supportUrl = supportPageFor(this.parts.supportPages, language.language);
    await sendText(
      context,
      handoffReply({
        lead: t(lead),
        where: supportUrl ? t('handoff.support_url', { url: supportUrl }) : t(elsewhere),
        handoffCase,
        t,
      }),
    );
  }

  /**
   * The numbers this conversation found, each looked up again for where it stands now (the cache
   * usually has it), and those it tried that found nothing. What has not come back within the reply
   * deadline is named without its shipments.
   * An agent's case is complete (agents are trusted), unless it travels in a form the channel's client can
   * show (an event on Direct Line, Omnichannel's escalation message on Teams or SMS, anything on a channel we
   * do not know): then, as the customer's copy, it is masked where their lookup was, and the numbers tried are masked.
   */
  private async caseOf(
    context: TurnContext,
    language: TurnLanguage,
    reader: 'agent' | 'customer',
  ): Promise<HandoffCase> {
    const found = await this.parts.memory.found(context);
    const customerReads =
      reader === 'customer' ||
      channelProfile(context.activity.channelId).customerReads.has(this.portFor(context).caseTravelsAs);
    const tried = await this.parts.memory.tried(context);
    const options = {
      language: language.language,
      locale: language.locale,
      signedIn: customerOf(context) !== undefined,
      t: language.t,
      problemOf: this.parts.problemOf,
      tried,
      masked: customerReads,
    };
    if (!found.length) return caseOf([], options);
    const lookups = Promise.all(
      found.map((lookup) =>
        settle(
          this.parts.finder.find(
            { kind: lookup.kind, identifier: lookup.identifier, storeId: lookup.storeId },
            language.language,
          ),
        ),
      ),
    );
    const settled = await this.parts.deadline.within(
      settle(lookups),
      async () => void (await context.sendActivity({ type: ActivityTypes.Typing })),
    );
    const shipments = settled?.ok ? settled.value.map((result) => (result.ok ? result.value : undefined)) : [];
    const shown = (lookup: LastLookup, list: Shipment[] | undefined) =>
      list && customerReads && lookup.masked ? maskedShipments(list) : list;
    return caseOf(
      found.map((lookup, i) => ({ ...lookup, shipments: shown(lookup, shipments[i]) })),
      options,
    );
  }
}
