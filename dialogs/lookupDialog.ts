/**
 * The lookup waterfall, as a loop of two steps: ask for what is still missing (which of several
 * numbers, what kind, the number, the store) or, once nothing is, look it up; then take the answer and
 * go round again. Whatever is known already (a recognized message, a card submit, a re-ask after "not
 * found") is never asked for. Any question takes any identifier typed instead, as what it is.
 */
import type { TurnContext } from '../src/bot/botbuilder';
import {
  ComponentDialog,
  WaterfallDialog,
  type DialogTurnResult,
  type WaterfallStepContext,
} from './botbuilderDialogs';
import type { TurnDialogs } from './turnDialogs';
import {
  pickChoice,
  storeNamedIn,
  validateIdentifier,
  type Candidate,
  type Recognition,
  type Store,
} from '../src/recognize';
import type { LookupKind } from '../src/tracking/lookup';
import { AskDialog, GAVE_UP, type Heard, type Question } from './askDialog';
import type { ConversationMemory } from './conversationMemory';
import { noticeText, type Answered, type LookupAnswerer, type Notice } from './lookupAnswer';
import { answerToQuestion } from './questions';
import { sendText } from '../src/bot/send';
import { supportPageFor, type SupportPages } from '../src/nextSteps/supportPages';
import { languageOf, type TurnLanguage } from '../src/bot/turnLanguage';
import { ALL } from '../src/recognize/choiceValues';
import type { Reading, Understanding } from '../src/recognize/understanding';
import { readingOf } from '../src/bot/turnReading';

export const LOOKUP_DIALOG = 'lookup';
const LOOP = 'lookup.loop';
const ASK = 'lookup.ask';

/** More stores than this are typed by name, not offered as buttons. */
const MAX_STORE_BUTTONS = 8;

/** What is known so far. Kept as the loop's options between turns: small, and no order data. */
export interface LookupDraft {
  kind?: LookupKind;
  /** Kinds to try when `kind` finds nothing: the number proves itself several kinds of Interface B. */
  alsoAs?: LookupKind[];
  /** Normalized for the lookup. */
  identifier?: string;
  /** As the customer typed it: what the bot quotes. */
  shown?: string;
  /** Read into the shop's order-number format ("ord 1002" → "ORD-1002"): not found, it is our reading that missed, so no miss counts. */
  fixedUp?: boolean;
  storeId?: string;
  storeName?: string;
  /** Several numbers were found: which one? */
  candidates?: Candidate[];
  /** All of them ("both"), answered together. */
  all?: NumberToTry[];
  /** The number fits several kinds (or was not found as the one asked): which kind? */
  kinds?: LookupKind[];
  /** Said instead of the usual question ("I couldn't find anything for …"). */
  notice?: Notice;
  /** The number just not found as `kind`, as typed: the other kinds are offered for it, and a number of another shape is a new number. */
  missed?: string;
  /** Say hello before the question. */
  greet?: boolean;
}

type Asking = 'several' | 'which_kind' | 'kind' | 'identifier' | 'store';

type Answer =
  | { type: 'picked'; index: number }
  /** Another kind of number, named at the question for a number ("Order ID" at "Please type the tracking number"). */
  | { type: 'kind'; kind: LookupKind }
  | { type: 'identifier'; identifier: string; shown: string; fixedUp?: boolean }
  | { type: 'store'; storeId: string }
  /** An identifier of its own, typed instead of an answer: the draft starts again from it. */
  | { type: 'recognized'; recognition: Exclude<Recognition, { type: 'none' }> }
  | typeof GAVE_UP;

export interface LookupDialogSettings {
  /** The store of a single-store deployment: store orders then never ask for it. */
  defaultStoreId?: string;
  /** The stores customers pick from by name (TRACKINGS_STORES). */
  stores?: Store[];
  /** The shop's help pages, per language. */
  supportPages: SupportPages;
}

