/**
 * Issue #18: every date-time a client sends is checked exactly before it reaches the database:
 * a day the calendar has, year 1 or later, an offset PostgreSQL takes. Such dates answered 500
 * (PostgreSQL: "date/time field value out of range") on the routes below.
 */
import { describe, expect, it } from 'vitest';
import { merchantCall, violationRules } from '../../test/support/merchant-api.js';
import { testServerForFile } from '../../test/support/server-for-file.js';
import { formatLocalDateTime, isExactDateTime } from './date-time.js';

describe('formatLocalDateTime (#20)', () => {
  it.each([
    ['Pacific/Auckland', '27 November 2026, 12:30 GMT+13'],
    ['America/Los_Angeles', '26 November 2026, 15:30 GMT-8'],
    ['Europe/Berlin', '27 November 2026, 00:30 CET'],
    ['UTC', '26 November 2026, 23:30 UTC'],
  ])('writes 2026-11-26T23:30Z in %s as %s', (zone, text) => {
    expect(formatLocalDateTime('2026-11-26T23:30:00Z', zone)).toBe(text);
  });
});

describe('isExactDateTime', () => {
  it.each([
    ['2024-02-29T00:00:00Z', true],
    ['2024-02-30T00:00:00Z', false],
    ['2023-02-29T00:00:00Z', false],
    ['2000-02-29T12:00:00+01:00', true],
    ['1900-02-29T12:00:00Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['0001-01-01T00:00:00Z', true],
    ['2024-13-01T00:00:00Z', false],
    ['2024-04-31T00:00:00Z', false],
    ['2024-01-01T24:00:00Z', false],
    ['2024-01-01T23:60:00Z', false],
    ['2024-01-01T00:00:00+15:59', true],
    ['2024-01-01T00:00:00-16:00', false],
    ['2024-01-01T00:00:00', false],
    ['2024-01-01', false],
    ['garbage', false],
  ])('%s → %s', (value, exact) => {
    expect(isExactDateTime(value)).toBe(exact);
  });
});

const server = testServerForFile();

describe('dates a client sends (#18)', () => {
  it.each(['0000-01-01T00:00:00Z', '2024-01-01T00:00:00-23:59'])(
    'refuses %s in the orders search with a FORMAT violation',
    async (date) => {
      const answer = await merchantCall(server, 'POST', '/ecom/v1/orders/search', { filter: { createdDate: { from: date } } });
      expect(violationRules(answer)).toEqual(['filter.createdDate.from: FORMAT']);
    },
  );

  it('refuses year 0 in a coupon', async () => {
    const answer = await merchantCall(server, 'POST', '/_api/vitrine/v1/coupons', {
      code: 'YEAR0',
      name: 'Year zero',
      kind: 'PERCENT',
      value: '10',
      startsAt: '0000-06-01T00:00:00Z',
    });
    expect(violationRules(answer)).toEqual(['startsAt: FORMAT']);
  });
});
