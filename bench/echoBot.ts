/**
 * The framework's floor as a process of its own: botbuilder's echo bot on restify, as its sample is
 * written (CloudAdapter with ConfigurationBotFrameworkAuthentication, an ActivityHandler that echoes),
 * plus the /readyz an operator's probe would ask. Nothing of ours is loaded, so its start and its memory
 * are what any bot on this stack pays before it does anything.
 *
 *   PORT=3979 [MicrosoftAppId=… MicrosoftAppPassword=…] node dist/bench/echoBot.js
 *
 * Without MicrosoftAppId it takes unauthenticated requests, as the echo sample does on a developer machine.
 */
import { ActivityHandler, CloudAdapter, ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import restify from 'restify';

const adapter = new CloudAdapter(new ConfigurationBotFrameworkAuthentication(process.env));
adapter.onTurnError = async (context) => {
  await context.sendActivity('The bot encountered an error.');
};

const bot = new ActivityHandler();
bot.onMessage(async (context, next) => {
  await context.sendActivity(`You said: ${context.activity.text ?? ''}`);
  await next();
});

const server = restify.createServer();
server.use(restify.plugins.bodyParser());
server.post('/api/messages', async (req, res) => {
  await adapter.process(req, res, (context) => bot.run(context));
});
server.get('/readyz', (_req, res, next) => {
  res.send(200, { status: 'ready' });
  next();
});
server.listen(Number(process.env.PORT ?? 3979), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
});
