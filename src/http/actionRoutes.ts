/**
 * POST /api/actions/get-checkpoints-by-order-number and POST /api/actions/list-trackings.
 * Who may call them and how often is actionAccess.ts: it runs first, before the body is read.
 * Input is refused with a 400 naming the field before anything reaches an upstream.
 */
import type { Request, RequestHandler, Response, Server } from 'restify';
import { z } from 'zod';
import { getCheckpointsByOrderNumber, listTrackings } from '../tracking/actions';
import type { CheckpointsClient } from '../tracking/checkpoints/client';
import { errorLogFields, NotConfiguredError } from '../tracking/errors';
import type { Logger } from '../runtime/logger';
import type { TrackingsClient } from '../tracking/trackings/client';
import { INPUT_TYPES } from '../tracking/trackings/query';
import type { ActionAccess } from './actionAccess';
import { errorResponse, INTERNAL_ERROR, sendError as send, type ErrorResponse } from './errorResponse';
import { ACTION_MAX_BODY_BYTES, jsonBody } from './server';
import { validateBody } from './validation';

const text = (max: number) => z.string({ error: 'is required and must be a string' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
/**
 * A credential travels in a header: a control character in it is refused, never stripped or trimmed
 * away (`TOK\r\nX-Injected: 1` went out as `TOKX-Injected: 1`). Checked before the trim, so a trailing
 * line break is refused too.
 */
const credential = (max: number) =>
  z
    .string({ error: 'is required and must be a string' })
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'must not contain control characters (line breaks, tabs, NUL)')
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

const GetCheckpointsBody = z.object(
  {
    orderNumber: text(128),
    userId: z
      .union([z.string(), z.number()], { error: 'is required and must be a string of digits' })
      .transform(String)
      .pipe(z.string().trim().regex(/^\d{1,20}$/, 'must be a numeric user id')),
    token: credential(1024),
    lang: text(35).optional(),
  },
  { error: 'must be a JSON object' },
);

const ListTrackingsBody = z.object(
  {
    auth_header: z.object(
      { name: credential(64), value: credential(2048) },
      { error: 'is required: { "name": "Authorization", "value": "Bearer <API_KEY>" }' },
    ),
    input_type: z.enum(INPUT_TYPES, { error: `must be one of ${INPUT_TYPES.join(', ')}` }),
    identifier: text(128),
    store_id: text(128).nullish().transform((v) => v ?? undefined),
  },
  { error: 'must be a JSON object' },
);

/** Upstream argument names → this route's field names. */
function trackingsArgument(argument: string): string {
  return ['tracking_number', 'order_id', 'external_order'].includes(argument) ? 'identifier' : argument;
}

function checkpointsArgument(argument: string): string {
  return ({ orderNo: 'orderNumber', user: 'userId' } as Record<string, string>)[argument] ?? argument;
}

export interface ActionRouteDeps {
  checkpoints?: CheckpointsClient;
  trackings?: TrackingsClient;
  access: ActionAccess;
  logger: Logger;
}

export function registerActionRoutes(server: Server, deps: ActionRouteDeps): void {
  if (deps.access.off) {
    deps.logger.warn({}, 'action routes are off: ACTIONS_API_KEY is not set, which production needs to serve them');
    return;
  }
  // Before the body is read: a caller we refuse costs a header check, and spends nothing of anyone's budget.
  const admitted: RequestHandler = (req, res, next) => {
    const verdict = deps.access.check(req);
    if (verdict.ok) return next();
    if (verdict.retryAfterSeconds !== undefined) res.header('Retry-After', String(verdict.retryAfterSeconds));
    send(res, verdict.error);
    return next(false);
  };
  server.post('/api/actions/get-checkpoints-by-order-number', admitted, jsonBody(ACTION_MAX_BODY_BYTES), async (req: Request, res: Response) => {
    const input = validateBody(GetCheckpointsBody, req.body);
    if (!input.ok) return send(res, input.error);
    try {
      if (!deps.checkpoints) throw new NotConfiguredError('checkpoints');
      res.send(200, await getCheckpointsByOrderNumber(deps.checkpoints, input.value));
    } catch (error) {
      send(res, failed(error, checkpointsArgument, deps.logger, req));
    }
  });

  server.post('/api/actions/list-trackings', admitted, jsonBody(ACTION_MAX_BODY_BYTES), async (req: Request, res: Response) => {
    const input = validateBody(ListTrackingsBody, req.body);
    if (!input.ok) return send(res, input.error);
    try {
      if (!deps.trackings) throw new NotConfiguredError('trackings');
      res.send(200, await listTrackings(deps.trackings, input.value));
    } catch (error) {
      send(res, failed(error, trackingsArgument, deps.logger, req));
    }
  });
}

function failed(error: unknown, argumentName: (a: string) => string, logger: Logger, req: Request): ErrorResponse {
  const mapped = errorResponse(error, argumentName);
  if (!mapped) logger.error({ route: req.getPath(), error: errorLogFields(error) }, 'action failed unexpectedly');
  else if (mapped.status >= 500) logger.warn({ route: req.getPath(), error: errorLogFields(error) }, 'action failed upstream');
  return mapped ?? INTERNAL_ERROR;
}
