import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A certificate authority and a server certificate it signs, made with the machine's openssl
// for one test (EC P-256: fast to generate). The files live in a temp folder the caller removes.

export interface TestCa {
  dir: string;
  caFile: string;
  caPem: string;
  /** A server certificate and key signed by this CA, for the given subjectAltName list. */
  issue(name: string, altNames: string[]): { cert: string; key: string };
  remove(): void;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function createTestCa(commonName = 'Parallax Test CA'): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-ca-'));
  openssl(
    [
      'req',
      '-x509',
      ...EC,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      `/CN=${commonName}`,
    ],
    dir,
  );
  const caFile = join(dir, 'ca.crt');
  return {
    dir,
    caFile,
    caPem: readFileSync(caFile, 'utf8'),
    issue(name, altNames) {
      writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${altNames.join(',')}\n`);
      openssl(
        ['req', '-new', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`],
        dir,
      );
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'ca.crt',
          '-CAkey',
          'ca.key',
          '-CAcreateserial',
          '-out',
          `${name}.crt`,
          '-days',
          '2',
          '-extfile',
          `${name}.ext`,
        ],
        dir,
      );
      return {
        cert: readFileSync(join(dir, `${name}.crt`), 'utf8'),
        key: readFileSync(join(dir, `${name}.key`), 'utf8'),
      };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
