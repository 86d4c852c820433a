/**
 * How hard the Azure Storage clients (conversation state, watches, the watch queue) try. Storage answers
 * in milliseconds when it is well. When it is not, the SDKs' default retries take about half a minute,
 * far past the channel's deadline; two tries of 2 s each still let the turn answer.
 */
export const STORAGE_RETRY = { maxTries: 2, tryTimeoutInMs: 2_000, retryDelayInMs: 200, maxRetryDelayInMs: 500 };
