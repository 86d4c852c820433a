/**
 * A stand-in for Meta's Graph API as the WhatsApp channel uses it, written from Meta's WhatsApp Cloud API
 * documentation: `POST /{version}/{phone-number-id}/messages` with a Bearer access token. It checks what
 * Meta checks of our sends (the product, a recipient, WhatsApp's length and count limits), records every
 * request, and answers as the Cloud API does, errors in the Graph API's error shape.
 */
import { startSimulator, type RecordedRequest, type SimAnswer, type Simulator } from './simulator';

export interface GraphApiSimulatorOptions {
  port?: number;
  host?: string;
  /** The phone number id messages are sent from. Default '106540352242922'. */
  phoneNumberId?: string;
  /** Expected as `Authorization: Bearer <accessToken>`. Default 'sim-whatsapp-token'. */
  accessToken?: string;
  latencyMs?: number;
  /** The approved templates, by name: the languages each was approved in and how many body parameters it takes. Default APPROVED_TEMPLATES. */
  templates?: Readonly<Record<string, ApprovedTemplate>>;
  /** Its clock, for the 24-hour window. Default the machine's. */
  now?: () => number;
}

export const SIM_PHONE_NUMBER_ID = '106540352242922';
export const SIM_ACCESS_TOKEN = 'sim-whatsapp-token';

/** WhatsApp's limits on what a business sends (Meta's "Messages" reference). */
const LIMITS = {
  textBody: 4096,
  buttons: 3,
  buttonTitle: 20,
  listRows: 10,
  rowTitle: 24,
  rowDescription: 72,
  listButton: 20,
} as const;

/** A message the stand-in accepted, as sent (its id as answered). */
export interface SentWhatsApp {
  id: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
}

/** The Graph API's error body: `{error: {message, type, code, error_data, fbtrace_id}}`. */
function graphError(status: number, code: number, message: string, details?: string): SimAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(details && { error_data: { messaging_product: 'whatsapp', details } }),
        fbtrace_id: 'AbCdEfSimulated',
      },
    },
  };
}

export interface GraphApiSimulator extends Simulator {
  /** The messages it accepted, in order (reads and refused sends left out); reset() clears them. */
  readonly sent: SentWhatsApp[];
  /** The messages marked read, by their ids. */
  readonly read: string[];
  /**
   * Tells it that the customer `waId` wrote at `at` (ms): from then on a free-form message to them is refused with
   * 131047 once 24 hours have passed since their last one, as Meta does. A customer it was never told of is let through.
   */
  customerWrote(waId: string, at: number): void;
  /** The next message send (not a read) gets Meta's error `code` (130429, 131026, 131047…), once. */
  refuseNextSend(code: number): void;
}

export async function startGraphApiSimulator(options: GraphApiSimulatorOptions = {}): Promise<GraphApiSimulator> {
  const phoneNumberId = options.phoneNumberId ?? SIM_PHONE_NUMBER_ID;
  const accessToken = options.accessToken ?? SIM_ACCESS_TOKEN;
  const sent: SentWhatsApp[] = [];
  const read: string[] = [];
  let count = 0;
  const rules = sendRules(options);

  const handle = (request: RecordedRequest): SimAnswer => {
    const path = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(request.path);
    if (!path) return graphError(400, 100, `Unsupported request - method type: ${request.method.toLowerCase()}`);
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (path[1] !== phoneNumberId)
      return graphError(400, 100, `Unsupported post request. Object with ID '${path[1]}' does not exist`);
    if (request.method !== 'POST') return graphError(400, 100, `Unsupported ${request.method.toLowerCase()} request`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return graphError(400, 100, 'Invalid parameter', 'the body is not JSON');
    }
    if (body.messaging_product !== 'whatsapp')
      return graphError(400, 100, 'Invalid parameter', 'messaging_product must be whatsapp');
    // Mark as read (with or without a typing indicator).
    if (body.status === 'read') {
      if (typeof body.message_id !== 'string')
        return graphError(400, 100, 'Invalid parameter', 'message_id is required');
      read.push(body.message_id);
      return { status: 200, body: { success: true } };
    }
    const to = body.to;
    if (typeof to !== 'string' || !/^\+?\d{6,15}$/.test(to))
      return graphError(400, 100, 'Invalid parameter', 'to must be a phone number or WhatsApp id');
    const refused = refusal(body);
    if (refused) return graphError(400, 131009, 'Parameter value is not valid', refused);
    const notNow = rules.refusal(body, to);
    if (notNow) return notNow;
    count += 1;
    const id = `wamid.sim${String(count).padStart(8, '0')}`;
    sent.push({ id, to, type: String(body.type), body });
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
        messages: [{ id }],
      },
    };
  };

  const simulator = await startSimulator({
    host: options.host,
    port: options.port,
    latencyMs: options.latencyMs,
    handle,
    faultBody: (status) => graphError(status, status === 429 ? 130429 : 1, `simulated fault: HTTP ${status}`).body,
  });
  const reset = simulator.reset.bind(simulator);
  return Object.assign(simulator, {
    sent,
    read,
    customerWrote: rules.customerWrote,
    refuseNextSend: rules.refuseNextSend,
    reset() {
      reset();
      rules.reset();
      sent.length = 0;
      read.length = 0;
    },
  });
}

