/** A sender as a From header takes it: `"Corner Shop" <hello@corner.test>` (the name quoted, so commas and dots in it stay the name's). */
export function formatMailbox(mailbox: { name: string; email: string }): string {
  return `"${mailbox.name.replace(/["\\]/g, '\\$&')}" <${mailbox.email}>`;
}
