import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ConfigError, listenHost, loadConfig } from '../src/config';
import { supportPageFor } from '../src/nextSteps/supportPages';

const full = {
  PORT: '8080',
  CHECKPOINTS_BASE_URL: 'https://api.example.test/',
  CHECKPOINTS_USER_ID: '4242',
  CHECKPOINTS_TOKEN: 'tok-secret-123',
  TRACKINGS_BASE_URL: 'https://store.example.test',
  TRACKINGS_API_KEY: 'key-secret-456',
  TRACKINGS_STORE_ID: 'store-eu-1',
  DEFAULT_LOCALE: 'de-DE',
  MicrosoftAppType: 'SingleTenant',
  MicrosoftAppId: '00000000-0000-0000-0000-000000000001',
  MicrosoftAppPassword: 'app-password-789',
  MicrosoftAppTenantId: '00000000-0000-0000-0000-0000000000aa',
};

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration from the environment', () => {
  test('a full environment becomes one typed config', () => {
    const config = loadConfig(full);
    expect(config).toMatchObject({
      port: 8080,
      defaultLocale: 'de-DE',
      checkpoints: { baseUrl: 'https://api.example.test/', userId: '4242', token: 'tok-secret-123' },
      trackings: {
        baseUrl: 'https://store.example.test',
        apiKey: 'key-secret-456',
        service: 'example.storeapi.v1.PublicAPI',
        storeId: 'store-eu-1',
      },
      bot: {
        appType: 'SingleTenant',
        appId: full.MicrosoftAppId,
        appPassword: 'app-password-789',
        tenantId: full.MicrosoftAppTenantId,
      },
      retry: { maxAttempts: 4, attemptTimeoutMs: 5000, deadlineMs: 60000 },
    });
  });

  test('customer tokens need the Direct Line secret they come through; in sandbox mode (no upstream) its local channel is that', () => {
    const customerTokens = { CUSTOMER_TOKEN_SECRET: 'an-operators-own-secret-of-at-least-32-characters' };
    expect(problems({ ...full, ...customerTokens })).toContain(
      'DIRECTLINE_SECRET: is required when customer tokens are set: signed-in customers come through the Web Chat token endpoint',
    );
    expect(loadConfig(customerTokens).customerTokens).toMatchObject({ algorithm: 'HS256' });
  });

  test('an empty environment starts with defaults and no upstream', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3978,
      defaultLocale: 'en',
      defaultTimeZone: 'UTC',
      production: false,
      checkpoints: undefined,
      trackings: undefined,
      shutdownGraceMs: 15_000,
    });
  });

  test('empty values, as copied from .env.example, count as unset', () => {
    expect(loadConfig({ CHECKPOINTS_BASE_URL: '', CHECKPOINTS_TOKEN: ' ', PORT: '' }).port).toBe(3978);
  });

  test('every bad variable is named, each once', () => {
    const found = problems({
      PORT: 'eighty',
      CHECKPOINTS_BASE_URL: 'ftp://nope',
      CHECKPOINTS_USER_ID: 'abc',
      TRACKINGS_BASE_URL: 'https://x.test',
      TRACKINGS_SERVICE: 'not a service',
      DEFAULT_LOCALE: '!!',
      DEFAULT_TIMEZONE: 'Mars/Olympus_Mons',
      MicrosoftAppType: 'Other',
      // Too short to leave the 3 s in which customers waiting for a later answer are told to ask again.
      SHUTDOWN_GRACE_MS: '2000',
    });
    expect(found.map((p) => p.split(':')[0]).sort()).toEqual(
      [
        'CHECKPOINTS_BASE_URL',
        'CHECKPOINTS_USER_ID',
        'DEFAULT_LOCALE',
        'DEFAULT_TIMEZONE',
        'MicrosoftAppType',
        'PORT',
        'SHUTDOWN_GRACE_MS',
        'TRACKINGS_SERVICE',
      ].sort(),
    );
  });

  test('an upstream URL without its credentials names the missing ones', () => {
    expect(
      problems({ NODE_ENV: 'test', CHECKPOINTS_BASE_URL: 'https://a.test', TRACKINGS_BASE_URL: 'https://b.test' }),
    ).toEqual([
      'CHECKPOINTS_USER_ID: is required when CHECKPOINTS_BASE_URL is set',
      'CHECKPOINTS_TOKEN: is required when CHECKPOINTS_BASE_URL is set',
      'TRACKINGS_API_KEY: is required when TRACKINGS_BASE_URL is set',
    ]);
  });

  test('a bot identity needs its password, and a single-tenant one its tenant', () => {
    expect(problems({ MicrosoftAppType: 'MultiTenant', MicrosoftAppId: 'id' })).toEqual([
      'MicrosoftAppPassword: is required when MicrosoftAppId is set',
    ]);
    expect(problems({ MicrosoftAppType: 'SingleTenant', MicrosoftAppId: 'id', MicrosoftAppPassword: 'p' })).toEqual([
      'MicrosoftAppTenantId: is required when MicrosoftAppId is set',
    ]);
  });

  test('the refusal never prints a value, so no secret leaks through it', () => {
    const secrets = {
      CHECKPOINTS_TOKEN: 'tok secret with spaces',
      TRACKINGS_API_KEY: 'key with spaces',
      MicrosoftAppPassword: 'pw-1234',
    };
    let message = '';
    try {
      loadConfig({
        ...secrets,
        PORT: '99999',
        TRACKINGS_BASE_URL: 'https://b.test',
        MicrosoftAppType: 'SingleTenant',
        MicrosoftAppId: 'x',
      });
    } catch (error) {
      message = `${(error as Error).message} ${JSON.stringify(error)} ${(error as Error).stack}`;
    }
    expect(message).toContain('TRACKINGS_API_KEY');
    for (const secret of Object.values(secrets)) expect(message).not.toContain(secret);
  });
});