export class LookupDialog extends ComponentDialog {
  constructor(
    private readonly answerer: LookupAnswerer,
    private readonly understanding: Understanding,
    private readonly memory: ConversationMemory,
    private readonly settings: LookupDialogSettings,
  ) {
    super(LOOKUP_DIALOG);
    this.addDialog(
      new AskDialog<LookupDraft, Answer>(ASK, {
        question: (context, draft, first) => this.question(context, draft, first),
        listen: (context, draft, question) => this.listen(context, draft, question),
      }),
    );
    this.addDialog(new WaterfallDialog(LOOP, [(step) => this.askOrLookUp(step), (step) => this.take(step)]));
    this.initialDialogId = LOOP;
  }

  /**
   * A lookup that needs nothing collected, answered at once (a recognized message, a card submit).
   * When the answer needs a new answer from the customer, the dialog starts and asks it.
   */
  async lookUp(dialogs: TurnDialogs, draft: LookupDraft): Promise<void> {
    const complete = this.completed(draft);
    const next = this.missing(complete) ? complete : await this.lookUpNow(dialogs.context, complete);
    if (next) await dialogs.begin(LOOKUP_DIALOG, next);
  }

  /** What a draft still needs before it can be looked up; undefined when nothing. */
  private missing(draft: LookupDraft): Asking | undefined {
    if (draft.all) return undefined;
    if (draft.candidates) return 'several';
    if (draft.kinds) return 'which_kind';
    if (!draft.kind) return 'kind';
    if (!draft.identifier) return 'identifier';
    if (draft.kind === 'external_order' && !draft.storeId) return 'store';
    return undefined;
  }

  /** Fills in what the deployment knows by itself: its only kind, its only store. */
  private completed(draft: LookupDraft): LookupDraft {
    const kinds = this.understanding.kinds;
    const kind = draft.kind ?? (!draft.candidates && !draft.kinds && kinds.length === 1 ? kinds[0] : undefined);
    const storeId = draft.storeId ?? (kind === 'external_order' ? this.settings.defaultStoreId : undefined);
    return { ...draft, kind, storeId };
  }

  private async askOrLookUp(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const draft = this.completed(step.options ?? {});
    if (this.missing(draft)) {
      // Every question ends in a lookup: while lookups are paused, when they go on is said instead, with what still works.
      if (
        await this.answerer.saidPaused(
          step.context,
          draft.greet ? languageOf(step.context).t('social.hello') : undefined,
        )
      )
        return step.endDialog();
      return step.beginDialog(ASK, draft);
    }
    const next = await this.lookUpNow(step.context, draft);
    return next ? step.replaceDialog(LOOP, next) : step.endDialog();
  }

  private async take(step: WaterfallStepContext): Promise<DialogTurnResult> {
    const answer = step.result as Answer;
    if (answer.type === 'gave_up') {
      await sendText(step.context, languageOf(step.context).t('errors.too_many_attempts'));
      return step.endDialog();
    }
    return step.replaceDialog(LOOP, this.withAnswer(this.completed(step.options), answer));
  }

  /** The lookup and its answer; the draft to ask from next when the answer needs the customer again. */
  private async lookUpNow(context: TurnContext, draft: LookupDraft): Promise<LookupDraft | undefined> {
    if (draft.all) {
      await this.answerer.answer(
        context,
        draft.all.map(({ request, typed, alsoAs }) => ({ request, alsoAs, shown: typed })),
      );
      return undefined;
    }
    const request = { kind: draft.kind!, identifier: draft.identifier!, storeId: draft.storeId };
    const answered = await this.answerer.answer(context, [
      {
        request,
        alsoAs: draft.alsoAs,
        shown: draft.shown ?? request.identifier,
        storeName: draft.storeName,
        fixedUp: draft.fixedUp,
      },
    ]);
    return this.afterAnswer(draft, answered);
  }

  private afterAnswer(draft: LookupDraft, answered: Answered): LookupDraft | undefined {
    const shown = draft.shown ?? draft.identifier!;
    switch (answered.outcome) {
      case 'not_found': {
        // A store order keeps its store: the number copied from an e-mail is the likelier mistake ("start over" picks another store).
        if (!answered.otherKinds.length)
          return {
            kind: draft.kind,
            storeId: draft.storeId,
            storeName: draft.storeName,
            notice: answered.notice,
            missed: shown,
          };
        // Clearly another kind: offer that first, then the other kinds the number could be.
        return { identifier: draft.identifier, shown, kinds: answered.otherKinds, notice: answered.notice };
      }
      case 'store_refused':
        return { kind: draft.kind, identifier: draft.identifier, shown, notice: answered.notice };
      default:
        return undefined;
    }
  }

