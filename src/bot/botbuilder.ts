/**
 * botbuilder as the bot uses it: botbuilder-core (the turn, state, the activity handler, the schema) and
 * the three things of botbuilder's own it needs, each from its own module. botbuilder's index also loads
 * Teams' helpers, skills, SharePoint, the legacy BotFrameworkAdapter and its streaming: about 40 ms of
 * every start, for code the bot never runs. Import botbuilder from here.
 */
export * from 'botbuilder-core';
export { CloudAdapter } from 'botbuilder/lib/cloudAdapter';
export { EventFactory } from 'botbuilder/lib/eventFactory';
export { HandoffEventNames } from 'botbuilder/lib/handoffEventNames';
export type { Request, Response } from 'botbuilder/lib/interfaces';
