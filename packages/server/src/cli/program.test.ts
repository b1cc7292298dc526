import { describe, expect, it } from 'vitest';
import { vitrine } from '../../test/support/cli.js';
import { commands } from './program.js';

describe('vitrine help', () => {
  it.each(['--help', '-h'])('prints the commands for %s on the program and exits 0', async (flag) => {
    const result = await vitrine([flag]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Usage: vitrine <command>/);
    for (const command of commands) expect(result.out).toContain(command.name);
  });

  it.each(commands.map((command) => command.name))('prints the usage of `%s --help` and exits 0', async (name) => {
    const result = await vitrine([...name.split(' '), '--help']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^Usage: vitrine ${name}\\b`));
    expect(result.out).toContain('-h, --help');
    expect(result.err).toBe('');
  });

  it.each(['clients', 'keys', 'keys api', 'members'])('lists the subcommands of the group `%s --help` and exits 0', async (group) => {
    const result = await vitrine([...group.split(' '), '-h']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^Usage: vitrine ${group} <command>`));
    for (const command of commands.filter((candidate) => candidate.name.startsWith(`${group} `)))
      expect(result.out).toContain(command.name);
  });

  it('documents the setting each serve flag overrides', async () => {
    const result = await vitrine(['serve', '--help']);
    for (const setting of ['PORT', 'HOST', 'VITRINE_DATA_DIR', 'DATABASE_URL', 'VITRINE_PUBLIC_URL'])
      expect(result.out).toContain(`overrides ${setting}`);
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
    const result = await vitrine(argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(message);
    expect(result.out).toBe('');
  });

  it('exits 2 with the program help when no command is given', async () => {
    const result = await vitrine([]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Usage: vitrine <command>/);
  });

  it('shows the usage line of the command after a usage error', async () => {
    const result = await vitrine(['clients', 'create', '--nope']);
    expect(result.err).toContain('Usage: vitrine clients create --id <id> --name <name> --redirect-uri <uri>...');
  });
});

describe('vitrine configuration errors', () => {
  it.each([
    ['the environment', ['serve'], { PORT: 'abc' }],
    ['a flag', ['serve', '--port', 'abc'], {}],
  ])('lists PORT and exits 1 when %s sets a bad port', async (_how, argv, env) => {
    const result = await vitrine(argv, env);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^vitrine: invalid configuration:\n {2}- PORT: /);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('lists every bad setting at once', async () => {
    const result = await vitrine(['migrate'], { PORT: '70000', DATABASE_URL: 'mysql://x', CAPTCHA: 'sometimes' });
    expect(result.code).toBe(1);
    for (const name of ['PORT', 'DATABASE_URL', 'CAPTCHA']) expect(result.err).toContain(`- ${name}: `);
  });
});
