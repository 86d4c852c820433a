/**
 * WHATSAPP_UPDATE_TEMPLATE: the approved utility template a Notify me update goes as outside WhatsApp's 24-hour
 * window, and the languages Meta approved it in (`order_update:en,de,fr`, the first the fallback). Its body takes
 * two text parameters, the order as the customer typed it and its new status (docs/whatsapp.md, "The template to
 * register"). An update is sent in the customer's language, else the nearest approved one, else the first listed.
 */
import { parseLanguageTag } from '../../languageTag';

export interface UpdateTemplate {
  /** As registered in the WhatsApp Manager: lowercase letters, digits and underscores. */
  name: string;
  /** Meta's language codes (`en`, `en_US`, `pt_BR`), in the order given. */
  languages: string[];
}

/** The template's body, as Meta's Messages API takes it: `{type: 'template', template: {name, language, components}}`. */
export interface TemplateMessage {
  type: 'template';
  template: {
    name: string;
    language: { code: string };
    components: Array<{ type: 'body'; parameters: Array<{ type: 'text'; text: string }> }>;
  };
}

const LANGUAGE = '[a-z]{2,3}(?:_[A-Z]{2,4})?';
export const UPDATE_TEMPLATE_FORMAT = new RegExp(`^[a-z0-9_]{1,512}:${LANGUAGE}(?:,${LANGUAGE})*$`);

/** A value UPDATE_TEMPLATE_FORMAT accepted, read. */
export function readUpdateTemplate(value: string): UpdateTemplate {
  const [name, languages] = value.split(':');
  return { name, languages: [...new Set(languages.split(','))] };
}

/** The approved language nearest the customer's locale: the same tag (de-CH → de_CH), the same language (de-CH → de, en → en_US), else the first listed. */
export function templateLanguage(template: UpdateTemplate, locale: string): string {
  const tag = parseLanguageTag(locale);
  if (!tag) return template.languages[0];
  const wanted = tag.locale.replace('-', '_').toLowerCase();
  return (
    template.languages.find((code) => code.toLowerCase() === wanted) ??
    template.languages.find((code) => code === tag.language) ??
    template.languages.find((code) => code.split('_')[0] === tag.language) ??
    template.languages[0]
  );
}

/** Meta's rule for a text parameter: no new line or tab, at most 4 spaces in a row; and short (a status, an order). */
function parameter(text: string): { type: 'text'; text: string } {
  const flat = text.replace(/\s+/g, ' ').trim();
  return { type: 'text', text: [...flat].slice(0, 200).join('') };
}

/** The update as the template: the order as the customer typed it, and its new status, in the template's language. */
export function templateMessage(
  template: UpdateTemplate,
  locale: string,
  order: string,
  status: string,
): TemplateMessage {
  return {
    type: 'template',
    template: {
      name: template.name,
      language: { code: templateLanguage(template, locale) },
      components: [{ type: 'body', parameters: [parameter(order), parameter(status)] }],
    },
  };
}
