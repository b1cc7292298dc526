/**
 * Progress of a long command on stderr (stdout stays the command's result). On a terminal one line
 * redraws itself (a bar, the count, the rate, the time so far); in a log or a pipe a plain line is
 * written every tenth of the way, so CI logs stay short and readable.
 */
import type { Io } from './command.js';

export interface Progress {
  /** `done` items out of the total are finished. */
  update(done: number): void;
  /** Ends the display (the terminal line is kept, followed by a newline). */
  finish(): void;
}

const BAR_WIDTH = 30;
/** Fewest milliseconds between two redraws of the terminal line. */
const REDRAW_MS = 100;

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/** A progress display of `total` items labelled `label` ("generating products"). `now` is for tests. */
export function progressBar(io: Io, label: string, total: number, now: () => number = Date.now): Progress {
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = 0;
  let current = 0;
  const terminal = io.errTerminal;

  const draw = () => {
    const fraction = total > 0 ? Math.min(1, current / total) : 1;
    const filled = Math.round(fraction * BAR_WIDTH);
    const elapsed = now() - started;
    const rate = elapsed > 0 ? Math.round((current * 1000) / elapsed) : 0;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    // \r back to the line start, \x1b[K clears what a longer previous line left.
    terminal?.(`\r${label} ${bar} ${Math.floor(fraction * 100)}% ${current}/${total} ${rate}/s ${seconds(elapsed)}\x1b[K`);
  };

  return {
    update(done) {
      current = done;
      if (terminal) {
        if (now() - lastDraw < REDRAW_MS && done < total) return;
        lastDraw = now();
        draw();
        return;
      }
      const tenth = total > 0 ? Math.floor((done * 10) / total) : 10;
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      io.err(`${label}: ${done}/${total} (${tenth * 10}%) after ${seconds(now() - started)}`);
    },
    finish() {
      if (!terminal) return;
      draw();
      terminal('\n');
    },
  };
}