describe('state in memory', () => {
  test('is bounded by default: 20,000 items, forgotten after 24 hours idle', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'memory', maxItems: 20_000, idleMs: 24 * 3_600_000 });
    expect(loadConfig({ MEMORY_STATE_MAX_ITEMS: '500', MEMORY_STATE_IDLE_MINUTES: '30' }).storage).toEqual({
      kind: 'memory',
      maxItems: 500,
      idleMs: 30 * 60_000,
    });
  });

  test.each([
    ['no limit', '0', '0'],
    ['words', 'many', 'a day'],
    ['fractions', '10.5', '1.5'],
    ['past the ceiling (10,000,000 items, 30 days)', '10000001', '43201'],
  ])('MEMORY_STATE_MAX_ITEMS and MEMORY_STATE_IDLE_MINUTES as %s are refused, each named', (_what, items, minutes) => {
    expect(
      problems({ MEMORY_STATE_MAX_ITEMS: items, MEMORY_STATE_IDLE_MINUTES: minutes }).map((p) => p.split(':')[0]),
    ).toEqual(['MEMORY_STATE_MAX_ITEMS', 'MEMORY_STATE_IDLE_MINUTES']);
  });
});

describe('state and watches on Azure Storage', () => {
  const blob = {
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true',
    STORAGE_KEY_SECRET: 'k'.repeat(32),
  };

  test('the container and the queue have defaults, and are named with STORAGE=blob', () => {
    expect(loadConfig(blob).storage).toEqual({
      kind: 'blob',
      connectionString: 'UseDevelopmentStorage=true',
      container: 'conversation-state',
      queue: 'tracking-watch',
      keySecret: 'k'.repeat(32),
    });
    expect(
      loadConfig({ ...blob, AZURE_STORAGE_CONTAINER: 'bot-state', AZURE_STORAGE_QUEUE: 'bot-watch-2' }).storage,
    ).toMatchObject({ container: 'bot-state', queue: 'bot-watch-2' });
  });

  test('STORAGE_KEY_SECRET: required with blobs, at least 32 characters, never printed', () => {
    const { STORAGE_KEY_SECRET: _key, ...keyless } = blob;
    expect(problems(keyless)).toEqual([expect.stringMatching(/^STORAGE_KEY_SECRET: is required when STORAGE is blob/)]);
    const short = problems({ ...blob, STORAGE_KEY_SECRET: 'short-SECRET' });
    expect(short).toEqual([expect.stringMatching(/^STORAGE_KEY_SECRET: must be 32 to 512 visible ASCII characters/)]);
    expect(short.join(' ')).not.toContain('short-SECRET');
    // In memory nothing leaves the process: none is needed.
    expect(loadConfig({}).storage).toMatchObject({ kind: 'memory', keySecret: undefined });
  });

  test.each(['Tracking-Watch', 'tracking--watch', '-tracking', 'tw', 'tracking_watch', 'a'.repeat(64)])(
    'AZURE_STORAGE_QUEUE %s is refused: not an Azure queue name',
    (queue) => {
      expect(problems({ ...blob, AZURE_STORAGE_QUEUE: queue })).toEqual([
        'AZURE_STORAGE_QUEUE: must be an Azure queue name: 3-63 lowercase letters, digits and single hyphens',
      ]);
    },
  );

  test('a connection string that names its blob endpoint must name the queue endpoint too, said at start rather than as an SDK error', () => {
    const key = 'AccountName=devstoreaccount1;AccountKey=a2V5;DefaultEndpointsProtocol=http';
    expect(
      problems({
        ...blob,
        AZURE_STORAGE_CONNECTION_STRING: `${key};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;`,
      }),
    ).toEqual([
      'AZURE_STORAGE_CONNECTION_STRING: names a BlobEndpoint but no QueueEndpoint: add the queue endpoint of the same account (the watches of "Notify me" are timed on it)',
    ]);
    expect(() =>
      loadConfig({
        ...blob,
        AZURE_STORAGE_CONNECTION_STRING: `${key};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;QueueEndpoint=http://127.0.0.1:10001/devstoreaccount1;`,
      }),
    ).not.toThrow();
    expect(() =>
      loadConfig({
        ...blob,
        AZURE_STORAGE_CONNECTION_STRING:
          'DefaultEndpointsProtocol=https;AccountName=shop;AccountKey=a2V5;EndpointSuffix=core.windows.net',
      }),
    ).not.toThrow();
  });
});

