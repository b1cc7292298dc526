/**
 * The shop's tax settings, remembered for a moment. Cart answers read them on every request, and a
 * round trip per request for a row that changes a few times a year is what kept the cart slow
 * (bench/api-cart). This process forgets them at once when it changes them; another process on the
 * same PostgreSQL (a second server, the CLI) is seen within `MAX_AGE_MS`. Checkout totals never use
 * the memo: money that is charged is computed from the stored row (`PricingService.settings()`).
 */
import type { SettingsRow } from './store.js';

/** How stale a remembered row may be (another process's change is seen within this). */
export const MAX_AGE_MS = 1000;

export class SettingsMemo {
  private row?: SettingsRow;
  private readAt = 0;
  /** bumped by `forget`: a read that started before a change is not remembered */
  private epoch = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The remembered row, or a fresh one from `read` when none is younger than `MAX_AGE_MS`. */
  async get(read: () => Promise<SettingsRow>): Promise<SettingsRow> {
    if (this.row && this.now() - this.readAt < MAX_AGE_MS) return this.row;
    const epoch = this.epoch;
    const startedAt = this.now();
    const row = await read();
    if (epoch === this.epoch) {
      this.row = row;
      this.readAt = startedAt;
    }
    return row;
  }

  /** The settings changed here: the next read goes to the database. */
  forget(): void {
    this.row = undefined;
    this.epoch++;
  }
}
