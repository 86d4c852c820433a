/**
 * An HTTP answer with its JSON body typed as the shape the test expects there (a route's result, or the
 * one error shape). test/support's answers carry the body untyped; this is where a test names it.
 */
import type { answerOf, RunningApp } from '../support/app';

type Typed<Answer, Body> = Omit<Answer, 'body'> & { body: Body };

export function answerAs<Body = unknown>(
  answer: ReturnType<typeof answerOf>,
): Promise<Typed<Awaited<ReturnType<typeof answerOf>>, Body>>;
export function answerAs<Body = unknown>(
  answer: ReturnType<RunningApp['post']>,
): Promise<Typed<Awaited<ReturnType<RunningApp['post']>>, Body>>;
export async function answerAs<Body>(answer: Promise<{ body: unknown }>): Promise<{ body: Body }> {
  const got = await answer;
  return { ...got, body: got.body as Body };
}
