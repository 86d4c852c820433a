/**
 * The one gateway to botbuilder, botbuilder-core and botframework-connector: nothing else in src/ or dialogs/
 * imports them (test/architecture.test.ts), so an upgrade, or a port to the Microsoft 365 Agents SDK,
 * starts here. It is botbuilder-core (the turn, state, the activity handler, the schema) and the few
 * things of botbuilder's own the bot needs, each from its own module. botbuilder's index also loads
 * Teams' helpers, skills, SharePoint, the legacy BotFrameworkAdapter and its streaming: about 40 ms of
 * every start, for code the bot never runs. Those `lib/` paths are no public API (the package has no
 * exports map to forbid them): this file is where an upgrade checks them.
 */
export * from 'botbuilder-core';
export {
  AuthenticationConstants,
  AuthenticationError,
  ConnectorClient,
  type AuthenticateRequestResult,
  type BotFrameworkAuthentication,
} from 'botframework-connector';
export { CloudAdapter } from 'botbuilder/lib/cloudAdapter';
export { EventFactory } from 'botbuilder/lib/eventFactory';
export { HandoffEventNames } from 'botbuilder/lib/handoffEventNames';
export type { Request, Response } from 'botbuilder/lib/interfaces';
// What CloudAdapter.process applies to a posted activity (timestamps as Dates); not exported from the index.
export { validateAndFixActivity } from 'botbuilder/lib/activityValidator';