describe('time zones', () => {
  test('one check serves the config, the client and the cards: canonical names pass, others do not', async () => {
    const { validTimeZone } = await import('../src/timeZone');
    expect(validTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(validTimeZone(' UTC ')).toBe('UTC');
    for (const bad of ['', undefined, null, 'Mars/Olympus_Mons', 'GMT+99']) expect(validTimeZone(bad)).toBeUndefined();
    expect(loadConfig({ DEFAULT_TIMEZONE: 'Europe/Berlin' }).defaultTimeZone).toBe('Europe/Berlin');
  });
});

describe('what customers are offered', () => {
  const withTrackings = {
    NODE_ENV: 'test',
    TRACKINGS_BASE_URL: 'https://store.example.test',
    TRACKINGS_API_KEY: 'key',
  };

  test('TRACKINGS_STORES: id=Display name pairs, in order; a bare id is its own name', () => {
    expect(
      loadConfig({ ...withTrackings, TRACKINGS_STORES: ' store-us-1=Acme US , store-uk-1 = Acme UK,shop-3' }).trackings
        ?.stores,
    ).toEqual([
      { id: 'store-us-1', name: 'Acme US' },
      { id: 'store-uk-1', name: 'Acme UK' },
      { id: 'shop-3', name: 'shop-3' },
    ]);
  });

  test.each([
    ['a store id with a slash', 'us/1=Acme', 'TRACKINGS_STORES: must be comma-separated id=Display name pairs'],
    ['the same store twice', 'a=A,A=B', 'TRACKINGS_STORES: names the store A twice'],
    [
      'a name of 61 characters',
      `a=${'n'.repeat(61)}`,
      'TRACKINGS_STORES: must be comma-separated id=Display name pairs',
    ],
  ])('TRACKINGS_STORES with %s is refused', (_what, value, problem) => {
    expect(problems({ ...withTrackings, TRACKINGS_STORES: value })[0]).toContain(problem);
  });

  test('ORDER_NUMBER_PATTERN matches whole words, in any case, and never words over 64 characters', () => {
    const format = loadConfig({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4,}' }).orderNumberFormat!;
    expect(['ORD-1001', 'ord-1001', 'ORD-10011'].map((word) => format.test(word))).toEqual([true, true, true]);
    expect(['xORD-1001', 'ORD-1001x', 'ORD-12', `ORD-${'1'.repeat(61)}`].map((word) => format.test(word))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test.each([
    ['not a regular expression', 'ORD-(\\d+', 'is not a valid regular expression'],
    ['nested repetition', '(a+)+b', 'could take exponential time'],
    ['nested repetition with a group', '([A-Z]+-?)*\\d', 'could take exponential time'],
    ['a pattern for any word', '\\w+', 'matches ordinary words such as "hello"'],
    ['a pattern for option numbers', '\\d{1,3}', 'matches ordinary words such as "1"'],
    ['a pattern that matches nothing at all', '.*', 'matches ordinary words'],
    ['a very long pattern', 'A'.repeat(201), 'must be at most 200 characters'],
  ])('ORDER_NUMBER_PATTERN that is %s is refused at start, naming why', (_what, value, problem) => {
    expect(problems({ ORDER_NUMBER_PATTERN: value })).toEqual([
      expect.stringMatching(new RegExp(`^ORDER_NUMBER_PATTERN: .*${problem.replace(/[()"]/g, '.')}`)),
    ]);
  });

  test('SUPPORT_URL must be an http(s) link', () => {
    expect(loadConfig({ SUPPORT_URL: 'https://shop.example/help' }).supportPages).toEqual({
      fallback: 'https://shop.example/help',
      byLanguage: {},
    });
    expect(problems({ SUPPORT_URL: 'javascript:alert(1)' })).toEqual(['SUPPORT_URL: must be an http(s) URL']);
  });

  test('a help page per language (SUPPORT_URL_DE, …), SUPPORT_URL for the others', () => {
    const { supportPages } = loadConfig({
      SUPPORT_URL: 'https://shop.example/help',
      SUPPORT_URL_DE: 'https://shop.example/de/hilfe',
      SUPPORT_URL_NL: 'https://shop.example/nl/hulp',
    });
    expect([
      supportPageFor(supportPages, 'de'),
      supportPageFor(supportPages, 'nl'),
      supportPageFor(supportPages, 'fr'),
    ]).toEqual(['https://shop.example/de/hilfe', 'https://shop.example/nl/hulp', 'https://shop.example/help']);
    expect(
      supportPageFor(loadConfig({ SUPPORT_URL_FR: 'https://shop.example/fr/aide' }).supportPages, 'en'),
    ).toBeUndefined();
    expect(problems({ SUPPORT_URL_IT: 'ftp://shop.example/aiuto' })).toEqual([
      'SUPPORT_URL_IT: must be an http(s) URL',
    ]);
  });

  test('HANDOFF is botframework, omnichannel or none (unset: none); HANDOFF_TRANSCRIPT is on (the default) or off; HANDOFF_LIMIT 1 to 100 a day (3)', () => {
    expect(loadConfig({}).handoff).toEqual({ hub: undefined, transcript: true, limit: 3 });
    expect(loadConfig({ HANDOFF: 'botframework', HANDOFF_LIMIT: '5' }).handoff).toEqual({
      hub: 'botframework',
      transcript: true,
      limit: 5,
    });
    expect(loadConfig({ HANDOFF: 'omnichannel', HANDOFF_TRANSCRIPT: 'off' }).handoff).toEqual({
      hub: 'omnichannel',
      transcript: false,
      limit: 3,
    });
    expect(problems({ HANDOFF: 'liveperson', HANDOFF_TRANSCRIPT: 'no' })).toEqual([
      'HANDOFF: must be one of botframework, omnichannel, none',
      'HANDOFF_TRANSCRIPT: must be on or off',
    ]);
    expect(problems({ HANDOFF_LIMIT: '0' })).toEqual([expect.stringMatching(/^HANDOFF_LIMIT: /)]);
  });
});

describe('Web Chat on the store’s site: the token endpoint', () => {
  const SECRET = 'dl-secret-abcdefghijklmnop';
  test('off by default: no secret, Direct Line’s public endpoint, no origins, 30 tokens a minute per client, the socket as the client, an IPv6 one by its /64', () => {
    expect(loadConfig({}).webchat).toEqual({
      secret: undefined,
      endpoint: 'https://directline.botframework.com/v3/directline',
      allowedOrigins: [],
      tokensPerMinute: 30,
      trustedProxyHops: 0,
      ipv6PrefixLength: 64,
    });
  });

  test('with the secret: a regional endpoint, exact origins (comma-separated, spaces allowed), a limit, one trusted proxy and IPv6 clients by their /56', () => {
    const config = loadConfig({
      DIRECTLINE_SECRET: SECRET,
      DIRECTLINE_ENDPOINT: 'https://europe.directline.botframework.com/v3/directline',
      WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example,http://localhost:8080',
      WEBCHAT_TOKENS_PER_MINUTE: '10',
      TRUSTED_PROXY_HOPS: '1',
      CLIENT_IPV6_PREFIX: '56',
    });
    expect(config.webchat).toEqual({
      secret: SECRET,
      endpoint: 'https://europe.directline.botframework.com/v3/directline',
      allowedOrigins: ['https://shop.example', 'https://www.shop.example', 'http://localhost:8080'],
      tokensPerMinute: 10,
      trustedProxyHops: 1,
      ipv6PrefixLength: 56,
    });
  });

  test('the secret needs WEBCHAT_ALLOWED_ORIGINS', () => {
    expect(problems({ DIRECTLINE_SECRET: SECRET })).toEqual([
      'WEBCHAT_ALLOWED_ORIGINS: is required when DIRECTLINE_SECRET is set',
    ]);
  });

  test.each([
    ['a wildcard', '*', 'no wildcards'],
    ['a wildcard subdomain', 'https://*.shop.example', 'no wildcards'],
    ['a path', 'https://shop.example/shop', 'exact origins'],
    ['a trailing slash', 'https://shop.example/', 'exact origins'],
    ['no scheme', 'shop.example', 'exact origins'],
    ['another scheme', 'ftp://shop.example', 'exact origins'],
    ['the opaque origin', 'null', 'exact origins'],
    ['upper case', 'https://Shop.example', 'exact origins'],
    ['the default port written out', 'https://shop.example:443', 'exact origins'],
  ])('WEBCHAT_ALLOWED_ORIGINS with %s is refused at start with a clear message', (_what, value, problem) => {
    const found = problems({ DIRECTLINE_SECRET: SECRET, WEBCHAT_ALLOWED_ORIGINS: `https://shop.example,${value}` });
    expect(found).toEqual([expect.stringMatching(new RegExp(`^WEBCHAT_ALLOWED_ORIGINS: .*${problem}`))]);
    expect(found[0]).toContain('https://shop.example');
  });

  test('the secret is never echoed, the endpoint is an http(s) URL, and the numbers are bounded', () => {
    const found = problems({
      DIRECTLINE_SECRET: 'has a space',
      DIRECTLINE_ENDPOINT: 'directline',
      WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example',
      WEBCHAT_TOKENS_PER_MINUTE: '-1',
      TRUSTED_PROXY_HOPS: '11',
      CLIENT_IPV6_PREFIX: '129',
    });
    expect(found.map((p) => p.split(':')[0])).toEqual([
      'DIRECTLINE_SECRET',
      'DIRECTLINE_ENDPOINT',
      'WEBCHAT_TOKENS_PER_MINUTE',
      'TRUSTED_PROXY_HOPS',
      'CLIENT_IPV6_PREFIX',
    ]);
    // Coarser than a /32 would make a whole provider one client.
    expect(problems({ CLIENT_IPV6_PREFIX: '16' }).map((p) => p.split(':')[0])).toEqual(['CLIENT_IPV6_PREFIX']);
    expect(found.join('\n')).not.toContain('has a space');
  });
});

describe('traces and Application Insights', () => {
  const CONNECTION =
    'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/';

  test('off unless an OTLP endpoint or Application Insights is set', () => {
    expect(loadConfig(full).telemetry).toEqual({
      serviceName: 'order-tracking-bot',
      metricsToken: undefined,
      otlp: undefined,
      traces: undefined,
      azureMonitor: undefined,
    });
  });

  test("the general OTLP endpoint takes the traces at /v1/traces; a signal's own endpoint is used as it is, and alone switches on that signal only", () => {
    const both = loadConfig({
      ...full,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318/',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    }).telemetry;
    expect(both.traces).toEqual({
      otlp: { url: 'https://collector.example:4318/v1/traces', protocol: 'http/json' },
      sampler: { name: 'parentbased_always_on', ratio: 1 },
    });
    expect(both.otlp?.url).toBe('https://collector.example:4318/v1/metrics');
    const tracesOnly = loadConfig({
      ...full,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example:4318/otlp/spans',
    }).telemetry;
    expect(tracesOnly.traces?.otlp).toEqual({
      url: 'https://collector.example:4318/otlp/spans',
      protocol: 'http/protobuf',
    });
    expect(tracesOnly.otlp).toBeUndefined();
  });

  test('Application Insights takes the traces and the metrics; OTEL_SDK_DISABLED=true switches everything off', () => {
    const config = loadConfig({
      ...full,
      APPLICATIONINSIGHTS_CONNECTION_STRING: CONNECTION,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).telemetry;
    expect(config.traces).toEqual({ otlp: undefined, sampler: { name: 'parentbased_traceidratio', ratio: 0.25 } });
    expect(config.azureMonitor).toEqual({ connectionString: CONNECTION, intervalMs: 60_000 });
    expect(
      loadConfig({ ...full, APPLICATIONINSIGHTS_CONNECTION_STRING: CONNECTION, OTEL_SDK_DISABLED: 'TRUE' }).telemetry,
    ).toEqual({ serviceName: 'order-tracking-bot' });
  });

  test('a sampler, a ratio or a connection string that cannot be read refuses the start, naming the setting and never echoing the value', () => {
    expect(problems({ ...full, OTEL_TRACES_SAMPLER: 'sometimes' })).toEqual([
      expect.stringMatching(/^OTEL_TRACES_SAMPLER: must be always_on, /),
    ]);
    expect(problems({ ...full, OTEL_TRACES_SAMPLER_ARG: 'half' })).toEqual([
      'OTEL_TRACES_SAMPLER_ARG: must be a number from 0 to 1',
    ]);
    expect(problems({ ...full, OTEL_TRACES_SAMPLER_ARG: '1.5' })).toEqual([
      'OTEL_TRACES_SAMPLER_ARG: must be a number from 0 to 1',
    ]);
    const refused = problems({
      ...full,
      APPLICATIONINSIGHTS_CONNECTION_STRING: 'InstrumentationKey=SECRET-not-a-key;IngestionEndpoint=https://x/',
    });
    expect(refused).toEqual([
      expect.stringMatching(/^APPLICATIONINSIGHTS_CONNECTION_STRING: must be the connection string/),
    ]);
    expect(refused.join('')).not.toContain('SECRET');
  });
});

describe('defaults that fail closed: nothing leaves a deployed bot open', () => {
  const upstream = { TRACKINGS_BASE_URL: 'https://store.example.test', TRACKINGS_API_KEY: 'key-secret-456' };
  const identity = {
    MicrosoftAppType: 'SingleTenant',
    MicrosoftAppId: full.MicrosoftAppId,
    MicrosoftAppPassword: full.MicrosoftAppPassword,
    MicrosoftAppTenantId: full.MicrosoftAppTenantId,
  };

  test('NODE_ENV unset is production once an upstream is configured (Azure App Service sets no NODE_ENV); only sandbox mode, with none, is not', () => {
    expect(loadConfig({ ...upstream, ...identity }).production).toBe(true);
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ ...upstream, ...identity, NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({ ...upstream, NODE_ENV: 'test' }).production).toBe(false);
  });

  test.each([
    ['unset', undefined],
    ['production', 'production'],
    ['a near miss', 'Development'],
  ])(
    'a configured service without MicrosoftAppId, NODE_ENV %s, is refused: the message names MicrosoftAppId and NODE_ENV',
    (_what, nodeEnv) => {
      const found = problems({ ...upstream, NODE_ENV: nodeEnv });
      expect(found).toEqual([expect.stringMatching(/^MicrosoftAppId: is required .*NODE_ENV=development/)]);
      expect(found.join('\n')).not.toContain('key-secret-456');
    },
  );

  test('NODE_ENV=development or test lets a configured service run without MicrosoftAppId, and then it listens on loopback only', () => {
    expect(['development', 'test'].map((NODE_ENV) => listenHost(loadConfig({ ...upstream, NODE_ENV })))).toEqual([
      '127.0.0.1',
      '127.0.0.1',
    ]);
    expect(listenHost(loadConfig({}))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ ...upstream, ...identity }))).toBeUndefined();
  });

  test('a bot identity says its type: none defaults to MultiTenant, which Azure no longer creates (after 31 July 2025)', () => {
    const { MicrosoftAppType: _type, ...untyped } = identity;
    expect(problems({ ...upstream, ...untyped })).toEqual([
      expect.stringMatching(
        /^MicrosoftAppType: is required when MicrosoftAppId is set: SingleTenant or UserAssignedMSI/,
      ),
    ]);
    // A bot created as multi-tenant before then keeps working, when it says so.
    expect(
      loadConfig({ ...upstream, ...identity, MicrosoftAppType: 'MultiTenant', MicrosoftAppTenantId: '' }).bot.appType,
    ).toBe('MultiTenant');
  });

  test('a user-assigned managed identity needs its tenant id and has no password', () => {
    const msi = { MicrosoftAppType: 'UserAssignedMSI', MicrosoftAppId: full.MicrosoftAppId };
    expect(problems({ ...upstream, ...msi })).toEqual(['MicrosoftAppTenantId: is required when MicrosoftAppId is set']);
    const withPassword = problems({
      ...upstream,
      ...msi,
      MicrosoftAppTenantId: full.MicrosoftAppTenantId,
      MicrosoftAppPassword: 'pw-SECRET-1',
    });
    expect(withPassword).toEqual([
      expect.stringMatching(/^MicrosoftAppPassword: must not be set with UserAssignedMSI/),
    ]);
    expect(withPassword.join('')).not.toContain('pw-SECRET-1');
    expect(loadConfig({ ...upstream, ...msi, MicrosoftAppTenantId: full.MicrosoftAppTenantId }).bot).toEqual({
      appType: 'UserAssignedMSI',
      appId: full.MicrosoftAppId,
      appPassword: undefined,
      tenantId: full.MicrosoftAppTenantId,
    });
  });

  const webchat = { DIRECTLINE_SECRET: 'dl-secret-abcdefghijklmnop', WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example' };
  const STORAGE_KEY = 'storage-names-key-0123456789abcdefghij';
  test.each([
    [
      'CHECKPOINTS_BASE_URL',
      {
        CHECKPOINTS_BASE_URL: 'http://cp.example.test',
        CHECKPOINTS_USER_ID: '4242',
        CHECKPOINTS_TOKEN: 'tok-secret-123',
      },
    ],
    ['TRACKINGS_BASE_URL', { TRACKINGS_BASE_URL: 'http://store.example.test' }],
    ['DIRECTLINE_ENDPOINT', { ...webchat, DIRECTLINE_ENDPOINT: 'http://directline.example.test/v3/directline' }],
    [
      'WEBCHAT_ALLOWED_ORIGINS',
      { ...webchat, WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example,http://www.shop.example' },
    ],
    [
      'CUSTOMER_TOKEN_JWKS_URL',
      {
        ...webchat,
        CUSTOMER_ID_SECRET: 'customer-ids-abcdefghijklmnop',
        CUSTOMER_TOKEN_JWKS_URL: 'http://shop.example/.well-known/jwks.json',
      },
    ],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.example:4318' }],
    [
      'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
      { OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://collector.example:4318/v1/metrics' },
    ],
    [
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector.example:4318/v1/traces' },
    ],
    [
      'AZURE_STORAGE_CONNECTION_STRING',
      {
        STORAGE: 'blob',
        STORAGE_KEY_SECRET: STORAGE_KEY,
        AZURE_STORAGE_CONNECTION_STRING:
          'DefaultEndpointsProtocol=http;AccountName=shop;AccountKey=a2V5;EndpointSuffix=core.windows.net',
      },
    ],
    [
      'AZURE_STORAGE_CONNECTION_STRING',
      {
        STORAGE: 'blob',
        STORAGE_KEY_SECRET: STORAGE_KEY,
        AZURE_STORAGE_CONNECTION_STRING:
          'BlobEndpoint=http://shop.blob.core.windows.net;QueueEndpoint=https://shop.queue.core.windows.net;SharedAccessSignature=sv=2024&sig=a2V5',
      },
    ],
  ])(
    'in production plain http in %s is refused, named and not printed; outside production it is taken',
    (name, env: Record<string, string>) => {
      const found = problems({ ...upstream, ...identity, ...env });
      expect(found).toEqual([expect.stringMatching(new RegExp(`^${name}: must be https in production`))]);
      expect(found[0]).not.toMatch(/http:\/\/|example|a2V5/);
      expect(() => loadConfig({ ...upstream, ...env, NODE_ENV: 'development' })).not.toThrow();
    },
  );

  test.each(['http://localhost:8080', 'http://127.0.0.1:4318', 'http://127.3.2.1', 'http://[::1]:9000'])(
    'plain http to this machine (%s) is taken in production',
    (url) => {
      const everywhere = {
        TRACKINGS_BASE_URL: url,
        DIRECTLINE_ENDPOINT: url,
        CUSTOMER_TOKEN_JWKS_URL: `${url}/jwks.json`,
        CUSTOMER_ID_SECRET: 'customer-ids-abcdefghijklmnop',
        ...webchat,
        WEBCHAT_ALLOWED_ORIGINS: url,
        OTEL_EXPORTER_OTLP_ENDPOINT: url,
      };
      expect(
        loadConfig({
          ...upstream,
          ...identity,
          ...everywhere,
          STORAGE: 'blob',
          STORAGE_KEY_SECRET: STORAGE_KEY,
          AZURE_STORAGE_CONNECTION_STRING: `DefaultEndpointsProtocol=http;AccountName=a;AccountKey=a2V5;BlobEndpoint=${url}/a;QueueEndpoint=${url}/a`,
        }).production,
      ).toBe(true);
    },
  );

  test.each([
    'http://localhost.shop.example',
    'http://127.0.0.1.shop.example',
    'http://0.0.0.0',
    'http://127.0.0.1@shop.example',
  ])('a name that only looks like this machine (%s) is not it', (url) => {
    expect(problems({ ...upstream, ...identity, TRACKINGS_BASE_URL: url })).toEqual([
      expect.stringMatching(/^TRACKINGS_BASE_URL: must be https in production/),
    ]);
  });

  test('.env.example as shipped, with only an upstream filled in, starts nothing open: the bot identity and its type are asked for, and plain http is refused', () => {
    const shipped = parseEnv(readFileSync('.env.example', 'utf8')) as Record<string, string>;
    expect(problems({ ...shipped, ...upstream })).toEqual([expect.stringMatching(/^MicrosoftAppId: is required/)]);
    expect(
      problems({ ...shipped, ...upstream, MicrosoftAppId: full.MicrosoftAppId, MicrosoftAppPassword: 'pw' }),
    ).toEqual([expect.stringMatching(/^MicrosoftAppType: is required/)]);
    expect(problems({ ...shipped, ...upstream, ...identity, TRACKINGS_BASE_URL: 'http://store.example.test' })).toEqual(
      [expect.stringMatching(/^TRACKINGS_BASE_URL: must be https/)],
    );
    expect(loadConfig({ ...shipped, ...upstream, ...identity }).production).toBe(true);
  });
});

/** WhatsApp is on only with its four settings; a start with some of them stops, naming what is missing and never a value. */
const WHATSAPP = {
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_ACCESS_TOKEN: 'EAAG-SECRET-token-0001',
  WHATSAPP_APP_SECRET: 'app-SECRET-0002-abcdef',
  WHATSAPP_VERIFY_TOKEN: 'verify-SECRET-0003',
};

describe('WhatsApp settings', () => {
  test('none set: the channel is off', () => {
    expect(loadConfig({}).whatsapp).toBeUndefined();
  });

  test("all four set: the channel is on, against Meta's Graph API unless told otherwise", () => {
    expect(loadConfig(WHATSAPP).whatsapp).toEqual({
      phoneNumberId: '106540352242922',
      accessToken: WHATSAPP.WHATSAPP_ACCESS_TOKEN,
      appSecret: WHATSAPP.WHATSAPP_APP_SECRET,
      verifyToken: WHATSAPP.WHATSAPP_VERIFY_TOKEN,
      apiUrl: 'https://graph.facebook.com/v24.0',
    });
    expect(loadConfig({ ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:4000/v24.0/' }).whatsapp?.apiUrl).toBe(
      'http://127.0.0.1:4000/v24.0',
    );
  });

  test.each(Object.keys(WHATSAPP))('without %s the start stops, naming it and printing no value', (missing) => {
    const env: Record<string, string> = { ...WHATSAPP };
    delete env[missing];
    const found = problems(env);
    expect(found).toEqual([expect.stringMatching(new RegExp(`^${missing}: is required`))]);
    for (const value of Object.values(WHATSAPP)) expect(found.join('\n')).not.toContain(value);
  });

  test('a phone number id is digits', () => {
    expect(problems({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: '+49 151 2345' })).toEqual([
      expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID: /),
    ]);
  });

  test('production refuses plain http to the Graph API (the token travels), but not to this machine', () => {
    const production = {
      ...WHATSAPP,
      NODE_ENV: 'production',
      TRACKINGS_BASE_URL: 'https://store.example.test',
      TRACKINGS_API_KEY: 'key-1',
      MicrosoftAppType: 'UserAssignedMSI',
      MicrosoftAppId: 'id',
      MicrosoftAppTenantId: 'tenant',
    };
    expect(problems({ ...production, WHATSAPP_API_URL: 'http://graph.example.test/v24.0' })).toEqual([
      expect.stringMatching(/^WHATSAPP_API_URL: must be https in production/),
    ]);
    expect(loadConfig({ ...production, WHATSAPP_API_URL: 'http://127.0.0.1:4000/v24.0' }).whatsapp?.apiUrl).toBe(
      'http://127.0.0.1:4000/v24.0',
    );
  });
});
