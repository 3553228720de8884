import { describe, expect, it } from 'vitest';
import { dockerCmd, fences, parallaxArgs, read, unitExecStart } from '../../support/deploy-files';

// The runner's systemd unit and container image run the documented command, and the guide shows
// them as they are. Neither systemd nor docker runs here: the files are parsed as they would
// read them, and runner.test.ts runs the command itself against PostgreSQL and the sandbox.

const unit = read('deploy/parallax-runner.service');
const seedUnit = read('deploy/parallax-seed@.service');
const seedTimer = read('deploy/parallax-seed@.timer');
const dockerfile = read('deploy/Dockerfile');
const guide = read('docs/guides/runner.md');

describe('runner deployment files', () => {
  it('the unit and the image run `parallax runner --all --key-file <key file>`', () => {
    const fromUnit = parallaxArgs(unitExecStart(unit));
    const fromImage = parallaxArgs(dockerCmd(dockerfile));
    expect(fromUnit).toEqual(['runner', '--all', '--key-file', '%d/service-key']);
    expect(fromImage).toEqual(['runner', '--all', '--key-file', '/run/secrets/parallax-key']);
    // The same command but for where each platform puts the secret.
    expect(fromUnit.slice(0, -1)).toEqual(fromImage.slice(0, -1));
    expect(guide).toContain('`parallax runner --all --key-file <key file>`');
    expect(guide).toContain('npx parallax runner --all --key-file /run/secrets/parallax-key');
  });

  it('stops cleanly: SIGTERM, exit 130 is success, the credential is loaded, not passed', () => {
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^SuccessExitStatus=130$/m);
    expect(unit).toMatch(/^LoadCredential=service-key:\/etc\/parallax\/service-key$/m);
    expect(unit).toMatch(/^Restart=always$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('the seed unit publishes its instance’s workspace daily from its timer, unless a runner just did', () => {
    expect(parallaxArgs(unitExecStart(seedUnit))).toEqual([
      '--workspace',
      '%i',
      'team',
      'seed',
      '--if-older',
      '20h',
    ]);
    expect(seedUnit).toMatch(/^Type=oneshot$/m);
    expect(seedUnit).toMatch(/^EnvironmentFile=\/etc\/parallax\/runner.env$/m);
    expect(seedTimer).toMatch(/^OnCalendar=\*-\*-\* 03:00:00$/m);
    expect(seedTimer).toMatch(/^Persistent=true$/m);
  });

  it('the guide shows the files exactly as they are', () => {
    expect(fences(guide, 'ini')).toEqual([unit, seedUnit, seedTimer]);
    expect(fences(guide, 'dockerfile')).toEqual([dockerfile]);
  });
});
