/**
 * What Meta's Cloud API takes of an interactive message (its "Messages" reference: reply buttons, lists and
 * call-to-action URL buttons). Choices are fitted to these before they are drawn (choices.ts), and drawn
 * within them (outgoingMessages.ts): Meta refuses the whole message when one title is a character too long.
 */
export const WHATSAPP_LIMITS = {
  /** A text message's body. */
  text: 4096,
  /** An interactive message's body (buttons, list, link button). */
  body: 1024,
  /** Reply buttons: at most 3 a message, titles at most 20 characters, each unique. */
  buttons: 3,
  buttonTitle: 20,
  /** A list: at most 10 rows in all, titles at most 24 characters, the button that opens it at most 20. */
  rows: 10,
  rowTitle: 24,
  listButton: 20,
  /** A link button (cta_url): one a message, its label at most 20 characters. */
  linkTitle: 20,
} as const;

/** Characters as WhatsApp counts them (code points, so an emoji is one). */
export function charactersIn(text: string): number {
  return [...text].length;
}
