/** A POST that names its own Host (a page rebinding its name to this machine): fetch sets Host itself. */
import http from 'node:http';

/** `Body`: the shape of the JSON the test expects back. */
export function fetchWithHost<Body = unknown>(
  url: string,
  host: string,
  body: unknown,
): Promise<{ status: number; body: Body }> {
  const payload = JSON.stringify(body);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        setHost: false,
        agent: false,
        headers: { Host: host, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
