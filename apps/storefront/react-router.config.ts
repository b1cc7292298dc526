import type { Config } from '@react-router/dev/config';

/** Framework mode with server rendering: every page arrives as HTML, then hydrates. */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