  private withAnswer(draft: LookupDraft, answer: Exclude<Answer, typeof GAVE_UP>): LookupDraft {
    switch (answer.type) {
      case 'recognized':
        return draftFrom(answer.recognition);
      case 'identifier':
        return {
          kind: draft.kind,
          storeId: draft.storeId,
          storeName: draft.storeName,
          identifier: answer.identifier,
          shown: answer.shown,
          fixedUp: answer.fixedUp,
        };
      case 'kind':
        return this.asKind(draft, answer.kind);
      case 'store':
        return { ...draft, notice: undefined, storeId: answer.storeId, storeName: undefined };
      case 'picked':
        return this.picked(draft, answer.index);
    }
  }

  private picked(draft: LookupDraft, index: number): LookupDraft {
    switch (this.missing(draft)) {
      case 'several': {
        const numbers = numbersOf(draft.candidates!);
        // The last choice, after the numbers, is "All of them".
        if (index === numbers.length) return { all: numbers };
        const { request, typed, alsoAs } = numbers[index];
        return { kind: request.kind, alsoAs, identifier: request.identifier, shown: typed };
      }
      case 'which_kind': {
        const kind = draft.kinds![index];
        return {
          kind,
          identifier:
            this.understanding.requestAs(kind, draft.shown ?? draft.identifier!)?.identifier ?? draft.identifier,
          shown: draft.shown,
        };
      }
      case 'kind':
        return { kind: this.understanding.kinds[index] };
      case 'identifier':
        return this.asKind(draft, this.otherKinds(draft)[index]);
      case 'store': {
        const store = this.settings.stores![index];
        return { ...draft, notice: undefined, storeId: store.id, storeName: store.name };
      }
      default:
        return draft;
    }
  }

  /** After a miss, the kinds the number was not looked up as: offered with the not-found answer. */
  private otherKinds(draft: LookupDraft): LookupKind[] {
    return draft.missed ? this.understanding.kinds.filter((kind) => kind !== draft.kind) : [];
  }

  /** Another kind named or picked at the question for a number: the number just missed, tried as that kind where it fits one. */
  private asKind(draft: LookupDraft, kind: LookupKind): LookupDraft {
    const request = draft.missed === undefined ? undefined : this.understanding.requestAs(kind, draft.missed);
    return request ? { kind, identifier: request.identifier, shown: draft.missed } : { kind };
  }

  /** The question; the first time, said after a greeting or instead of it as a notice ("I couldn't find anything for …"). */
  private question(context: TurnContext, draft: LookupDraft, first: boolean): Question {
    const { t } = languageOf(context);
    const question = this.questionFor(this.missing(draft)!, draft, t);
    if (!first) return question;
    const text = draft.notice ? noticeText(draft.notice, t) : question.text;
    return { ...question, text: draft.greet ? `${t('social.hello')} ${text}` : text };
  }

  private questionFor(asking: Asking, draft: LookupDraft, t: TurnLanguage['t']): Question {
    switch (asking) {
      case 'several':
        return {
          text: t('prompt.several'),
          choices: [...candidateChoices(draft.candidates!), this.understanding.choice(ALL, t)],
        };
      case 'which_kind':
        return {
          text: t('prompt.ambiguous', { identifier: draft.shown ?? draft.identifier }),
          choices: draft.kinds!.map((kind) => this.understanding.choice(kind, t)),
        };
      case 'kind':
        return {
          text: t('prompt.kind'),
          choices: this.understanding.kinds.map((kind) => this.understanding.choice(kind, t)),
        };
      case 'identifier':
        return {
          text: t(`prompt.identifier.${draft.kind}`),
          choices: this.otherKinds(draft).map((kind) => this.understanding.choice(kind, t)),
        };
      case 'store': {
        const stores = this.settings.stores ?? [];
        if (!stores.length) return { text: t('prompt.store_typed'), choices: [] };
        const choices =
          stores.length <= MAX_STORE_BUTTONS
            ? stores.map((store) => ({ value: store.id, title: store.name, synonyms: [store.id] }))
            : [];
        return { text: t(choices.length ? 'prompt.store' : 'prompt.store_by_name'), choices };
      }
    }
  }