/** Why Meta would refuse this message, if it would. */
function refusal(body: Record<string, unknown>): string | undefined {
  const object = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const long = (value: unknown, max: number) =>
    typeof value !== 'string' || value.length === 0 || [...value].length > max;
  switch (body.type) {
    case 'text':
      return long(object(body.text).body, LIMITS.textBody)
        ? `text.body must be 1 to ${LIMITS.textBody} characters`
        : undefined;
    case 'interactive': {
      const interactive = object(body.interactive);
      const action = object(interactive.action);
      if (long(object(interactive.body).text, 1024)) return 'interactive.body.text must be 1 to 1024 characters';
      if (interactive.type === 'button') {
        const buttons = Array.isArray(action.buttons) ? action.buttons : [];
        if (buttons.length < 1 || buttons.length > LIMITS.buttons) return `1 to ${LIMITS.buttons} buttons`;
        return buttons.some((button) => long(object(object(button).reply).title, LIMITS.buttonTitle))
          ? `button titles must be 1 to ${LIMITS.buttonTitle} characters`
          : undefined;
      }
      if (interactive.type === 'list') return listRefusal(action);
      if (interactive.type === 'cta_url') return linkButtonRefusal(interactive);
      return 'interactive.type must be button, list or cta_url';
    }
    case 'template':
      return typeof object(body.template).name === 'string' ? undefined : 'template.name is required';
    default:
      return 'type must be text, interactive or template';
  }
}

/** The messages the stand-in accepted for one customer's number, in order, each with its place in `sent` (the sandbox's phone page reads them). */
export function sentTo(
  graph: Pick<GraphApiSimulator, 'sent'>,
  number: string,
): Array<SentWhatsApp & { index: number }> {
  const digits = number.replace(/^\+/, '');
  return graph.sent.flatMap((message, index) =>
    message.to.replace(/^\+/, '') === digits ? [{ ...message, index }] : [],
  );
}

/** The customers' messages marked read, and those the bot showed a typing indicator on, by message id, as the requests asked. */
export function readMarks(graph: Pick<GraphApiSimulator, 'requests'>): { read: Set<string>; typing: Set<string> } {
  const marks = { read: new Set<string>(), typing: new Set<string>() };
  for (const request of graph.requests) {
    if (request.method !== 'POST' || !request.body.includes('"read"')) continue;
    let body: { status?: unknown; message_id?: unknown; typing_indicator?: unknown };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      continue;
    }
    if (body.status !== 'read' || typeof body.message_id !== 'string') continue;
    marks.read.add(body.message_id);
    if (body.typing_indicator) marks.typing.add(body.message_id);
  }
  return marks;
}

const asObject = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const tooLong = (value: unknown, max: number) =>
  typeof value !== 'string' || value.length === 0 || [...value].length > max;

/**
 * Meta's interactive list: a button of 1 to 20 characters; 1 to 10 sections (titled, up to 24 characters, when
 * more than one) holding 1 to 10 rows in all, each with a unique id of up to 200 characters, a title of 1 to 24
 * and an optional description of up to 72.
 */
function listRefusal(action: Record<string, unknown>): string | undefined {
  const sections = Array.isArray(action.sections) ? action.sections.map(asObject) : [];
  const rows = sections.flatMap((section) => (Array.isArray(section.rows) ? section.rows.map(asObject) : []));
  if (tooLong(action.button, LIMITS.listButton))
    return `the list's button must be 1 to ${LIMITS.listButton} characters`;
  if (sections.length < 1 || sections.length > 10) return '1 to 10 sections';
  if (sections.length > 1 && sections.some((section) => tooLong(section.title, LIMITS.rowTitle)))
    return `with several sections, each needs a title of 1 to ${LIMITS.rowTitle} characters`;
  if (rows.length < 1 || rows.length > LIMITS.listRows) return `1 to ${LIMITS.listRows} rows`;
  if (rows.some((row) => tooLong(row.id, 200)) || new Set(rows.map((row) => row.id)).size < rows.length)
    return 'each row needs a unique id of 1 to 200 characters';
  if (rows.some((row) => tooLong(row.title, LIMITS.rowTitle)))
    return `row titles must be 1 to ${LIMITS.rowTitle} characters`;
  return rows.some((row) => row.description !== undefined && tooLong(row.description, LIMITS.rowDescription))
    ? `row descriptions must be 1 to ${LIMITS.rowDescription} characters`
    : undefined;
}

