import { describe, expect, it } from 'vitest';
import { chosenTimeText, timeSlotText } from './time-slot.js';

describe('timeSlotText: a time slot as a buyer reads it', () => {
  it("writes the day once and the hours on the location's clock, a time on the hour without :00", () => {
    expect(timeSlotText({ from: '2026-12-01T15:00:00Z', to: '2026-12-01T17:30:00Z' }, 'America/New_York')).toEqual({
      day: 'Tue, Dec 1',
      hours: '10 AM – 12:30 PM',
      zone: 'Eastern Time',
    });
  });

  it("reads the minutes on the zone's own clock (India is 5 h 30 ahead of UTC)", () => {
    // 03:30–05:30 UTC is 9:00–11:00 in Kolkata: on the hour there, though not in UTC
    expect(timeSlotText({ from: '2026-12-01T03:30:00Z', to: '2026-12-01T05:30:00Z' }, 'Asia/Kolkata').hours).toBe('9 AM – 11 AM');
    expect(timeSlotText({ from: '2026-12-01T03:00:00Z', to: '2026-12-01T05:00:00Z' }, 'Asia/Kolkata').hours).toBe('8:30 AM – 10:30 AM');
  });

  it('names the end day of a slot that ends on another day', () => {
    expect(timeSlotText({ from: '2026-12-01T22:00:00Z', to: '2026-12-02T02:00:00Z' }).hours).toBe('10 PM – Wed, Dec 2, 2 AM');
  });

  it('names a zone by the name that holds all year, or by its short name where there is none', () => {
    const slot = { from: '2026-07-01T15:00:00Z', to: '2026-07-01T17:00:00Z' };
    expect(timeSlotText(slot, 'America/Los_Angeles').zone).toBe('Pacific Time');
    expect(timeSlotText(slot, 'UTC').zone).toBe('UTC');
    expect(timeSlotText(slot).zone).toBe('UTC');
  });
});

describe('chosenTimeText: the time an order was chosen for, in one line', () => {
  it("says the day, the hours and the zone, in the slot's own zone", () => {
    expect(chosenTimeText({ from: '2026-11-29T15:00:00Z', to: '2026-11-29T17:00:00Z', timeZone: 'America/New_York' })).toBe(
      'Sun, Nov 29, 10 AM – 12 PM (Eastern Time)',
    );
  });

  it('is empty when no time was chosen', () => {
    expect(chosenTimeText(undefined)).toBe('');
    expect(chosenTimeText({ from: '2026-11-29T15:00:00Z' })).toBe('');
  });

  it('reads a slot without a zone in UTC', () => {
    expect(chosenTimeText({ from: '2026-11-29T15:00:00Z', to: '2026-11-29T17:00:00Z' })).toBe('Sun, Nov 29, 3 PM – 5 PM (UTC)');
  });
});
