/**
 * Erasure of the records of WhatsApp updates sent (sentUpdates.ts), on Azure blobs. Each is named by a keyed hash
 * of a message id, which nothing of the customer's leads to; but each names the watch it was an update of, and a
 * watch's id starts with its conversation's tag. So the few days' records are listed and read, and those of the
 * customer's conversations deleted.
 */
import { ContainerClient, type StoragePipelineOptions } from '@azure/storage-blob';
import { SENT_UPDATE_PREFIX, type SentUpdate } from '../bot/whatsapp/sentUpdates';
import { conversationOfWatch } from '../watch/watchRecord';

/** Records read at once: they are small, and an operator waits for the command. */
const READ_AT_ONCE = 16;

export class BlobSentUpdates {
  private readonly container: ContainerClient;

  constructor(connectionString: string, containerName: string, pipeline: StoragePipelineOptions) {
    this.container = new ContainerClient(connectionString, containerName, pipeline);
  }

  /** Deletes the records of updates sent for watches of these conversations (their tags); how many there were. */
  async erase(conversations: ReadonlySet<string>): Promise<number> {
    if (!conversations.size || !(await this.container.exists())) return 0;
    const names: string[] = [];
    for await (const blob of this.container.listBlobsFlat({ prefix: SENT_UPDATE_PREFIX })) names.push(blob.name);
    let erased = 0;
    for (let start = 0; start < names.length; start += READ_AT_ONCE) {
      const counts = await Promise.all(
        names.slice(start, start + READ_AT_ONCE).map((name) => this.eraseIfOf(name, conversations)),
      );
      erased += counts.reduce((sum, each) => sum + each, 0);
    }
    return erased;
  }

  private async eraseIfOf(name: string, conversations: ReadonlySet<string>): Promise<number> {
    const blob = this.container.getBlobClient(name);
    const body = await blob.downloadToBuffer().catch((error: unknown) => {
      // Taken (a failure acted on) or ended since it was listed.
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw error;
    });
    const watch = body && watchOf(body.toString('utf8'));
    const conversation = watch && conversationOfWatch(watch);
    if (!conversation || !conversations.has(conversation)) return 0;
    return (await blob.deleteIfExists()).succeeded ? 1 : 0;
  }
}

function watchOf(text: string): string | undefined {
  try {
    const { watch } = JSON.parse(text) as Partial<SentUpdate>;
    return typeof watch === 'string' ? watch : undefined;
  } catch {
    // Not a record this bot wrote whole: nothing of it names a customer.
    return undefined;
  }
}
