/**
 * The connector: GET /api/actions/openapi.json, the Swagger 2.0 document a flow designer imports into
 * Power Automate or Copilot Studio, and connector/, its copy in the repository. Over real HTTP: the
 * document is what the routes do (every route and status, nothing else), and a request built from its
 * examples is one the routes take.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTOR_FILES, connectorDir } from '../../connector/build';
import { startCheckpointsSimulator, startTrackingsSimulator, DEMO, type Simulator } from '../../sandbox/simulators';
import { SANDBOX_CREDENTIALS } from '../../sandbox/upstreams';
import { ActionAccess } from '../../src/http/actionAccess';
import { registerActionRoutes } from '../../src/http/actionRoutes';
import { ErrorBodySchema } from '../../src/http/actionSchemas';
import { ClientBudget } from '../../src/http/clientBudget';
import { createServer } from '../../src/http/server';
import { silentLogger } from '../../src/runtime/logger';
import type { CheckpointsClient } from '../../src/tracking/checkpoints/client';
import type { TrackingsClient } from '../../src/tracking/trackings/client';
import type { GetCheckpointsOutput, ListTrackingsOutput } from '../../src/tracking/actions';
import { answerOf, configFor, startApp, type RunningApp } from '../support/app';
import { FakeClock } from '../support/fakeClock';
import { validateSwagger2 } from '../support/swagger2';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const DOCUMENT = '/api/actions/openapi.json';
const CHECKPOINTS = '/api/actions/get-checkpoints-by-order-number';
const TRACKINGS = '/api/actions/list-trackings';
const OUR_KEY = 'our-actions-key-0123456789abcdef';
const ROUTES = [CHECKPOINTS, TRACKINGS] as const;

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  example?: unknown;
  default?: unknown;
  format?: string;
  items?: Schema;
  [key: string]: unknown;
};
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters: { in: string; schema: Schema }[];
  responses: Record<string, { schema?: Schema }>;
};
type Document = {
  swagger: string;
  paths: Record<string, Record<string, Operation>>;
  securityDefinitions: Record<string, { type: string; in: string; name: string }>;
  definitions: Record<string, Schema>;
};

const upstreams = useSimulators();
let app: RunningApp;
let served: { status: number; headers: Headers; text: string; body: Document };
beforeAll(async () => {
  app = await startApp(configFor(upstreams, { ACTIONS_API_KEY: OUR_KEY }));
  served = await answerOf(await fetch(`${app.url}${DOCUMENT}`));
});
afterAll(() => app.close());

const withKey = { 'X-Api-Key': OUR_KEY };
const operation = (route: string): Operation => served.body.paths[route].post;
const input = (route: string): Schema => operation(route).parameters[0].schema;
const output = (route: string): Schema => operation(route).responses['200'].schema!;

describe('GET /api/actions/openapi.json', () => {
  test('anyone may read it, without the key the actions need: it is JSON and holds no secret', async () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.body.swagger).toBe('2.0');
    expect((await app.post(CHECKPOINTS, {})).status).toBe(401);
    for (const secret of [OUR_KEY, API_KEY, CREDENTIALS.token]) expect(served.text).not.toContain(secret);
  });

  test('a standard validator (swagger-parser) accepts it as Swagger 2.0, and refuses what Swagger 2.0 cannot say', async () => {
    expect(await validateSwagger2(served.body)).toEqual({ valid: true, swagger: '2.0' });
    // The validator is not lenient: zod's anyOf, left in, is refused.
    const unconverted = JSON.parse(served.text) as Document;
    unconverted.paths[TRACKINGS].post.parameters[0].schema.properties!.identifier.anyOf = [{ type: 'string' }];
    expect(await validateSwagger2(unconverted)).toMatchObject({
      valid: false,
      errors: expect.stringContaining('identifier') as unknown,
    });
  });

  test('it is not served where the actions are off (production without ACTIONS_API_KEY)', async () => {
    const off = await startApp(
      configFor(upstreams, {
        NODE_ENV: 'production',
        MicrosoftAppType: 'SingleTenant',
        MicrosoftAppId: '00000000-0000-0000-0000-00000000b07d',
        MicrosoftAppPassword: 'p',
        MicrosoftAppTenantId: '00000000-0000-0000-0000-0000000000aa',
      }),
    );
    try {
      expect((await fetch(`${off.url}${DOCUMENT}`)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("what a flow designer sees: Power Platform's conventions", () => {
  test('"Get Checkpoints by Order Number" has the seed\'s display names: Order Number, User ID, Token in, Success and Tracking Data out', () => {
    expect(operation(CHECKPOINTS).summary).toBe('Get Checkpoints by Order Number');
    const names = (schema: Schema) =>
      Object.fromEntries(Object.entries(schema.properties!).map(([field, inner]) => [field, inner['x-ms-summary']]));
    expect(names(input(CHECKPOINTS))).toEqual({
      orderNumber: 'Order Number',
      userId: 'User ID',
      token: 'Token',
      lang: 'Language',
    });
    expect(names(output(CHECKPOINTS))).toEqual({ success: 'Success', trackingData: 'Tracking Data' });
    expect(output(CHECKPOINTS).properties!.trackingData['x-nullable']).toBe(true);
  });

  test("ListTrackings' inputs have readable names, and the connector sends the header's name itself", () => {
    const body = input(TRACKINGS).properties!;
    expect(Object.values(body).map((field) => field['x-ms-summary'])).toEqual([
      'Authorization',
      'Look Up By',
      'Identifier',
      'Store ID',
    ]);
    expect(body.auth_header.properties!.name).toMatchObject({
      'x-ms-visibility': 'internal',
      default: 'Authorization',
    });
    expect(body.auth_header.required).toEqual(['value']);
  });

  test('the token and the auth header are secrets: format password, shown as important', () => {
    for (const secret of [
      input(CHECKPOINTS).properties!.token,
      input(TRACKINGS).properties!.auth_header.properties!.value,
    ]) {
      expect(secret).toMatchObject({ type: 'string', format: 'password', 'x-ms-visibility': 'important' });
    }
  });

  test('each operation has an operationId, a summary and a description; our key is its security definition', () => {
    expect(Object.values(served.body.paths).map(({ post }) => post.operationId)).toEqual([
      'GetCheckpointsByOrderNumber',
      'ListTrackings',
    ]);
    for (const { post } of Object.values(served.body.paths)) {
      expect(post.summary.length).toBeGreaterThan(0);
      expect(post.description.length).toBeGreaterThan(20);
    }
    expect(Object.values(served.body.securityDefinitions)).toEqual([
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    ]);
  });
});

describe('connector/: the files Power Automate and paconn import', () => {
  test('apiDefinition.swagger.json is byte for byte what the service serves (npm run connector writes it)', () => {
    expect(readFileSync(path.join(connectorDir(), 'apiDefinition.swagger.json'), 'utf8')).toBe(served.text);
  });

  test("apiProperties.json is what the code writes, and its one connection parameter is the document's security definition, a secure string", () => {
    const written = readFileSync(path.join(connectorDir(), 'apiProperties.json'), 'utf8');
    expect(written).toBe(CONNECTOR_FILES['apiProperties.json']());
    const parameters = (JSON.parse(written) as { properties: { connectionParameters: Record<string, unknown> } })
      .properties.connectionParameters;
    expect(Object.keys(parameters)).toEqual(Object.keys(served.body.securityDefinitions));
    expect(Object.values(parameters)).toEqual([expect.objectContaining({ type: 'securestring' })]);
  });
});

describe('the document is what the routes do', () => {
  test('every action route is in it, and nothing else (the document itself aside)', () => {
    const routes = (app.app.server.getDebugInfo() as { routes: { method: string; path: string }[] }).routes.filter(
      (route) => route.path.startsWith('/api/actions/') && route.path !== DOCUMENT,
    );
    const documented = Object.entries(served.body.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented.sort()).toEqual(routes.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort());
  });

  /**
   * Each status, reached over real HTTP: this service for most, a service with a budget of one request a
   * minute for 429, and bare routes for what the service cannot be brought to (no interface configured,
   * a defect). Its body is the document's error shape, exactly.
   */
  test('each route answers exactly the statuses the document lists, each error in the documented shape', async () => {
    const answered: Record<string, Set<number>> = { [CHECKPOINTS]: new Set(), [TRACKINGS]: new Set() };
    const seen = async (route: string, answer: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await answer;
      answered[route].add(status);
      if (status !== 200) expect(ErrorBodySchema.strict().safeParse(body)).toMatchObject({ success: true });
    };
    const good = {
      [CHECKPOINTS]: { orderNumber: DEMO.checkpoints.delivered, userId: CREDENTIALS.userId, token: CREDENTIALS.token },
      [TRACKINGS]: {
        auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}` },
        input_type: 'tracking_number',
        identifier: DEMO.trackings.trackingNumbers.inTransit,
      },
    };
    const simulator = { [CHECKPOINTS]: () => upstreams.checkpoints, [TRACKINGS]: () => upstreams.trackings };
    for (const route of ROUTES) {
      await seen(route, app.post(route, good[route], withKey));
      await seen(route, app.post(route, {}, withKey));
      await seen(route, app.post(route, good[route]));
      await seen(route, app.post(route, { ...good[route], padding: 'x'.repeat(70 * 1024) }, withKey));
      await seen(route, app.post(route, 'orderNumber=1', { ...withKey, 'Content-Type': 'text/plain' }));
      simulator[route]().inject(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
      await seen(route, app.post(route, good[route], withKey));
      simulator[route]().inject({ kind: 'status', status: 429, retryAfter: '3600' });
      await seen(route, app.post(route, good[route], withKey));
    }
    await seen(
      TRACKINGS,
      app.post(TRACKINGS, { ...good[TRACKINGS], identifier: DEMO.trackings.trackingNumbers.unknown }, withKey),
    );

    const limited = await startApp(configFor(upstreams, { ACTIONS_RATE_LIMIT: '1' }));
    try {
      await limited.post(CHECKPOINTS, good[CHECKPOINTS]);
      for (const route of ROUTES) await seen(route, limited.post(route, good[route]));
    } finally {
      await limited.close();
    }
    const broken = {
      getCheckpoints: () => Promise.reject(new Error('a defect')),
      listTrackings: () => Promise.reject(new Error('a defect')),
    };
    for (const clients of [
      {},
      { checkpoints: broken as unknown as CheckpointsClient, trackings: broken as unknown as TrackingsClient },
    ]) {
      const bare = await bareRoutes(clients);
      try {
        for (const route of ROUTES) await seen(route, bare.post(route, good[route]));
      } finally {
        await bare.close();
      }
    }

    for (const route of ROUTES) {
      expect([...answered[route]].map(String).sort()).toEqual(Object.keys(operation(route).responses).sort());
    }
  });

  test('a response schema says what the route answers: the 200 of each route has exactly the documented fields', async () => {
    const checkpoints = await app.post<GetCheckpointsOutput>(
      CHECKPOINTS,
      { orderNumber: DEMO.checkpoints.delivered, userId: CREDENTIALS.userId, token: CREDENTIALS.token },
      withKey,
    );
    expect(Object.keys(checkpoints.body).sort()).toEqual(Object.keys(output(CHECKPOINTS).properties!).sort());
    const [record] = (
      await app.post<ListTrackingsOutput>(
        TRACKINGS,
        {
          auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}` },
          input_type: 'tracking_number',
          identifier: DEMO.trackings.trackingNumbers.inTransit,
        },
        withKey,
      )
    ).body.trackings;
    const documented = Object.keys(output(TRACKINGS).properties!.trackings.items!.properties!);
    for (const field of Object.keys(record)) expect(documented).toContain(field);
  });
});

