/**
 * A certificate for 127.0.0.1 that this test process trusts, for a loopback stand-in of a service that is
 * only ever reached over https (Application Insights' exporter turns any ingestion endpoint into https).
 * Made with openssl for each run; `restore` puts the process's trusted certificates back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export function trustedLoopbackCertificate(): { key: string; cert: string; restore(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loopback-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pem = { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  rmSync(dir, { recursive: true });
  const trusted = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...trusted, pem.cert]);
  return { ...pem, restore: () => tls.setDefaultCACertificates(trusted) };
}