/**
 * Meta's call-to-action URL button: a body (checked with every interactive message), one button whose label
 * is 1 to 20 characters and whose url is a web address; a text header and a footer of up to 60 characters each.
 */
function linkButtonRefusal(interactive: Record<string, unknown>): string | undefined {
  const action = asObject(interactive.action);
  const parameters = asObject(action.parameters);
  if (action.name !== 'cta_url') return 'action.name must be cta_url';
  if (tooLong(parameters.display_text, LIMITS.buttonTitle))
    return `display_text must be 1 to ${LIMITS.buttonTitle} characters`;
  if (!webAddress(parameters.url)) return 'url must be an http or https address';
  for (const part of ['header', 'footer'] as const) {
    if (interactive[part] !== undefined && tooLong(asObject(interactive[part]).text, 60))
      return `${part}.text must be 1 to 60 characters`;
  }
  return undefined;
}

function webAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A template as approved in the WhatsApp Manager: its languages (Meta's codes) and its body's parameter count. */
export interface ApprovedTemplate {
  languages: readonly string[];
  parameters: number;
}

/** The sandbox's own: the order update docs/whatsapp.md asks an operator to register, in the bot's six languages. */
export const APPROVED_TEMPLATES: Readonly<Record<string, ApprovedTemplate>> = {
  order_update: { languages: ['en', 'de', 'fr', 'es', 'it', 'nl'], parameters: 2 },
};

const WINDOW_MS = 24 * 3_600_000;

/** What Meta refuses for more than the message's shape: an unapproved template, a free-form message outside the window, a refusal a test asked for. */
function sendRules(options: GraphApiSimulatorOptions) {
  const templates = options.templates ?? APPROVED_TEMPLATES;
  const now = options.now ?? Date.now;
  const lastInbound = new Map<string, number>();
  const refusals: number[] = [];
  return {
    // Arrows: the simulator takes these two as its own methods.
    customerWrote: (waId: string, at: number): void => {
      lastInbound.set(waId, Math.max(at, lastInbound.get(waId) ?? 0));
    },
    refuseNextSend: (code: number): void => {
      refusals.push(code);
    },
    reset(): void {
      lastInbound.clear();
      refusals.length = 0;
    },
    refusal(body: Record<string, unknown>, to: string): SimAnswer | undefined {
      const asked = refusals.shift();
      if (asked !== undefined) return graphError(asked === 130429 ? 429 : 400, asked, `simulated refusal ${asked}`);
      if (body.type === 'template') return templateRefusal(body.template, templates);
      const last = lastInbound.get(to.replace(/^\+/, ''));
      if (last !== undefined && now() - last >= WINDOW_MS)
        return graphError(
          400,
          131047,
          'Re-engagement message',
          'More than 24 hours have passed since the recipient last replied to the sender number.',
        );
      return undefined;
    },
  };
}

/** Meta's checks of a template message: an approved name in an approved language, its body's parameters all given, as text Meta takes. */
function templateRefusal(value: unknown, templates: Readonly<Record<string, ApprovedTemplate>>): SimAnswer | undefined {
  const template = (value && typeof value === 'object' ? value : {}) as {
    name?: unknown;
    language?: { code?: unknown };
    components?: unknown;
  };
  const approved = typeof template.name === 'string' ? templates[template.name] : undefined;
  const language = template.language?.code;
  if (!approved || typeof language !== 'string' || !approved.languages.includes(language))
    return graphError(
      404,
      132001,
      'Template name does not exist in the translation',
      `template ${String(template.name)} does not exist in ${String(language)}`,
    );
  const components = Array.isArray(template.components)
    ? (template.components as Array<{ type?: unknown; parameters?: unknown }>)
    : [];
  const parameters = components
    .filter((component) => component.type === 'body')
    .flatMap((component) =>
      Array.isArray(component.parameters) ? (component.parameters as Array<{ type?: unknown; text?: unknown }>) : [],
    );
  if (parameters.length !== approved.parameters)
    return graphError(
      400,
      132000,
      'Number of parameters does not match the expected number of params',
      `body: ${approved.parameters} parameters expected, ${parameters.length} given`,
    );
  // Meta's rule for a text parameter: no new lines or tabs, no more than 4 spaces in a row.
  if (
    parameters.some(
      (parameter) =>
        parameter.type !== 'text' ||
        typeof parameter.text !== 'string' ||
        !parameter.text.trim() ||
        /[\n\t]| {5,}/.test(parameter.text),
    )
  ) {
    return graphError(
      400,
      132018,
      'There was an issue with the parameters in your template',
      'a text parameter is empty or has a new line, a tab or more than 4 spaces in a row',
    );
  }
  return undefined;
}
