/**
 * The bot under measurement, in a process of its own so that its CPU time and memory are its own.
 * Besides the real app it serves an echo bot on the same adapter and server: the framework's floor.
 * It reports over IPC: { port } when listening, then { cpu, memory, state } when asked.
 */
import { ActivityHandler, MemoryStorage } from 'botbuilder';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { registerMessagesRoute } from '../src/bot/messagesRoute';
import { loadConfig } from '../src/config';
import { silentLogger } from '../src/tracking/logger';

const store: Record<string, string> = {};
const app = createApp(loadConfig(process.env), silentLogger, { storage: new MemoryStorage(store) });

const echo = new ActivityHandler();
echo.onMessage(async (context, next) => {
  await context.sendActivity(`You said: ${context.activity.text ?? ''}`);
  await next();
});
registerMessagesRoute(app.server, app.adapter, echo, '/api/echo');

let peakRss = 0;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50).unref();

process.on('message', (message: { type: string }) => {
  // A clean exit, so that --cpu-prof (inherited from the bench) can write its profile.
  if (message.type === 'stop') process.exit(0);
  if (message.type !== 'stats') return;
  // Conversation state as stored: one entry per conversation (botbuilder keys it by channel and conversation).
  const state = Object.entries(store)
    .filter(([key]) => key.includes('/conversations/'))
    .map(([, value]) => Buffer.byteLength(value));
  process.send!({ type: 'stats', cpu: process.cpuUsage(), rss: process.memoryUsage().rss, peakRss, heapUsed: process.memoryUsage().heapUsed, state });
});

app.server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'listening', port: (app.server.address() as AddressInfo).port });
});
