import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { readConnectError } from '../../src/tracking/trackings/connectError';

/** google.rpc.BadRequest with the given field violations, encoded as protobuf and base64, as Connect sends `value`. */
function badRequestValue(...fields: Array<[string, string]>): string {
  const writer = new BinaryWriter();
  for (const [field, description] of fields)
    writer
      .uint32((1 << 3) | 2)
      .fork()
      .uint32((1 << 3) | 2)
      .string(field)
      .uint32((2 << 3) | 2)
      .string(description)
      .join();
  return Buffer.from(writer.finish()).toString('base64');
}

describe('reading a Connect error', () => {
  test('the code comes from the body, with the message and meta.argument', () => {
    const error = readConnectError(400, {
      code: 'invalid_argument',
      message: 'bad order id',
      meta: { argument: 'order_id' },
    });
    expect(error).toMatchObject({
      code: 'invalid_argument',
      message: 'bad order id',
      argument: 'order_id',
      fromBody: true,
    });
  });

  test('field violations are read from the debug form of a google.rpc.BadRequest detail', () => {
    const error = readConnectError(400, {
      code: 'invalid_argument',
      details: [
        {
          type: 'google.rpc.BadRequest',
          value: '',
          debug: { fieldViolations: [{ field: 'store_id', description: 'required' }] },
        },
      ],
    });
    expect(error.violations).toEqual([{ field: 'store_id', description: 'required' }]);
    expect(error.argument).toBe('store_id');
  });

  test('field violations are decoded from the protobuf value when there is no debug form', () => {
    const error = readConnectError(400, {
      code: 'invalid_argument',
      details: [
        {
          type: 'type.googleapis.com/google.rpc.BadRequest',
          value: badRequestValue(['order_id', 'must be 12 characters'], ['store_id', 'x']),
        },
      ],
    });
    expect(error.violations).toEqual([
      { field: 'order_id', description: 'must be 12 characters' },
      { field: 'store_id', description: 'x' },
    ]);
    expect(error.argument).toBe('order_id');
  });

  test('meta.argument wins over details when both are present', () => {
    const error = readConnectError(400, {
      code: 'invalid_argument',
      meta: { argument: 'tracking_number' },
      details: [{ type: 'google.rpc.BadRequest', debug: { fieldViolations: [{ field: 'order_id' }] } }],
    });
    expect(error.argument).toBe('tracking_number');
  });

  test('other detail types and garbage in details are ignored', () => {
    const error = readConnectError(400, {
      code: 'invalid_argument',
      details: [
        null,
        5,
        { type: 'google.rpc.RetryInfo', value: 'AAAA' },
        { type: 'google.rpc.BadRequest', value: '!!not base64 protobuf!!' },
      ],
    });
    expect(error.violations).toEqual([]);
    expect(error.argument).toBeUndefined();
  });

  test.each([
    [404, 'unimplemented'],
    [401, 'unauthenticated'],
    [403, 'permission_denied'],
    [429, 'unavailable'],
    [503, 'unavailable'],
    [400, 'internal'],
    [500, 'unknown'],
  ])(
    'a body without a Connect code falls back to the HTTP status: %i → %s (a bare 404 is not "order not found")',
    (status, code) => {
      const error = readConnectError(status, '<html>Bad Gateway</html>');
      expect(error).toMatchObject({ code, fromBody: false });
    },
  );

  test('an unknown code in the body is not trusted', () => {
    expect(readConnectError(404, { code: 'ORDER_MISSING' })).toMatchObject({ code: 'unimplemented', fromBody: false });
  });
});
