import { Memo } from '../../src/runtime/memo';

/** A computation that counts how often it ran. */
function counted<T>(answer: (key: string) => T) {
  const runs: string[] = [];
  return { runs, compute: (key: string) => () => (runs.push(key), answer(key)) };
}

test('an answer is worked out once, "no such thing" (undefined) too', () => {
  const memo = new Memo<string | undefined>(4);
  const { runs, compute } = counted((key) => (key === 'Mars/Olympus' ? undefined : key));
  for (let i = 0; i < 3; i++) {
    expect(memo.get('Mars/Olympus', compute('Mars/Olympus'))).toBeUndefined();
    expect(memo.get('Europe/Berlin', compute('Europe/Berlin'))).toBe('Europe/Berlin');
  }
  expect(runs).toEqual(['Mars/Olympus', 'Europe/Berlin']);
});

test('a client sending a new key with every message cannot grow it, nor push out the keys in use', () => {
  const memo = new Memo<string>(3);
  const { runs, compute } = counted((key) => key);
  for (let i = 0; i < 1_000; i++) {
    memo.get('de-DE', compute('de-DE'));
    memo.get(`xx-${i}`, compute(`xx-${i}`));
  }
  // de-DE is used every turn: worked out once, never dropped for the stream of new ones.
  expect(runs.filter((key) => key === 'de-DE')).toHaveLength(1);
  // The oldest of the new ones is gone: asked again, it is worked out again.
  memo.get('xx-0', compute('xx-0'));
  expect(runs.filter((key) => key === 'xx-0')).toHaveLength(2);
});