  /**
   * What an answer to the question means. In this order: a choice (by number, title or synonym); an
   * identifier that proves what it is; a question back, when no digit says it is a number; the answer
   * itself, validated for what was asked; a question back after all; else the reason it does not fit.
   */
  private async listen(context: TurnContext, draft: LookupDraft, question: Question): Promise<Heard<Answer>> {
    const text = context.activity.text ?? '';
    const asking = this.missing(draft)!;
    const { t } = languageOf(context);

    const index = pickedIndex(text, question, asking, this.settings.stores);
    if (index !== undefined) return { ok: true, answer: { type: 'picked', index } };
    if (asking === 'identifier') {
      const kinds = this.understanding.kinds;
      const named = pickChoice(
        text,
        kinds.map((kind) => this.understanding.choice(kind, t)),
        { numbers: false },
      );
      if (named !== undefined) return { ok: true, answer: { type: 'kind', kind: kinds[named] } };
    }

    const reading = readingOf(context);
    const proven = reading.identifiers;
    if (proven.type !== 'none') {
      const answer =
        asking === 'identifier'
          ? this.atIdentifierQuestion(draft.kind!, proven)
          : { type: 'recognized' as const, recognition: proven };
      return { ok: true, answer };
    }

    // A question back, asked before the answer is validated when no digit says it is a number ("refund" is a valid order number).
    const back = await this.questionBack(context, reading.topic, t);
    if (back && !/\d/.test(text)) return back;
    // With a digit in it, it was meant as an answer: why it does not fit comes first, unless the question has an answer of its own.
    const answered = back?.ok === false && back.reply ? back : undefined;

    switch (asking) {
      case 'identifier': {
        const valid = validateIdentifier(draft.kind!, text);
        if (valid.ok) return { ok: true, answer: { type: 'identifier', identifier: valid.value, shown: text.trim() } };
        // Right after a miss, a number of another shape is a new number, not a wrong answer.
        const guess = draft.missed === undefined ? proven : reading.number;
        if (guess.type !== 'none') return { ok: true, answer: { type: 'recognized', recognition: guess } };
        return (
          answered ?? {
            ok: false,
            counts: true,
            reply: t(`invalid.${valid.reason}`, { length: valid.length, kind: t(`name.${draft.kind}`) }),
          }
        );
      }
      case 'store': {
        if (this.settings.stores?.length)
          return answered ?? { ok: false, counts: true, reply: t('invalid.unknown_store', { store: text.trim() }) };
        const valid = validateIdentifier('store', text);
        if (valid.ok) return { ok: true, answer: { type: 'store', storeId: valid.value } };
        return answered ?? { ok: false, counts: true, reply: t('invalid.store_format') };
      }
      default: {
        // A lone number of a kind we cannot tell, typed at a choice: ask what kind it is.
        const guess = reading.number;
        if (guess.type !== 'none') return { ok: true, answer: { type: 'recognized', recognition: guess } };
        return answered ?? { ok: false, counts: true, reply: t('invalid.choice') };
      }
    }
  }

  /**
   * At "Please type your order number", a number that proves another kind is looked up as that kind,
   * except an order-ID-shaped one, which may be an order number too: then the customer says which.
   */
  private atIdentifierQuestion(kind: LookupKind, proven: Exclude<Recognition, { type: 'none' }>): Answer {
    // A store order with its store named comes whole, store and all.
    if (proven.type === 'match' && proven.request.kind === kind && !proven.request.storeId)
      return {
        type: 'identifier',
        identifier: proven.request.identifier,
        shown: proven.typed,
        ...(proven.fixedUp && { fixedUp: true }),
      };
    if (proven.type === 'ambiguous' && proven.kinds.includes(kind)) {
      const request = this.understanding.requestAs(kind, proven.typed);
      if (request) return { type: 'identifier', identifier: request.identifier, shown: proven.typed };
    }
    if (
      proven.type === 'match' &&
      proven.request.kind === 'order_id' &&
      (kind === 'order_number' || kind === 'external_order') &&
      this.understanding.requestAs(kind, proven.typed)
    ) {
      return {
        type: 'recognized',
        recognition: { type: 'ambiguous', identifier: proven.typed, typed: proven.typed, kinds: [kind, 'order_id'] },
      };
    }
    return { type: 'recognized', recognition: proven };
  }

