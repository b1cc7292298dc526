import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const DATABASE_URL = 'postgres://vitrine@127.0.0.1:5432/shop';

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it.each([
    [undefined, true],
    ['true', true],
    ['yes', true],
    ['false', false],
    ['0', false],
  ])('reads %s as prepared statements %s on PostgreSQL', (setting, expected) => {
    expect(loadConfig({ DATABASE_URL, DATABASE_PREPARED_STATEMENTS: setting }).database).toEqual({
      kind: 'postgres',
      url: DATABASE_URL,
      preparedStatements: expected,
    });
  });

  it('rejects anything but a yes or a no, naming the setting', () => {
    expect(() => loadConfig({ DATABASE_URL, DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(
      new ConfigError(['DATABASE_PREPARED_STATEMENTS: Invalid option: expected one of "0"|"1"|"true"|"false"|"yes"|"no"']),
    );
  });
});
