/** WhatsApp is on only with its four settings; a start with some of them stops, naming what is missing and never a value. */
import { ConfigError, loadConfig } from '../../../src/config';

const WHATSAPP = {
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_ACCESS_TOKEN: 'EAAG-SECRET-token-0001',
  WHATSAPP_APP_SECRET: 'app-SECRET-0002-abcdef',
  WHATSAPP_VERIFY_TOKEN: 'verify-SECRET-0003',
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
    expect(loadConfig({ ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:4000/v24.0/' }).whatsapp?.apiUrl).toBe('http://127.0.0.1:4000/v24.0');
  });

  test.each(Object.keys(WHATSAPP))('without %s the start stops, naming it and printing no value', (missing) => {
    const env: Record<string, string> = { ...WHATSAPP };
    delete env[missing];
    const found = problems(env);
    expect(found).toEqual([expect.stringMatching(new RegExp(`^${missing}: is required`))]);
    for (const value of Object.values(WHATSAPP)) expect(found.join('\n')).not.toContain(value);
  });

  test('a phone number id is digits', () => {
    expect(problems({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: '+49 151 2345' })).toEqual([expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID: /)]);
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
    expect(problems({ ...production, WHATSAPP_API_URL: 'http://graph.example.test/v24.0' })).toEqual([expect.stringMatching(/^WHATSAPP_API_URL: must be https in production/)]);
    expect(loadConfig({ ...production, WHATSAPP_API_URL: 'http://127.0.0.1:4000/v24.0' }).whatsapp?.apiUrl).toBe('http://127.0.0.1:4000/v24.0');
  });
});
