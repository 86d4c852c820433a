import type { Request, RequestHandler, Response } from 'restify';

/**
 * A route that answers without waiting for anything, as restify takes it: restify accepts a (req, res) handler
 * only as an async function (it checks the function's kind at registration), and answers a throw with its error.
 * What `answer` returns is dropped: restify would warn of it (and the server logs only its kind, src/http/server.ts).
 */
export function answerAtOnce(answer: (req: Request, res: Response) => void): RequestHandler {
  // eslint-disable-next-line @typescript-eslint/require-await -- restify refuses a two-argument handler that is not async
  return async (req: Request, res: Response) => {
    answer(req, res);
  };
}
