// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  renderConsentPage,
  renderErrorPage,
  renderForgotPasswordPage,
  renderLoginPage,
  renderLogoutPage,
  renderRegisterPage,
  renderResetPasswordPage,
  renderSelectAccountPage,
  renderVerifyEmailPage,
} from './render.js';

/** Closes an attribute, opens a script, and brings an event handler: none of it may become markup. */
const H = `"'><script>alert(1)</script><img src=x onerror=alert(1)>`;
const nonce = 'r4nd0m+/nonce==';
const base = { shopName: `Shop ${H}`, nonce };
const target = { action: `/oauth2/authorize/login?session=s1&x=${H}`, hidden: { session: 's1', csrf: `csrf-${H}` } };
const links = { register: '/register', forgotPassword: '/forgot', login: '/login' };
/** What a failed post shows: a form-level message and one message per field. */
type Problem = { error?: string; fieldErrors?: Record<string, string> };

interface Case {
  page: string;
  /** How many forms post the hidden values to `target.action` (the verify page's resend form too). */
  forms: number;
  /** The visible inputs, in order. */
  fields: string[];
  render: (problem: Problem) => string;
  /** Whether the page shows an error summary when given an error. */
  errors: boolean;
}

const kase = (page: string, forms: number, fields: string[], render: Case['render'], errors = true): Case => ({
  page,
  forms,
  fields,
  render,
  errors,
});
const cases: Case[] = [
  kase('login', 1, ['email', 'password'], (p) => renderLoginPage({ ...base, ...target, ...p, email: H, links })),
  kase('register', 1, ['firstName', 'lastName', 'email', 'password'], (p) =>
    renderRegisterPage({ ...base, ...target, ...p, values: { email: H, firstName: H, lastName: H }, links }),
  ),
  kase('verify email', 2, ['code'], (p) =>
    renderVerifyEmailPage({ ...base, ...target, ...p, resendAction: target.action, email: H, notice: H }),
  ),
  kase('forgot password', 1, ['email'], (p) => renderForgotPasswordPage({ ...base, ...target, ...p, email: H, links })),
  kase('reset password', 1, ['password', 'confirm'], (p) => renderResetPasswordPage({ ...base, ...target, ...p, email: H })),
  kase('consent', 1, [], (p) => renderConsentPage({ ...base, ...target, error: p.error, clientName: H, email: H })),
  kase('select account', 1, [], (p) =>
    renderSelectAccountPage({ ...base, ...target, error: p.error, clientName: H, accounts: [{ email: H, name: H, choice: H }] }),
  ),
  kase('logout confirmation', 1, [], () => renderLogoutPage({ ...base, ...target, state: 'confirm', email: H, cancelUrl: H }), false),
  kase('signed out', 0, [], () => renderLogoutPage({ ...base, state: 'signed-out', continueUrl: H }), false),
  kase('error', 0, [], () => renderErrorPage({ ...base, title: `Expired ${H}`, message: H, link: { href: H, label: H } }), false),
];

/** A failure of every field of the case, each message carrying the hostile string. */
const problem = (c: Case): Problem => ({
  error: `Failed ${H}`,
  fieldErrors: Object.fromEntries(c.fields.map((f) => [f, `${f} is wrong ${H}`])),
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe.each(cases)('the $page page', (c) => {
  const html = c.render(problem(c));
  const doc = parse(html);

  it('is a complete document with language, title, viewport, no-referrer, skip link and a main landmark', () => {
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(doc.title).toContain(`– Shop ${H}`);
    expect(doc.querySelector('meta[name=viewport]')?.getAttribute('content')).toBe('width=device-width, initial-scale=1');
    expect(doc.querySelector('meta[name=referrer]')?.getAttribute('content')).toBe('no-referrer');
    expect(doc.querySelectorAll('main')).toHaveLength(1);
    expect(doc.querySelector('a.skip-link')?.getAttribute('href')).toBe(`#${doc.querySelector('main')?.id}`);
    expect(doc.querySelector('h1')?.textContent).toBeTruthy();
  });

  it('carries the nonce on its only style element and has no script at all', () => {
    const styles = doc.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0].getAttribute('nonce')).toBe(nonce);
    expect(doc.querySelectorAll('script, link[rel=stylesheet]')).toHaveLength(0);
  });

  it('has no inline event handler attribute', () => {
    // Attribute values are quoted and React escapes quotes elsewhere, so blanking them leaves only markup.
    const markup = html.replace(/"[^"]*"/g, '""');
    expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)));
    expect(handlers).toEqual([]);
  });

  it('escapes hostile strings: they show as text and add no element', () => {
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img');
    expect(doc.querySelectorAll('img, script')).toHaveLength(0);
    expect(doc.body.textContent).toContain(H);
  });

  it('posts each form to the given action with the hidden inputs', () => {
    const forms = [...doc.querySelectorAll('form')];
    expect(forms).toHaveLength(c.forms);
    for (const form of forms) {
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(target.action);
      const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]);
      expect(Object.fromEntries(hidden)).toEqual(target.hidden);
    }
  });

  it('labels every visible input with a label whose for matches its id', () => {
    const inputs = [...doc.querySelectorAll<HTMLInputElement>('input:not([type=hidden])')];
    expect(inputs.map((i) => i.name)).toEqual(c.fields);
    for (const input of inputs) {
      expect(doc.querySelectorAll(`#${input.id}`)).toHaveLength(1);
      expect(doc.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
    }
  });

  it('shows no error summary and no invalid field when there is no error', () => {
    const clean = parse(c.render({}));
    expect(clean.querySelector('[role=alert]')).toBeNull();
    expect(clean.querySelector('[aria-invalid]')).toBeNull();
    expect(clean.title.startsWith('Error: ')).toBe(false);
  });
});

describe.each(cases.filter((c) => c.errors))('the $page page given an error', (c) => {
  const doc = parse(c.render(problem(c)));

  it('summarises the error in a role="alert" region and marks the title', () => {
    expect(doc.querySelector('[role=alert]')?.textContent).toContain(`Failed ${H}`);
    expect(doc.title.startsWith('Error: ')).toBe(true);
  });
});

describe.each(cases.filter((c) => c.fields.length > 0))('the $page page given field errors', (c) => {
  const doc = parse(c.render(problem(c)));

  it('marks each field with an error aria-invalid, described by its message', () => {
    for (const name of c.fields) {
      const input = doc.querySelector(`input[name="${name}"]`)!;
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => doc.getElementById(id)?.textContent);
      expect(described).toContain(`${name} is wrong ${H}`);
      expect(doc.querySelector(`[role=alert] a[href="#${input.id}"]`)?.textContent).toContain(`${name} is wrong`);
    }
  });
});
