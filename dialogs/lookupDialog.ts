/**
 * The lookup waterfall: what to track → the identifier → the store (store orders only) →
 * lookup and status cards → "anything else?". Whatever is already known (a recognized first
 * message, a card submit, a re-ask) skips the steps that would ask for it.
 */
import { ActivityTypes, DeliveryModes, type TurnContext } from 'botbuilder';
import {
  ComponentDialog,
  TextPrompt,
  WaterfallDialog,
  type Choice,
  type DialogTurnResult,
  type FoundChoice,
  type PromptValidatorContext,
  type WaterfallStepContext,
} from 'botbuilder-dialogs';
import { renderShipments } from '../src/cards';
import type { Translator } from '../src/i18n';
import { recognizeIdentifiers, validateIdentifier, type Recognition } from '../src/recognize';
import { recognizeMessage } from './messageRecognition';
import { errorLogFields, InvalidArgumentError } from '../src/tracking/errors';
import type { Logger } from '../src/tracking/logger';
import type { LookupKind, LookupRequest, LookupTrace, ShipmentFinder } from '../src/tracking/lookup';
import type { Shipment } from '../src/tracking/shipment';
import { noteLookup } from './turnLookup';
import { failureReply, NOT_FOUND, type FailureReply } from './failureReplies';
import type { LookupGuard } from './lookupGuard';
import { settle, type LaterDelivery, type ReplyDeadline, type Settled } from './replyDeadline';
import { NumberedChoicePrompt } from './numberedChoicePrompt';
import { languageOf, type TurnLanguage } from './turnLanguage';

export const LOOKUP_DIALOG = 'lookup';
const WATERFALL = 'lookup.steps';
const KIND_PROMPT = 'lookup.kind';
const IDENTIFIER_PROMPT = 'lookup.identifier';
const STORE_PROMPT = 'lookup.store';
const ANOTHER_PROMPT = 'lookup.another';

/** Attempts a prompt gets before the dialog stops asking. */
export const MAX_ATTEMPTS = 3;

export interface LookupDialogOptions {
  /** What is already known: from a card submit, a re-ask, or a recognized message. */
  request?: Partial<LookupRequest>;
  /** A message to look for identifiers in (the first message of a conversation). */
  text?: string;
}

export interface LookupDialogSettings {
  /** The store of a single-store deployment: store orders then never ask for it. */
  defaultStoreId?: string;
  defaultTimeZone: string;
}

type ChoiceAnswer =
  | { type: 'choice'; choice: FoundChoice }
  | { type: 'identifier'; request: LookupRequest }
  /** Another ambiguous number, or several: the dialog starts again from the message. */
  | { type: 'restart' }
  /** Nothing usable after the last attempt. */
  | { type: 'none' };

/** The request being put together, kept in the waterfall's values between turns. */
interface Draft {
  kind?: LookupKind;
  identifier?: string;
  storeId?: string;
  /** Several identifiers were found: the customer picks one. */
  candidates?: LookupRequest[];
  /** One identifier fits several kinds: the customer says which. */
  ambiguousKinds?: LookupKind[];
}

export class LookupDialog extends ComponentDialog {
  constructor(
    private readonly finder: ShipmentFinder,
    private readonly translator: Translator,
    private readonly settings: LookupDialogSettings,
    private readonly logger: Logger,
    private readonly guard: LookupGuard,
    private readonly replies: { deadline: ReplyDeadline; later: LaterDelivery },
  ) {
    super(LOOKUP_DIALOG);
    this.addDialog(new NumberedChoicePrompt(KIND_PROMPT, (p) => this.choiceOrIdentifier(p)));
    this.addDialog(new NumberedChoicePrompt(ANOTHER_PROMPT, (p) => this.choiceOrIdentifier(p)));
    this.addDialog(new TextPrompt(IDENTIFIER_PROMPT, (p) => this.validIdentifier(p)));
    this.addDialog(new TextPrompt(STORE_PROMPT, (p) => this.validStore(p)));
    this.addDialog(
      new WaterfallDialog(WATERFALL, [
        (step) => this.kindStep(step),
        (step) => this.identifierStep(step),
        (step) => this.storeStep(step),
        (step) => this.lookupStep(step),
        (step) => this.finalStep(step),
      ]),
    );
    this.initialDialogId = WATERFALL;
  }

  private language(context: TurnContext): TurnLanguage {
    return languageOf(context, this.translator, this.settings.defaultTimeZone);
  }

