import type { FunctionComponent } from 'react';
import type { MailDataOf, MailShop, OrderMailKind } from './mail-data.js';

/**
 * One buyer's mail: its subject and heading, its body as a component (inside `MailLayout`) and the
 * same body as plain-text paragraphs, all from the same data.
 */
export interface MailTemplate<K extends OrderMailKind> {
  subject(data: MailDataOf<K>, shop: MailShop): string;
  heading(data: MailDataOf<K>): string;
  Body: FunctionComponent<{ data: MailDataOf<K> }>;
  textBody(data: MailDataOf<K>): (string | undefined)[];
}
