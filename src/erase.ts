/**
 * `npm run erase -- --customer <shop customer id> | --phone <number> | --conversation <id> [--channel <id>]`:
 * deletes what the bot keeps about one customer in the configured storage (STORAGE=blob; state in memory
 * lives in the service's own process, out of any other process's reach) and prints how much of each kind
 * it deleted, never an identifier. A composition root: reads the settings, builds the parts, runs once.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config';
import { BlobStateStorage } from './bot/blobStateStorage';
import { NamedStateStorage } from './bot/namedStateStorage';
import { storageNamesFor } from './bot/storage';
import { CustomerUserIds } from './customers/customerUserIds';
import { Erasure, ErasureRefused, type Erased, type ErasureSubject } from './personalData/erasure';
import { STORAGE_RETRY } from './storageRetry';
import { BlobWatchStore } from './watch/azure/blobWatchStore';
import { WhatsAppCustomerIds } from './channels/whatsapp/customerIds';
import { BlobSentUpdates } from './personalData/blobSentUpdates';

const USAGE =
  'usage: npm run erase -- --customer <shop customer id> | --phone <number> | --conversation <id> [--channel <channel id>]';

/** What each count is, in the report's words. */
const KINDS: Record<keyof Erased, string> = {
  conversations: "conversations' state (transcripts included)",
  customers: "customers' state on a channel",
  signedIn: 'signed-in customer records',
  watches: 'watches (Notify me)',
  setAside: 'watches set aside as unreadable',
  whatsappContacts: 'WhatsApp contacts (their number, sealed)',
  whatsappUpdates: 'records of WhatsApp updates sent',
};

function subjectOf(argv: string[]): ErasureSubject {
  const { values } = parseArgs({
    args: argv,
    options: {
      customer: { type: 'string' },
      phone: { type: 'string' },
      conversation: { type: 'string' },
      channel: { type: 'string' },
    },
    strict: true,
  });
  const given = (['customer', 'phone', 'conversation'] as const).filter((name) => values[name]?.trim());
  if (given.length !== 1)
    throw new ErasureRefused(`name exactly one of --customer, --phone or --conversation\n${USAGE}`);
  if (values.channel && given[0] !== 'conversation')
    throw new ErasureRefused(`--channel goes with --conversation\n${USAGE}`);
  if (values.customer) return { customer: values.customer.trim() };
  if (values.phone) return { phone: values.phone };
  return { conversation: values.conversation!.trim(), channel: values.channel?.trim() || undefined };
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  let config: Config;
  let subject: ErasureSubject;
  try {
    subject = subjectOf(argv);
    config = loadConfig(env);
  } catch (error) {
    if (
      error instanceof ErasureRefused ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      out(error instanceof Error ? error.message : String(error));
      return 2;
    }
    throw error;
  }
  if (config.storage.kind !== 'blob') {
    out(
      "erase works on the storage the service shares, STORAGE=blob. With STORAGE=memory everything is kept in the service's own process, which no other process reaches: it is gone when the service restarts, and each item after MEMORY_STATE_IDLE_MINUTES without use.",
    );
    return 2;
  }
  const { connectionString, container, keySecret } = config.storage;
  const raw = new BlobStateStorage(connectionString, container, { retryOptions: STORAGE_RETRY });
  const names = storageNamesFor(config.storage);
  const erasure = new Erasure({
    raw,
    named: new NamedStateStorage(raw, names),
    names,
    watches: new BlobWatchStore(connectionString, container, { retryOptions: STORAGE_RETRY }),
    customerIds: config.webchat.customerIdSecret ? new CustomerUserIds(config.webchat.customerIdSecret) : undefined,
    whatsAppIds: new WhatsAppCustomerIds(keySecret),
    sentUpdates: new BlobSentUpdates(connectionString, container, { retryOptions: STORAGE_RETRY }),
  });
  let erased: Erased;
  try {
    erased = await erasure.erase(subject);
  } catch (error) {
    if (!(error instanceof ErasureRefused)) throw error;
    out(error.message);
    return 2;
  }
  out('Deleted:');
  for (const [kind, words] of Object.entries(KINDS)) out(`  ${erased[kind as keyof Erased]} ${words}`);
  out('Queue entries of deleted watches hold only a keyed id; each is dropped, unchecked, when it next comes due.');
  out(
    'WhatsApp message ids taken are kept by a keyed hash of the id alone, with a time and nothing else: none can be found from a customer; each ends 7 days after it was taken.',
  );
  return 0;
}

if (require.main === module) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  main(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // The storage's own words can name a blob (a keyed name, never an id); the message alone, no stack.
      process.stderr.write(`erase failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
