/**
 * POST /api/actions/get-checkpoints-by-order-number and POST /api/actions/list-trackings, and their
 * Swagger document (GET /api/actions/openapi.json, the Power Platform connector's definition).
 * Who may call them and how often is actionAccess.ts: it runs first, before the body is read.
 * Input is refused with a 400 naming the field (actionSchemas.ts) before anything reaches an upstream.
 */
import type { Request, RequestHandler, Response, Server } from 'restify';
import type { z } from 'zod';
import { getCheckpointsByOrderNumber, listTrackings } from '../tracking/actions';
import type { CheckpointsClient } from '../tracking/checkpoints/client';
import { errorLogFields, NotConfiguredError } from '../tracking/errors';
import type { Logger } from '../runtime/logger';
import type { TrackingsClient } from '../tracking/trackings/client';
import type { ActionAccess } from './actionAccess';
import { GetCheckpointsAnswer, GetCheckpointsBody, ListTrackingsAnswer, ListTrackingsBody } from './actionSchemas';
import { ACTIONS_DOCUMENT_PATH, actionsDocumentText } from './actionsDocument';
import { errorResponse, INTERNAL_ERROR, sendError as send, type ErrorResponse } from './errorResponse';
import { ACTION_MAX_BODY_BYTES, jsonBody } from './server';
import { validateBody } from './validation';

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
  // Open to anyone, unlike the actions: it holds no secret and nothing of this deployment (not even its
  // host), the same text is in the repository (connector/), and a flow designer's import fetches it
  // without our key. It is served only where the actions are, so it never describes routes that 404.
  const document = actionsDocumentText();
  server.get(ACTIONS_DOCUMENT_PATH, (_req: Request, res: Response, next) => {
    res.sendRaw(200, document, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
    return next();
  });
  server.post(
    '/api/actions/get-checkpoints-by-order-number',
    admitted,
    jsonBody(ACTION_MAX_BODY_BYTES),
    async (req: Request, res: Response) => {
      const input = validateBody(GetCheckpointsBody, req.body);
      if (!input.ok) return send(res, input.error);
      try {
        if (!deps.checkpoints) throw new NotConfiguredError('checkpoints');
        // The answer is what the document says it is (actionSchemas.ts): checked when this compiles.
        res.send(
          200,
          (await getCheckpointsByOrderNumber(deps.checkpoints, input.value)) satisfies z.output<
            typeof GetCheckpointsAnswer
          >,
        );
      } catch (error) {
        send(res, failed(error, checkpointsArgument, deps.logger, req));
      }
    },
  );

  server.post(
    '/api/actions/list-trackings',
    admitted,
    jsonBody(ACTION_MAX_BODY_BYTES),
    async (req: Request, res: Response) => {
      const input = validateBody(ListTrackingsBody, req.body);
      if (!input.ok) return send(res, input.error);
      try {
        if (!deps.trackings) throw new NotConfiguredError('trackings');
        res.send(
          200,
          (await listTrackings(deps.trackings, input.value)) satisfies z.output<typeof ListTrackingsAnswer>,
        );
      } catch (error) {
        send(res, failed(error, trackingsArgument, deps.logger, req));
      }
    },
  );
}

function failed(error: unknown, argumentName: (a: string) => string, logger: Logger, req: Request): ErrorResponse {
  const mapped = errorResponse(error, argumentName);
  if (!mapped) logger.error({ route: req.getPath(), error: errorLogFields(error) }, 'action failed unexpectedly');
  else if (mapped.status >= 500)
    logger.warn({ route: req.getPath(), error: errorLogFields(error) }, 'action failed upstream');
  return mapped ?? INTERNAL_ERROR;
}
