// Preloaded with `node --require`: when the process exits, writes every file it loaded to LOADED_MODULES_FILE.
process.on('exit', () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file preloaded with node --require
  require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))),
);
