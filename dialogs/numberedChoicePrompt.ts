/**
 * A choice prompt that takes an option by its title, a synonym, or its number ("2", "２"), without
 * botbuilder's number and ordinal recognizers. Those build each language's models on first use: the
 * first French answer that matched no option froze the whole process (every conversation, /healthz)
 * for 10 to 12 s, and they also ran over every tracking number typed at a choice. Spelled-out ordinals
 * ("the second one") are the price.
 */
import type { TurnContext } from 'botbuilder';
import { ChoiceFactory, ChoicePrompt, type FoundChoice, type PromptOptions, type PromptRecognizerResult, type PromptValidator } from 'botbuilder-dialogs';

const OPTION_NUMBER = /^\s*(\d{1,2})\s*[.)]?\s*$/;

export class NumberedChoicePrompt extends ChoicePrompt {
  constructor(dialogId: string, validator?: PromptValidator<FoundChoice>) {
    super(dialogId, validator);
    this.recognizerOptions = { recognizeNumbers: false, recognizeOrdinals: false };
  }

  protected override async onRecognize(context: TurnContext, state: unknown, options: PromptOptions): Promise<PromptRecognizerResult<FoundChoice>> {
    const found = await super.onRecognize(context, state as object, options);
    if (found.succeeded) return found;
    const text = (context.activity.text ?? '').normalize('NFKC');
    const number = OPTION_NUMBER.exec(text);
    const choices = ChoiceFactory.toChoices(options.choices ?? []);
    const index = number ? Number(number[1]) - 1 : -1;
    if (index < 0 || index >= choices.length) return found;
    return { succeeded: true, value: { value: choices[index].value, index, score: 1, synonym: text.trim() } };
  }
}
