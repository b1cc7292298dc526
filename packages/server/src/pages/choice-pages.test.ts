// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderConsentPage, renderErrorPage, renderLoginPage, renderLogoutPage, renderSelectAccountPage } from './render.js';

const base = { shopName: 'Shop', nonce: 'n0nce' };
const target = { action: '/choose', hidden: { csrf: 'c1' } };
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
/** Each submit button of the page as `name=value: label`. */
const submits = (doc: Document) =>
  [...doc.querySelectorAll<HTMLButtonElement>('form button[type=submit]')].map(
    (button) => `${button.name}=${button.value}: ${button.textContent}`,
  );

describe('the consent page', () => {
  const doc = parse(renderConsentPage({ ...base, ...target, clientName: 'Acme Store', email: 'ann@example.com' }));

  it('asks whether the client may sign the shopper in as that account', () => {
    expect(doc.querySelector('h1')?.textContent).toBe('Acme Store wants to sign you in as ann@example.com');
    expect(doc.title).toBe('Continue to Acme Store – Shop');
  });

  it('answers with choice=continue or choice=other from one form', () => {
    expect(submits(doc)).toEqual(['choice=continue: Continue', 'choice=other: Use another account']);
  });
});

describe('the select account page', () => {
  it('offers a button per account posting its choice, then another account', () => {
    const accounts = [
      { email: 'ann@example.com', name: 'Ann Lee', choice: 'continue' },
      { email: 'bob@example.com', choice: 'm2' },
    ];
    const doc = parse(renderSelectAccountPage({ ...base, ...target, accounts, clientName: 'Acme' }));
    expect(submits(doc)).toEqual([
      'choice=continue: Ann Lee ann@example.com',
      'choice=m2: bob@example.com',
      'choice=other: Use another account',
    ]);
    expect(doc.querySelector('main')?.textContent).toContain('to continue to Acme');
  });
});

describe('the logout page', () => {
  it('asks before signing out: a POST form and a way to stay signed in', () => {
    const doc = parse(renderLogoutPage({ ...base, ...target, state: 'confirm', email: 'ann@example.com', cancelUrl: '/shop' }));
    expect(doc.querySelector('form')?.getAttribute('method')).toBe('post');
    expect(submits(doc)).toEqual(['=: Sign out']);
    expect(doc.querySelector('a[href="/shop"]')?.textContent).toBe('Stay signed in');
    expect(doc.querySelector('main')?.textContent).toContain('You are signed in as ann@example.com.');
  });

  it('says the shopper is signed out, with a way back and no form', () => {
    const doc = parse(renderLogoutPage({ ...base, state: 'signed-out', continueUrl: 'https://shop.example/' }));
    expect(doc.querySelector('h1')?.textContent).toBe('You are signed out');
    expect(doc.querySelector('a[href="https://shop.example/"]')?.textContent).toBe('Continue to Shop');
    expect(doc.querySelector('form')).toBeNull();
  });
});

describe('the error page', () => {
  it('titles the page with what happened and offers the next step', () => {
    const doc = parse(
      renderErrorPage({
        ...base,
        title: 'This sign-in link has expired',
        message: 'Start signing in again from the shop.',
        link: { href: '/shop', label: 'Back to the shop' },
      }),
    );
    expect(doc.title).toBe('This sign-in link has expired – Shop');
    expect(doc.querySelector('h1')?.textContent).toBe('This sign-in link has expired');
    expect(doc.querySelector('main p')?.textContent).toBe('Start signing in again from the shop.');
    expect(doc.querySelector('a[href="/shop"]')?.textContent).toBe('Back to the shop');
  });
});

describe('the layout', () => {
  it('uses the given document language', () => {
    const html = renderLoginPage({ ...base, ...target, lang: 'de', links: { register: '/r', forgotPassword: '/f' } });
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true);
  });
});
