import { describe, expect, it } from 'vitest';
import { vitrine } from '../../test/support/cli.js';
import { commands } from './program.js';

describe('vitrine help', () => {
  it.each(['--help', '-h'])('prints the commands for %s on the program and exits 0', async (flag) => {
    const r = await vitrine([flag]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: vitrine <command>/);
    for (const c of commands) expect(r.out).toContain(c.name);
  });

  it.each(commands.map((c) => c.name))('prints the usage of `%s --help` and exits 0', async (name) => {
    const r = await vitrine([...name.split(' '), '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^Usage: vitrine ${name}\\b`));
    expect(r.out).toContain('-h, --help');
    expect(r.err).toBe('');
  });

  it.each(['clients', 'keys', 'keys api', 'members'])('lists the subcommands of the group `%s --help` and exits 0', async (group) => {
    const r = await vitrine([...group.split(' '), '-h']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^Usage: vitrine ${group} <command>`));
    for (const c of commands.filter((c) => c.name.startsWith(`${group} `))) expect(r.out).toContain(c.name);
  });

  it('documents the setting each serve flag overrides', async () => {
    const r = await vitrine(['serve', '--help']);
    for (const setting of ['PORT', 'HOST', 'VITRINE_DATA_DIR', 'DATABASE_URL', 'VITRINE_PUBLIC_URL'])
      expect(r.out).toContain(`overrides ${setting}`);
  });
});

describe('vitrine usage errors', () => {
  it.each([
    [['serve', '--bogus'], "vitrine serve: unknown option '--bogus'"],
    [['clients', 'list', '-x'], "vitrine clients list: unknown option '-x'"],
    [['--bogus'], "vitrine: unknown option '--bogus'"],
    [['bogus'], "vitrine: unknown command 'bogus'"],
    [['keys', 'bogus'], "vitrine: unknown command 'keys bogus'"],
    [['keys', 'api', 'revoke'], 'vitrine keys api revoke: missing <id>'],
    [['keys', 'api', 'revoke', 'a', 'b'], "vitrine keys api revoke: unexpected argument 'b'"],
    [['keys', 'api', 'create'], 'vitrine keys api create: missing --name'],
    [['serve', '--port'], "vitrine serve: option '-p, --port <value>' argument missing"],
  ])('exits 2 with a message for %j', async (argv, message) => {
    const r = await vitrine(argv);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(message);
    expect(r.out).toBe('');
  });

  it('exits 2 with the program help when no command is given', async () => {
    const r = await vitrine([]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Usage: vitrine <command>/);
  });

  it('shows the usage line of the command after a usage error', async () => {
    const r = await vitrine(['clients', 'create', '--nope']);
    expect(r.err).toContain('Usage: vitrine clients create --id <id> --name <name> --redirect-uri <uri>...');
  });
});

describe('vitrine configuration errors', () => {
  it.each([
    ['the environment', ['serve'], { PORT: 'abc' }],
    ['a flag', ['serve', '--port', 'abc'], {}],
  ])('lists PORT and exits 1 when %s sets a bad port', async (_how, argv, env) => {
    const r = await vitrine(argv, env);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^vitrine: invalid configuration:\n {2}- PORT: /);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('lists every bad setting at once', async () => {
    const r = await vitrine(['migrate'], { PORT: '70000', DATABASE_URL: 'mysql://x', CAPTCHA: 'sometimes' });
    expect(r.code).toBe(1);
    for (const name of ['PORT', 'DATABASE_URL', 'CAPTCHA']) expect(r.err).toContain(`- ${name}: `);
  });
});
