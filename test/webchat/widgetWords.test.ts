/**
 * The widget's own words (launcher, panel title, close, "not available", "new message") live in
 * locales/ with the bot's, so translators see them and the six languages stay in step; each speaks to
 * the customer as the bot does in that language (Spanish tú, Dutch je).
 */
import { LANGUAGES, Translator } from '../../src/i18n';
import { widgetWords } from '../../src/webchat/strings';

const words = widgetWords(new Translator('en'));

test.each(LANGUAGES)('%s: every word of the widget comes from locales/, none is a key', (language) => {
  const { t } = new Translator('en').localize(language);
  const own = words[language];
  for (const [name, text] of Object.entries(own) as Array<[string, string]>) {
    expect({ name, text }).toEqual({ name, text: t(`widget.${name}`) });
    expect(text).not.toMatch(/^widget\./);
  }
});

test("in the bot's voice: Spanish tú, Dutch je, German Sie", () => {
  expect(words.es.unavailable).not.toMatch(/Inténtelo|usted/);
  expect(words.nl.unavailable).not.toMatch(/\b(u|uw)\b/);
  expect(words.de.unavailable).toMatch(/Sie/);
});
