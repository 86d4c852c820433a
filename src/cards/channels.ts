/** Which Bot Framework channels render Adaptive Cards; every other one gets plain text. */
const ADAPTIVE_CARD_CHANNELS: ReadonlySet<string> = new Set(['msteams', 'webchat', 'directline', 'emulator', 'test', 'omnichannel']);

export function supportsAdaptiveCards(channel: string): boolean {
  return ADAPTIVE_CARD_CHANNELS.has((channel ?? '').trim().toLowerCase());
}

export function isTeams(channel: string): boolean {
  return (channel ?? '').trim().toLowerCase() === 'msteams';
}
