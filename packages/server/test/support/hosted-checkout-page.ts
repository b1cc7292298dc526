/** Steps a buyer takes on the hosted checkout page in Chromium, shared by the end-to-end tests. */
import type { Page } from 'playwright-core';

/** Types the contact and a US shipping address (Springfield, IL) as a buyer does, field by field. */
export async function fillHostedAddress(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name', { exact: true }).fill('Grace');
  await page.getByLabel('Last name', { exact: true }).fill('Hopper');
  await page.getByLabel('Street and number', { exact: true }).fill('1 Main St');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('Postal code', { exact: true }).fill('62701');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
}