  /** A question the customer asks instead of answering: answered honestly, then the question again (no attempt lost). */
  private async questionBack(
    context: TurnContext,
    topic: Reading['topic'],
    t: TurnLanguage['t'],
  ): Promise<Heard<Answer> | undefined> {
    if (!topic) return undefined;
    const last = topic === 'eta' ? await this.memory.last(context) : undefined;
    return {
      ok: false,
      counts: false,
      reply: answerToQuestion(topic, t, {
        supportUrl: supportPageFor(this.settings.supportPages, languageOf(context).language),
        lastShown: last?.shown,
        atPrompt: true,
      }),
    };
  }
}

/** Kinds of Interface B that one number can prove itself to be at once (a FedEx check digit, the order-ID shape): tried in turn, never asked. */
const TRIED_IN_TURN: readonly LookupKind[] = ['tracking_number', 'order_id'];

/** A draft from identifiers found in what the customer typed. */
export function draftFrom(recognition: Exclude<Recognition, { type: 'none' }>): LookupDraft {
  switch (recognition.type) {
    case 'match': {
      const { kind, identifier, storeId } = recognition.request;
      return {
        kind,
        identifier,
        shown: recognition.typed,
        ...(storeId && { storeId, storeName: recognition.storeName }),
        ...(recognition.fixedUp && { fixedUp: true }),
      };
    }
    case 'ambiguous': {
      const { identifier, typed: shown, kinds } = recognition;
      if (!recognition.guessed && kinds.every((kind) => TRIED_IN_TURN.includes(kind)))
        return { kind: kinds[0], alsoAs: kinds.slice(1), identifier, shown };
      return { identifier, shown, kinds };
    }
    case 'several':
      return { candidates: recognition.candidates };
    case 'unclear_order_number': {
      // Nothing is looked up: the question for the order number, led by what one looks like.
      const { typed: identifier, example } = recognition;
      return {
        kind: 'order_number',
        notice: example
          ? { key: 'invalid.order_number_readings', params: { identifier, example } }
          : { key: 'invalid.order_number_readings_no_example', params: { identifier } },
      };
    }
  }
}

interface NumberToTry extends Candidate {
  alsoAs?: LookupKind[];
}

/** The numbers among several candidates: one listed under several kinds is one number, tried as each kind in turn. */
function numbersOf(candidates: Candidate[]): NumberToTry[] {
  const numbers: NumberToTry[] = [];
  for (const candidate of candidates) {
    const same = numbers.find((number) => number.request.identifier === candidate.request.identifier);
    if (same && TRIED_IN_TURN.includes(candidate.request.kind))
      same.alsoAs = [...(same.alsoAs ?? []), candidate.request.kind];
    else numbers.push({ ...candidate });
  }
  return numbers;
}

/** One choice per number, titled as typed; the number itself picks it too. */
function candidateChoices(candidates: Candidate[]): Question['choices'] {
  return numbersOf(candidates).map(({ request, typed }, index) => ({
    value: `${index}`,
    title: typed,
    synonyms: [request.identifier],
  }));
}

/** The picked choice's index in what `picked` reads: the settings' stores, or the question's choices. */
function pickedIndex(text: string, question: Question, asking: Asking, stores?: Store[]): number | undefined {
  if (asking !== 'store' || !stores?.length) return pickChoice(text, question.choices);
  // Every store answers to its name and id, also the ones not shown as buttons; a number only when buttons numbered them.
  const picked = pickChoice(
    text,
    stores.map((store) => ({ title: store.name, synonyms: [store.id] })),
    { numbers: question.choices.length > 0 },
  );
  if (picked !== undefined) return picked;
  // Or named in a sentence ("it's from Example Store UK"), as beside a number.
  const named = storeNamedIn(text, stores);
  return named && stores.indexOf(named);
}
