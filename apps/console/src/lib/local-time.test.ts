import { describe, expect, it } from 'vitest';
import { localInput, readLocalInput } from './local-time.js';

describe('dates in a datetime-local input', () => {
  it('shows a date in local time, to the minute', () => {
    expect(localInput(new Date(2030, 0, 5, 7, 3, 59))).toBe('2030-01-05T07:03');
    expect(localInput(undefined)).toBe('');
    expect(localInput(null)).toBe('');
  });

  it('reads what it shows back as the same local instant (seconds too, when given)', () => {
    expect(readLocalInput('2030-01-05T07:03')).toEqual(new Date(2030, 0, 5, 7, 3));
    expect(readLocalInput(' 2030-12-31T23:59:30 ')).toEqual(new Date(2030, 11, 31, 23, 59, 30));
    expect(readLocalInput('2028-02-29T00:00')).toEqual(new Date(2028, 1, 29));
  });

  it.each([
    '',
    '2030-01-05',
    '2030-1-5T07:03',
    '2030-02-29T10:00',
    '2030-04-31T10:00',
    '2030-13-01T10:00',
    '2030-01-05T24:00',
    '2030-01-05T07:60',
    'soon',
  ])('reads no date from %j', (value) => {
    expect(readLocalInput(value)).toBeUndefined();
  });
});