  // 1. What to track: known already, recognized in the message, or asked.
  private async kindStep(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const options = (step.options ?? {}) as LookupDialogOptions;
    const draft: Draft = { ...options.request };
    (step.values as { draft: Draft }).draft = draft;
    const available = this.finder.kinds();
    if (!draft.kind && options.text) this.apply(draft, recognizeMessage(options.text, available));

    const { t } = this.language(step.context);
    if (draft.candidates) {
      return step.prompt(KIND_PROMPT, {
        prompt: t('prompt.several'),
        retryPrompt: t('invalid.choice'),
        choices: this.candidateChoices(draft.candidates, t),
      });
    }
    if (draft.ambiguousKinds) {
      return step.prompt(KIND_PROMPT, {
        prompt: t('prompt.ambiguous', { identifier: draft.identifier }),
        retryPrompt: t('invalid.choice'),
        choices: draft.ambiguousKinds.map((kind) => translatedChoice(kind, t)),
      });
    }
    if (draft.kind) return step.next();
    if (available.length === 1) {
      draft.kind = available[0];
      return step.next();
    }
    return step.prompt(KIND_PROMPT, { prompt: t('prompt.kind'), retryPrompt: t('invalid.choice'), choices: available.map((kind) => translatedChoice(kind, t)) });
  }

  // 2. The identifier: known already, or asked with a prompt that validates it for the kind.
  private async identifierStep(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const draft = draftOf(step);
    if (!draft.kind || draft.candidates || draft.ambiguousKinds) {
      const answer = this.answerToChoice(step);
      if (answer.type === 'restart') return this.restart(step, { text: step.context.activity.text });
      if (answer.type === 'none') return this.giveUp(step);
      if (answer.type === 'identifier') Object.assign(draft, { candidates: undefined, ambiguousKinds: undefined, storeId: undefined }, answer.request);
      else if (draft.candidates) Object.assign(draft, draft.candidates[answer.choice.index], { candidates: undefined });
      else Object.assign(draft, { kind: answer.choice.value as LookupKind, ambiguousKinds: undefined });
    }
    if (draft.identifier) {
      const valid = validateIdentifier(draft.kind!, draft.identifier);
      if (valid.ok) {
        draft.identifier = valid.value;
        return step.next();
      }
      draft.identifier = undefined;
    }
    const { t } = this.language(step.context);
    return step.prompt(IDENTIFIER_PROMPT, { prompt: t(`prompt.identifier.${draft.kind}`), validations: { kind: draft.kind } });
  }

  // 3. The store, for a store order on a deployment that serves several stores.
  private async storeStep(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const draft = draftOf(step);
    if (typeof step.result === 'string' && !this.resolveIdentifier(draft, step.result, step.context)) return this.giveUp(step);
    if (draft.kind === 'external_order' && !draft.storeId) {
      if (this.settings.defaultStoreId) draft.storeId = this.settings.defaultStoreId;
      else {
        const { t } = this.language(step.context);
        return step.prompt(STORE_PROMPT, { prompt: t('prompt.store') });
      }
    }
    return step.next();
  }

  // 4. The lookup, and its answer: cards, "not found" (also for a refused number), a re-ask of a refused store, or an apology.
  private async lookupStep(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const draft = draftOf(step);
    if (typeof step.result === 'string') {
      const store = validateIdentifier('store', step.result);
      if (!store.ok) return this.giveUp(step);
      draft.storeId = store.value;
    }
    const request: LookupRequest = { kind: draft.kind!, identifier: draft.identifier!, storeId: draft.storeId };
    const language = this.language(step.context);
    const { t } = language;

    if (!(await this.guard.admit(step.context))) {
      noteLookup(step.context, { kind: request.kind, outcome: 'limited' });
      await step.context.sendActivity(t('errors.slow_down'));
      return step.endDialog();
    }
    const trace: LookupTrace = {};
    const outcome = settle(this.finder.find(request, language.language, trace));
    // A typing indicator announces a wait; an answer from the cache has none (and one send less is a third of the turn's cost).
    if (trace.cache !== 'hit') await step.context.sendActivity({ type: ActivityTypes.Typing });
    const settled = await this.replies.deadline.within(outcome);
    if (!settled) return this.answerLater(step, request, language, outcome, trace);
    switch (await this.answer(step.context, request, language, settled, trace)) {
      case 'found':
        return this.offerAnother(step);
      case 'not_found':
        return this.restart(step, { request: { kind: request.kind } });
      case 'store_refused':
        return this.restart(step, { request: { kind: request.kind, identifier: request.identifier } });
      case 'apology':
      case 'abandoned':
        return step.endDialog();
    }
  }

