/**
 * The one gateway to botbuilder-azure-blobs, loaded only where state is kept on blobs (the Azure SDK with it).
 * `sanitizeBlobKey` is no public API (a `lib/` path): this file is where an upgrade checks it.
 */
export { BlobsStorage } from 'botbuilder-azure-blobs';
// The blob name BlobsStorage reads an item from; a create must write the very same name.
export { sanitizeBlobKey } from 'botbuilder-azure-blobs/lib/sanitizeBlobKey';
