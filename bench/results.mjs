// bench/RESULTS.md is one `## <benchmark>` section per benchmark: a run rewrites the sections it
// measured and keeps the others as they were, so one benchmark can be run alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const HEADER = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (`npm run bench -- <name>` runs one benchmark); each section says when it was measured.',
  '',
];

/** The sections of RESULTS.md by name, in file order. */
function readSections() {
  const sections = new Map();
  if (!existsSync(FILE)) return sections;
  const parts = readFileSync(FILE, 'utf8').split(/^(?=## )/m);
  for (const part of parts.slice(1)) sections.set(/^## (\S+)/.exec(part)[1], part.trimEnd());
  return sections;
}

/** Replaces (or adds) the named sections, keeping the others, in `order` first. */
export function writeSections(updated, order = []) {
  const sections = readSections();
  for (const [name, text] of Object.entries(updated)) sections.set(name, text.trimEnd());
  const names = [...new Set([...order.filter((name) => sections.has(name)), ...sections.keys()])];
  const body = [...HEADER, names.map((name) => sections.get(name)).join('\n\n'), ''].join('\n');
  writeFileSync(FILE, body);
  return body;
}
