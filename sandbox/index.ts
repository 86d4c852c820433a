/** What the service's composition root uses of sandbox mode; src/index.ts loads it only when sandbox mode runs. */
export { attachSandbox, sandboxBanner } from './attach';
export { SANDBOX_HOST, SHOP_PORT_OFFSET, sandboxRefusal, startSandbox, type Sandbox } from './upstreams';
export { startDemoShop } from './shop/server';