  /**
   * The lookup's answer: status cards, "not found" (the same words for a refused number), a refused
   * store, or an apology. Used in the turn, and by a later delivery when the turn could not wait (which
   * may also be abandoned: the service stopped before the lookup settled).
   */
  private async answer(
    context: TurnContext,
    request: LookupRequest,
    language: TurnLanguage,
    settled: Settled<Shipment[]>,
    trace: LookupTrace,
  ): Promise<'found' | FailureReply['kind']> {
    const { t } = language;
    if (settled.ok && settled.value.length) {
      const shipments = settled.value;
      noteLookup(context, { kind: request.kind, outcome: 'found', shipments: shipments.length, ...trace });
      await this.guard.found(context);
      const intro = t('lookup.found', { count: shipments.length, identifier: request.identifier });
      for (const reply of renderShipments(shipments, { t, locale: language.locale, timeZone: language.timeZone, channel: context.activity.channelId }, intro)) {
        await context.sendActivity({ type: ActivityTypes.Message, ...reply });
      }
      return 'found';
    }
    const reply = settled.ok ? NOT_FOUND : failureReply(settled.error);
    if (!settled.ok && reply.kind !== 'abandoned') this.logger.warn({ lookup: request.kind, error: errorLogFields(settled.error) }, 'lookup failed');
    const refused = !settled.ok && settled.error instanceof InvalidArgumentError;
    const outcome = reply.kind === 'apology' ? 'failed' : reply.kind === 'abandoned' ? 'abandoned' : refused ? 'refused' : 'not_found';
    noteLookup(context, { kind: request.kind, outcome, ...(settled.ok && { shipments: 0 }), ...trace });
    if (reply.kind === 'not_found') await this.guard.missed(context);
    await context.sendActivity(t(reply.key, { identifier: request.identifier, storeId: request.storeId }));
    return reply.kind;
  }

  /**
   * The lookup needs longer than the channel gives a turn. With normal delivery the answer follows as
   * a message of its own; under expectReplies nothing can follow the turn, so the customer is asked to
   * ask again shortly, and the lookup goes on to fill the cache for that next ask.
   */
  private async answerLater(
    step: WaterfallStepContext,
    request: LookupRequest,
    language: TurnLanguage,
    outcome: Promise<Settled<Shipment[]>>,
    trace: LookupTrace,
  ): Promise<DialogTurnResult> {
    noteLookup(step.context, { kind: request.kind, outcome: 'deferred', ...trace });
    if (step.context.activity.deliveryMode === DeliveryModes.ExpectReplies) {
      await step.context.sendActivity(language.t('lookup.try_shortly'));
    } else {
      await step.context.sendActivity(language.t('lookup.still_checking'));
      this.replies.later.deliver(step.context, outcome, async (context, settled) => {
        await this.answer(context, request, language, settled, trace);
      });
    }
    return step.endDialog();
  }

  // 5. Another one, or goodbye. A number typed here is looked up at once.
  private async finalStep(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const answer = this.answerToChoice(step);
    if (answer.type === 'identifier' || answer.type === 'restart') return this.restart(step, { text: step.context.activity.text });
    if (answer.type === 'choice' && answer.choice.value === 'another') return this.restart(step, {});
    const { t } = this.language(step.context);
    await step.context.sendActivity(t(answer.type === 'choice' ? 'goodbye' : 'errors.too_many_attempts'));
    return step.endDialog();
  }

  /**
   * What the customer answered to a choice prompt. A carrier number or order ID typed instead wins over
   * the choice; a mere guess ("2", "ORD-1") never does, because "2" picks the second option.
   */
  private answerToChoice(step: WaterfallStepContext): ChoiceAnswer {
    const text = step.context.activity.text ?? '';
    const strong = recognizeIdentifiers(text, this.finder.kinds());
    if (strong.type === 'match') return { type: 'identifier', request: strong.request };
    const choice = step.result as FoundChoice | undefined;
    if (choice) return { type: 'choice', choice };
    const guess = recognizeMessage(text, this.finder.kinds());
    if (guess.type === 'match') return { type: 'identifier', request: guess.request };
    return guess.type === 'none' ? { type: 'none' } : { type: 'restart' };
  }

  /**
   * Starts the waterfall over, inside this dialog. (Replacing with this dialog's own id would nest a
   * second lookup dialog in the first, which "help" could then not re-prompt.)
   */
  private restart(step: WaterfallStepContext, options: LookupDialogOptions): Promise<DialogTurnResult> {
    return step.replaceDialog(WATERFALL, options);
  }

