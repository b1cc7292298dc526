import { describe, expect, it } from 'vitest';
import type { Io } from './command.js';
import { progressBar } from './progress.js';

/** An Io capturing stderr lines and, when `terminal`, the raw terminal writes. */
function capture(terminal: boolean) {
  const lines: string[] = [];
  const writes: string[] = [];
  const io: Io = {
    env: {},
    out: () => {},
    err: (line) => lines.push(line),
    errTerminal: terminal ? (text) => writes.push(text) : undefined,
  };
  return { io, lines, writes };
}

describe('progressBar', () => {
  it('writes a line every tenth of the way when stderr is not a terminal', () => {
    const { io, lines } = capture(false);
    let clock = 0;
    const bar = progressBar(io, 'importing', 100, () => clock);
    for (let done = 5; done <= 100; done += 5) {
      clock += 100;
      bar.update(done);
    }
    bar.finish();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('importing: 10/100 (10%) after 0.2 s');
    expect(lines[9]).toBe('importing: 100/100 (100%) after 2.0 s');
  });

  it('redraws one terminal line, at most every 100 ms, and ends it with a newline', () => {
    const { io, lines, writes } = capture(true);
    let clock = 0;
    const bar = progressBar(io, 'generating', 1000, () => clock);
    bar.update(100);
    clock = 50;
    bar.update(200);
    clock = 150;
    bar.update(500);
    bar.finish();
    expect(lines).toEqual([]);
    expect(writes).toHaveLength(4);
    expect(writes.slice(0, 3).every((write) => write.startsWith('\rgenerating ') && write.endsWith('\x1b[K'))).toBe(true);
    expect(writes[1]).toContain('50% 500/1000 3333/s 0.1 s');
    expect(writes[3]).toBe('\n');
  });

  it('always draws the last step on a terminal, however soon it comes', () => {
    const { io, writes } = capture(true);
    const bar = progressBar(io, 'seeding', 2, () => 0);
    bar.update(1);
    bar.update(2);
    expect(writes.at(-1)).toContain('100% 2/2');
  });
});
