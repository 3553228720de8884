import { spawn } from 'node:child_process';

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs Node (this test's own) in a child process, asynchronously so a loopback server in
 * the test process keeps answering; `input` is piped on stdin.
 */
export function runNode(
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string },
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