  private offerAnother(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const { t } = this.language(step.context);
    const choices = ['another', 'done'].map((value) => translatedChoice(value, t));
    return step.prompt(ANOTHER_PROMPT, { prompt: t('prompt.another'), retryPrompt: t('invalid.choice'), choices });
  }

  private async giveUp(step: WaterfallStepContext): Promise<DialogTurnResult> {
    await step.context.sendActivity(this.language(step.context).t('errors.too_many_attempts'));
    return step.endDialog();
  }

  /** One button per candidate; a number listed under two kinds says which kind each button means. */
  private candidateChoices(candidates: LookupRequest[], t: TurnLanguage['t']): Choice[] {
    const twice = new Set(candidates.filter((c, i) => candidates.findIndex((o) => o.identifier === c.identifier) !== i).map((c) => c.identifier));
    return candidates.map((c, index) => {
      const title = twice.has(c.identifier) ? `${c.identifier} (${t(`name.${c.kind}`)})` : c.identifier;
      return { value: `${index}`, action: { type: 'imBack', title, value: title }, synonyms: [c.identifier] };
    });
  }

  /** Fills the draft from a recognition of free text. */
  private apply(draft: Draft, recognition: Recognition): void {
    if (recognition.type === 'match') Object.assign(draft, recognition.request);
    else if (recognition.type === 'ambiguous') Object.assign(draft, { identifier: recognition.identifier, ambiguousKinds: recognition.kinds });
    else if (recognition.type === 'several') draft.candidates = recognition.requests;
  }

  /** After the identifier prompt: valid for the kind asked, or an identifier of another kind typed instead. */
  private resolveIdentifier(draft: Draft, input: string, context: TurnContext): boolean {
    const valid = validateIdentifier(draft.kind!, input);
    if (valid.ok) {
      draft.identifier = valid.value;
      return true;
    }
    const typed = recognizeIdentifiers(context.activity.text ?? input, this.finder.kinds());
    if (typed.type !== 'match') return false;
    Object.assign(draft, { storeId: undefined }, typed.request);
    return true;
  }

  private async choiceOrIdentifier(prompt: PromptValidatorContext<FoundChoice>): Promise<boolean> {
    if (prompt.recognized.succeeded) return true;
    if (recognizeMessage(prompt.context.activity.text ?? '', this.finder.kinds()).type !== 'none') return true;
    return prompt.attemptCount >= MAX_ATTEMPTS;
  }

  private async validIdentifier(prompt: PromptValidatorContext<string>): Promise<boolean> {
    const kind = (prompt.options.validations as { kind: LookupKind }).kind;
    const input = prompt.recognized.value ?? '';
    const valid = validateIdentifier(kind, input);
    if (valid.ok) return true;
    if (recognizeIdentifiers(input, this.finder.kinds()).type === 'match') return true;
    if (prompt.attemptCount >= MAX_ATTEMPTS) return true;
    const { t } = this.language(prompt.context);
    await prompt.context.sendActivity(t(`invalid.${valid.reason}`, { length: valid.length, kind: t(`name.${kind}`) }));
    await this.askAgain(prompt);
    return false;
  }

  private async validStore(prompt: PromptValidatorContext<string>): Promise<boolean> {
    const valid = validateIdentifier('store', prompt.recognized.value ?? '');
    if (valid.ok || prompt.attemptCount >= MAX_ATTEMPTS) return true;
    const { t } = this.language(prompt.context);
    await prompt.context.sendActivity(t(`invalid.${valid.reason}`, { kind: t('name.store') }));
    await this.askAgain(prompt);
    return false;
  }

  /** A prompt re-asks only when the turn has said nothing yet; after an explanation, ask the same question again. */
  private async askAgain(prompt: PromptValidatorContext<string>): Promise<void> {
    const question = prompt.options.prompt;
    if (question) await prompt.context.sendActivity(question);
  }
}

function draftOf(step: WaterfallStepContext): Draft {
  return (step.values as { draft: Draft }).draft;
}

/** A choice labelled `choice.<value>` that also answers to the words in `choice.<value>_synonyms`. */
function translatedChoice(value: string, t: TurnLanguage['t']): Choice {
  const title = t(`choice.${value}`);
  return { value, action: { type: 'imBack', title, value: title }, synonyms: t(`choice.${value}_synonyms`).split('|') };
}
