/** The drawing of a DailyChart (recharts), its own module so the console loads the chart library only when a chart shows. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay } from '../lib/dashboard-days.js';
import type { DailyPoint } from './daily-chart.js';

export default function DailyBars({ title, points, format }: { title: string; points: DailyPoint[]; format: (value: number) => string }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#d5dae0" />
        <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} width={72} tickFormatter={(value: number) => format(value)} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(date) => shortDay(String(date))} formatter={(value) => [format(Number(value)), title]} />
        <Bar dataKey="value" fill="#1f3a5f" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
