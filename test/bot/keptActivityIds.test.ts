/** The activity ids a conversation's state keeps to spot a delivery made twice: short, and still one per activity. */
import { keptId } from '../../src/bot/duplicateDeliveries';

test("Direct Line's ids are kept without the conversation's id they repeat", () => {
  expect(keptId('Lm2ldH0XwSs4OjWgDFHkbz-us|0000012', 'Lm2ldH0XwSs4OjWgDFHkbz-us')).toBe('|0000012');
});

test('short ids are kept as they are; long ones as a 16-character hash, different for different ids', () => {
  expect(keptId('1700000000123', 'a:1conversation')).toBe('1700000000123');
  const long = keptId('f:9e3c2a4b-1111-4222-8333-444455556666', 'a:1conversation');
  expect(long).toHaveLength(16);
  expect(keptId('f:9e3c2a4b-1111-4222-8333-444455556667', 'a:1conversation')).not.toBe(long);
  expect(keptId('f:9e3c2a4b-1111-4222-8333-444455556666', 'a:1conversation')).toBe(long);
});