describe("a request built from the document's examples", () => {
  let sandboxLike: { checkpoints: Simulator; trackings: Simulator };
  beforeAll(async () => {
    sandboxLike = {
      checkpoints: await startCheckpointsSimulator({
        userId: SANDBOX_CREDENTIALS.userId,
        token: SANDBOX_CREDENTIALS.token,
      }),
      trackings: await startTrackingsSimulator({ apiKey: SANDBOX_CREDENTIALS.apiKey }),
    };
  });
  afterAll(async () => {
    await Promise.all([sandboxLike.checkpoints.close(), sandboxLike.trackings.close()]);
  });

  /** What a connector sends: every required field's example, and the default of a field it sends itself. */
  function exampleOf(schema: Schema): unknown {
    if (schema.type !== 'object') return schema.example ?? schema.default;
    const fields = Object.entries(schema.properties ?? {}).filter(
      ([name, inner]) => schema.required?.includes(name) || inner.default !== undefined,
    );
    return Object.fromEntries(fields.map(([name, inner]) => [name, exampleOf(inner)]));
  }

  test.each(ROUTES)(
    "%s, with our key as the security definition says, is accepted by the sandbox's simulators",
    async (route) => {
      const service = await startApp(
        configFor(
          { checkpoints: sandboxLike.checkpoints, trackings: sandboxLike.trackings },
          {
            ACTIONS_API_KEY: OUR_KEY,
            CHECKPOINTS_USER_ID: SANDBOX_CREDENTIALS.userId,
            CHECKPOINTS_TOKEN: SANDBOX_CREDENTIALS.token,
            TRACKINGS_API_KEY: SANDBOX_CREDENTIALS.apiKey,
          },
        ),
      );
      try {
        const [security] = Object.values(served.body.securityDefinitions);
        const body = exampleOf(input(route));
        const { status, body: answer } = await service.post<Partial<GetCheckpointsOutput & ListTrackingsOutput>>(
          route,
          body,
          { [security.name]: OUR_KEY },
        );
        expect(status).toBe(200);
        if (route === CHECKPOINTS)
          expect(answer).toMatchObject({ success: true, trackingData: { header: [expect.anything()] } });
        else expect(answer.trackings).toHaveLength(1);
      } finally {
        await service.close();
      }
    },
  );
});

/** The action routes alone on a server of their own, with the clients given (none: not configured). */
async function bareRoutes(clients: { checkpoints?: CheckpointsClient; trackings?: TrackingsClient }) {
  const server = createServer({ logger: silentLogger });
  registerActionRoutes(server, {
    ...clients,
    access: new ActionAccess({ production: false, budget: new ClientBudget(0, new FakeClock()) }),
    logger: silentLogger,
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    post: async (route: string, body: unknown) =>
      answerOf(
        await fetch(`${url}${route}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
