/**
 * Watches as blobs in the container of the conversation state, one blob per watch:
 * `watches/<conversation tag>/<watch id>.json`. A watch id starts with its conversation's tag
 * (watchId()), so the one name serves both ways in: read(id) derives it from the id, and a
 * conversation's watches are the blobs under its prefix, listed without an index (blob index tags are
 * not reliable on Azurite, and a second "index" blob could disagree with the watch after a crash).
 * The state's blobs have flat, URI-encoded names (`msteams%2Fconversations%2F…`), so none falls under
 * `watches/`.
 *
 * The blob's own eTag is the watch's version: a create is an upload with If-None-Match: *, a change one
 * with If-Match: <eTag>. Azure answers a lost race with 412 (ConditionNotMet), a create of an existing
 * blob with 409 (BlobAlreadyExists), and a change of a removed blob with 412 or 404; each is "another
 * write or a delete came first".
 *
 * The watch's `dueBy` is also the blob's metadata `dueby`, so the sweep lists the overdue watches with
 * the names alone, without reading each blob; likewise its end (`ends`), and whether it may make room
 * (`signedin`, `yielded`), so that the census for NOTIFY_MAX_WATCHES is one listing.
 *
 * A blob that is not a watch (cut short, written by hand) is set aside once, as
 * `watches/<tag>/<id>.unreadable` (kept for a person to look at, out of every listing of watches), and
 * logged once; its conversation is told at its next "My notifications" or "Notify me" (setAside()).
 */
import { ContainerClient, RestError, type StoragePipelineOptions } from '@azure/storage-blob';
import { silentLogger, type Logger } from '../../runtime/logger';
import { conversationOfWatch, isConversationTag, type Watch } from '../watchRecord';
import type { Census, StoredWatch, WatchStore } from '../watchStore';

/** Every blob of this store is under it (a lifecycle rule gives it its end of life, docs/personal-data.md). */
export const WATCH_PREFIX = 'watches/';
const PREFIX = WATCH_PREFIX;
const DUE_BY = 'dueby';
const ENDS = 'ends';
const SIGNED_IN = 'signedin';
const YIELDED = 'yielded';
const UNREADABLE = '.unreadable';
/** Metadata of a set-aside blob once its conversation was told. */
const TOLD = 'told';

export class BlobWatchStore implements WatchStore {
  private readonly container: ContainerClient;
  private ready?: Promise<unknown>;

  constructor(
    connectionString: string,
    containerName: string,
    pipeline: StoragePipelineOptions,
    private readonly logger: Logger = silentLogger,
  ) {
    this.container = new ContainerClient(connectionString, containerName, pipeline);
  }

  async read(id: string): Promise<StoredWatch | undefined> {
    const name = blobName(id);
    if (!name) return undefined;
    await this.containerReady();
    return this.download(name);
  }

