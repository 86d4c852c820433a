/**
 * Node's compile cache (Node 22.1+), switched on before anything else is loaded: a start after the
 * first one reads the compiled code of our files and botbuilder's from disk instead of compiling them
 * again, which is most of a cold start. Node's own variables steer it: NODE_COMPILE_CACHE names the
 * folder (by default node-compile-cache under the system's temporary folder, which App Service and
 * containers let a service write), NODE_DISABLE_COMPILE_CACHE=1 turns it off. A folder it cannot write
 * costs nothing but the cache. Imported first by index.ts, for its effect; the outcome is logged there.
 * Node writes the cache when the process exits normally (SIGTERM, as App Service and Kubernetes stop a
 * service, ends in process.exit): about 1,700 small files for a start in sandbox mode or production. It is
 * not flushed earlier on purpose: the write blocks the event loop (1.3 s here on a first start), which
 * a start must not wait for, nor a customer's turn.
 */
import module from 'node:module';

export interface CompileCacheOutcome {
  /** enabled, already (enabled by NODE_COMPILE_CACHE), failed, disabled, or unavailable on this Node. */
  status: string;
  directory?: string;
  /** Node's reason when it could not use the folder. */
  message?: string;
}

function enable(): CompileCacheOutcome {
  if (typeof module.enableCompileCache !== 'function') return { status: 'unavailable' };
  const { status, directory, message } = module.enableCompileCache();
  const named =
    Object.entries(module.constants.compileCacheStatus)
      .find(([, value]) => value === status)?.[0]
      .toLowerCase() ?? String(status);
  return { status: named, ...(directory && { directory }), ...(message && { message }) };
}

export const compileCache: CompileCacheOutcome = enable();
