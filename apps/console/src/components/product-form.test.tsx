// @vitest-environment jsdom
/**
 * The product form on its own: what it sends when the merchant saves, what it says when a field is
 * wrong (nothing sent), and the server's refusal shown with what was typed kept.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@vitrine/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { draftOf } from '../lib/product-draft.js';
import { ProductForm } from './product-form.js';

afterEach(cleanup);

function renderForm(save: (fields: Partial<Product>) => Promise<unknown>, initial = draftOf()) {
  render(<ProductForm initial={initial} currency="EUR" submitLabel="Create the product" save={save} />);
  return within(screen.getByRole('form', { name: 'Product' }));
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('ProductForm', () => {
  it('sends the typed product with an option and its choices', async () => {
    const sent: Partial<Product>[] = [];
    const form = renderForm(async (fields) => sent.push(fields));
    type(form.getByLabelText('Name'), ' Teapot ');
    type(form.getByLabelText('Price (EUR)'), '19,90');
    fireEvent.click(form.getByRole('button', { name: 'Add an option' }));
    type(form.getByLabelText('Option 1 name'), 'Size');
    type(form.getByLabelText('Choice 1 of Size'), 'Small');
    fireEvent.click(form.getByRole('button', { name: 'Add a choice to Size' }));
    type(form.getByLabelText('Choice 2 of Size'), 'Large');
    fireEvent.click(form.getByRole('button', { name: 'Create the product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Teapot',
      priceData: { price: 19.9 },
      productOptions: [{ name: 'Size', optionType: 'drop_down', choices: [{ value: 'Small' }, { value: 'Large' }] }],
    });
    expect(await form.findByText('Saved.')).toBeTruthy();
  });

  it('marks the wrong fields and sends nothing', async () => {
    const sent: unknown[] = [];
    const form = renderForm(async (fields) => sent.push(fields));
    type(form.getByLabelText('Price (EUR)'), '1.999');
    fireEvent.click(form.getByRole('button', { name: 'Create the product' }));
    expect((await form.findByRole('alert')).textContent).toBe('2 fields need your attention.');
    const name = form.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') as string)?.textContent).toBe('Give the product a name.');
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const form = renderForm(async () => {
      throw new Error('Slug taken: Another item already uses this slug');
    });
    type(form.getByLabelText('Name'), 'Bowl');
    type(form.getByLabelText('Price (EUR)'), '4');
    fireEvent.click(form.getByRole('button', { name: 'Create the product' }));
    expect((await form.findByRole('alert')).textContent).toContain('The product was not saved: Slug taken');
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Bowl');
  });

  it('offers stock per variant only once the product has options', () => {
    const form = renderForm(async () => undefined);
    expect(form.queryByLabelText(/variant by variant/)).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Add an option' }));
    fireEvent.click(form.getByLabelText(/variant by variant/));
    fireEvent.click(form.getByLabelText('Count the stock'));
    // the quantity is then the variants', set in the variant table
    expect(form.queryByLabelText('Quantity in stock')).toBeNull();
  });
});
