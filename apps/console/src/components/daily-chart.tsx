import { lazy, Suspense, useId, useState } from 'react';
import { shortDay } from '../lib/dashboard-days.js';

// The chart library is most of the dashboard's weight: only the drawing waits for it, never the page.
const DailyBars = lazy(() => import('./daily-bars.js'));

/** One bar: a day (YYYY-MM-DD) and its value. */
export interface DailyPoint {
  date: string;
  value: number;
}

/**
 * A bar chart of a value per day with what a screen reader needs: a sentence summing it up (which the
 * chart's figure is labelled by), and the same numbers as a table, hidden from sight until the
 * merchant asks for it ("Show as table"); the drawing itself is hidden from screen readers.
 */
export function DailyChart({
  title,
  summary,
  points,
  format,
}: {
  title: string;
  summary: string;
  points: DailyPoint[];
  format: (value: number) => string;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <div className="chart__heading">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="button" aria-expanded={asTable} aria-controls={`${id}-table`} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      <p id={`${id}-summary`}>{summary}</p>
      {asTable ? null : (
        <div className="chart__drawing" aria-hidden="true">
          <Suspense fallback={<div className="chart__placeholder" />}>
            <DailyBars title={title} points={points} format={format} />
          </Suspense>
        </div>
      )}
      <div id={`${id}-table`} className={asTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="table">
          <caption className="visually-hidden">{title}, per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{shortDay(point.date)}</th>
                <td className="num">{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
