// Preloaded into a service process: botbuilder-core as a release might change it, with `responded` kept
// somewhere turnTransaction.ts cannot set back (here: it stays true once set).
const { TurnContext } = require('botbuilder-core');
Object.defineProperty(TurnContext.prototype, 'responded', {
  get() {
    return this.__said === true;
  },
  set(value) {
    if (value) this.__said = true;
  },
  configurable: true,
});