  async write(watch: Watch, etag: string | undefined): Promise<string | undefined> {
    const name = blobName(watch.id);
    if (!name || conversationOfWatch(watch.id) !== watch.conversation)
      throw new Error('a watch id must start with its conversation tag (watchId())');
    await this.containerReady();
    const body = JSON.stringify(watch);
    try {
      const written = await this.container.getBlockBlobClient(name).upload(body, Buffer.byteLength(body), {
        conditions: etag === undefined ? { ifNoneMatch: '*' } : { ifMatch: etag },
        blobHTTPHeaders: { blobContentType: 'application/json' },
        metadata: metadataOf(watch),
      });
      return written.etag;
    } catch (error) {
      if (isStatus(error, 409, 412) || isBlobNotFound(error)) return undefined;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    const name = blobName(id);
    if (!name) return;
    await this.containerReady();
    await this.container.getBlockBlobClient(name).deleteIfExists();
  }

  async overdue(now: number): Promise<string[]> {
    await this.containerReady();
    const ids: string[] = [];
    for await (const blob of this.container.listBlobsFlat({ prefix: PREFIX, includeMetadata: true })) {
      const id = idOf(blob.name);
      // No deadline yet (a watch kept from before): the sweep reads it and gives it one.
      if (id && !(Number(blob.metadata?.[DUE_BY]) >= now)) ids.push(id);
    }
    return ids;
  }

  async census(): Promise<Census> {
    await this.containerReady();
    const census: Census = { count: 0, visitors: [] };
    for await (const blob of this.container.listBlobsFlat({ prefix: PREFIX, includeMetadata: true })) {
      const id = idOf(blob.name);
      if (!id || blob.metadata?.[YIELDED]) continue;
      census.count++;
      // A watch kept from before has no end here: it makes room first (its check reads the rest).
      if (!blob.metadata?.[SIGNED_IN]) census.visitors.push({ id, expiresAt: Number(blob.metadata?.[ENDS]) || 0 });
    }
    return census;
  }

  async setAside(conversation: string): Promise<number> {
    if (!isConversationTag(conversation)) return 0;
    await this.containerReady();
    let untold = 0;
    for await (const blob of this.container.listBlobsFlat({
      prefix: `${PREFIX}${conversation}/`,
      includeMetadata: true,
    })) {
      if (!blob.name.endsWith(UNREADABLE) || blob.metadata?.[TOLD]) continue;
      await this.container.getBlockBlobClient(blob.name).setMetadata({ [TOLD]: '1' });
      untold++;
    }
    return untold;
  }

  /** Erasure: every blob of the conversation's watches, set-aside ones included; how many of each were there. */
  async erase(conversation: string): Promise<{ watches: number; setAside: number }> {
    const erased = { watches: 0, setAside: 0 };
    if (!isConversationTag(conversation)) return erased;
    await this.containerReady();
    for await (const blob of this.container.listBlobsFlat({ prefix: `${PREFIX}${conversation}/` })) {
      const { succeeded } = await this.container.getBlockBlobClient(blob.name).deleteIfExists();
      if (succeeded) erased[blob.name.endsWith(UNREADABLE) ? 'setAside' : 'watches']++;
    }
    return erased;
  }

  async ofConversation(conversation: string): Promise<Watch[]> {
    if (!isConversationTag(conversation)) return [];
    await this.containerReady();
    const names: string[] = [];
    for await (const blob of this.container.listBlobsFlat({ prefix: `${PREFIX}${conversation}/` })) {
      // Only the blobs this store writes there: a watch id of this conversation, and nothing nested.
      if (idOf(blob.name)) names.push(blob.name);
    }
    // A handful per conversation (NOTIFY_MAX_PER_CONVERSATION): read at once. One removed meanwhile is left out.
    const watches = (await Promise.all(names.map((name) => this.download(name)))).flatMap((stored) =>
      stored ? [stored.watch] : [],
    );
    return watches.sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
  }

  private async download(name: string): Promise<StoredWatch | undefined> {
    try {
      // One request: the body and the eTag of the same version.
      const response = await this.container.getBlockBlobClient(name).download();
      const body = await text(response.readableStreamBody);
      const watch = parseWatch(body);
      if (watch) return { watch, etag: response.etag! };
      await this.setAsideBlob(name, body);
      return undefined;
    } catch (error) {
      if (isBlobNotFound(error)) return undefined;
      throw error;
    }
  }

  /** Out of the way of every check and listing, once: a second reader finds the blob gone. */
  private async setAsideBlob(name: string, body: string): Promise<void> {
    const aside = `${name.slice(0, -'.json'.length)}${UNREADABLE}`;
    try {
      await this.container
        .getBlockBlobClient(aside)
        .upload(body, Buffer.byteLength(body), { conditions: { ifNoneMatch: '*' } });
    } catch (error) {
      if (!isStatus(error, 409, 412)) throw error;
    }
    const { succeeded } = await this.container.getBlockBlobClient(name).deleteIfExists();
    if (succeeded)
      this.logger.warn(
        { bytes: Buffer.byteLength(body) },
        'a watch that could not be read was set aside; its customer is told when they next ask about their notifications',
      );
  }

  /** Created when missing, once per process; tried again after a failure (storage down at start). */
  private containerReady(): Promise<unknown> {
    this.ready ??= this.container.createIfNotExists().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** What listings read without the blob: the sweep's deadline, and what the census counts. */
function metadataOf(watch: Watch): Record<string, string> {
  return {
    [ENDS]: String(watch.expiresAt),
    ...(watch.dueBy !== undefined && { [DUE_BY]: String(watch.dueBy) }),
    ...(watch.signedIn && { [SIGNED_IN]: '1' }),
    ...(watch.yielded && { [YIELDED]: '1' }),
  };
}

/** Undefined for an id that is not a watch id: nothing outside `watches/<tag>/` can be named. */
function blobName(id: string): string | undefined {
  const conversation = conversationOfWatch(id);
  return conversation && `${PREFIX}${conversation}/${id}.json`;
}

/** The watch id a blob name stands for, when it is a name this store writes (a watch id under its conversation, nothing nested). */
function idOf(name: string): string | undefined {
  const id = name.slice(name.lastIndexOf('/') + 1, -'.json'.length);
  return blobName(id) === name ? id : undefined;
}

/** A watch, or undefined for text that is not one (the fields every check and listing relies on). */
function parseWatch(body: string): Watch | undefined {
  try {
    const watch = JSON.parse(body) as Partial<Watch> | null;
    const fine =
      typeof watch?.id === 'string' &&
      typeof watch.conversation === 'string' &&
      typeof watch.entry === 'string' &&
      typeof watch.shown === 'string' &&
      typeof watch.request === 'object' &&
      watch.request !== null &&
      typeof watch.expiresAt === 'number';
    return fine ? (watch as Watch) : undefined;
  } catch {
    return undefined;
  }
}

function isStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof RestError && statuses.includes(error.statusCode ?? 0);
}

/** The blob is gone; not the container (that is a broken setup, and must be seen). */
function isBlobNotFound(error: unknown): boolean {
  return isStatus(error, 404) && (error as RestError).code !== 'ContainerNotFound';
}

async function text(body: NodeJS.ReadableStream | undefined): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body ?? []) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
