// Preloaded with `node --require`: when the process exits, writes every file it loaded to LOADED_MODULES_FILE.
process.on('exit', () =>
  require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))),
);
