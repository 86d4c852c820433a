import { createHmac } from 'node:crypto';
import { DEMO, startGraphApiSimulator, SIM_ACCESS_TOKEN, SIM_PHONE_NUMBER_ID, type GraphApiSimulator } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let graph: GraphApiSimulator;
let seq = 0;
const sign = (raw: string) => `sha256=${createHmac('sha256', 'sec').update(raw).digest('hex')}`;
function msg(from: string, content: Record<string, unknown>) {
  return { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '1', phone_number_id: SIM_PHONE_NUMBER_ID }, contacts: [{ profile: { name: 'K' }, wa_id: from }], messages: [{ from, id: `wamid.X${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), ...content }] } }] }] };
}
test('peek', async () => {
  graph = await startGraphApiSimulator();
  const running: RunningApp = await startApp(configFor(upstreams, { ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', WHATSAPP_PHONE_NUMBER_ID: SIM_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN: SIM_ACCESS_TOKEN, WHATSAPP_APP_SECRET: 'sec', WHATSAPP_VERIFY_TOKEN: 'v', WHATSAPP_API_URL: `${graph.url}/v24.0`, ORDER_DETAILS: process.env.OD ?? 'open', SUPPORT_URL: 'https://shop.example/help' }));
  const say = async (from: string, text: string) => {
    const raw = JSON.stringify(msg(from, { type: 'text', text: { body: text } }));
    await running.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) });
    await running.app.whatsapp!.idle();
    console.log(`>>> ${from}: ${text}\n` + graph.sent.map((m) => JSON.stringify(m.body.type === 'text' ? m.body.text : m.body.interactive)).join('\n'));
    graph.reset();
  };
  for (const [phone, lines] of [['447700900456', ['hi', DEMO.checkpoints.inTransitMultiShipment, `hi, where is my parcel ${DEMO.trackings.trackingNumbers.inTransit}?`, '#1001', 'talk to a person']], ['31612345678', ['hallo', 'waar is ORD-1001?', '#1001', 'met een medewerker praten']], ['33612345678', ['bonjour', 'où est ORD-1001 ?', '#1001']]] as const) for (const l of lines) await say(phone, l);
  await running.close();
  await graph.close();
});
