import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../support/postgres';

// The throwaway PostgreSQL of the team tests cleans up after a test process that crashes
// (exit hook) and after one killed outright (removed by the next start).

const CHILD = join(import.meta.dirname, 'support', 'harness-child.ts');

interface Started {
  dataDir: string;
  port: number;
}

function startChild(
  mode: 'exit' | 'hang',
): Promise<{ started: Started; kill(): void; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line)
        resolve({ started: JSON.parse(line) as Started, kill: () => child.kill('SIGKILL'), exited });
    });
    void exited.then(() => reject(new Error(`the child ended before starting a server: ${out}`)));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the test PostgreSQL harness', () => {
  it('stops and removes the server of a test process that exits without closing it', async () => {
    const child = await startChild('exit');
    expect(await child.exited).toBe(3);
    expect(existsSync(dirname(child.started.dataDir))).toBe(false);
    expect(await accepts(child.started.port)).toBe(false);
  });

  it('removes the server a killed test process left behind at the next start', async () => {
    const child = await startChild('hang');
    child.kill();
    await child.exited;
    expect(await accepts(child.started.port)).toBe(true);
    const next = await startTestPostgres();
    try {
      expect(existsSync(dirname(child.started.dataDir))).toBe(false);
      expect(await accepts(child.started.port)).toBe(false);
    } finally {
      await next.close();
    }
  });
});
