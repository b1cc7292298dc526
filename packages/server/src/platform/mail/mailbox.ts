/** A sender as a From header takes it: `"Corner Shop" <hello@corner.test>` (the name quoted, so commas and dots in it stay the name's). */
export function formatMailbox(m: { name: string; email: string }): string {
  return `"${m.name.replace(/["\\]/g, '\\$&')}" <${m.email}>`;
}
