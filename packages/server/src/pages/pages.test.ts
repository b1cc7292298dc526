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
const HOSTILE = `"'><script>alert(1)</script><img src=x onerror=alert(1)>`;
const nonce = 'r4nd0m+/nonce==';
const base = { shopName: `Shop ${HOSTILE}`, nonce };
const target = { action: `/oauth2/authorize/login?session=s1&x=${HOSTILE}`, hidden: { session: 's1', csrf: `csrf-${HOSTILE}` } };
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
  kase('login', 1, ['email', 'password'], (given) => renderLoginPage({ ...base, ...target, ...given, email: HOSTILE, links })),
  kase('register', 1, ['firstName', 'lastName', 'email', 'password'], (given) =>
    renderRegisterPage({ ...base, ...target, ...given, values: { email: HOSTILE, firstName: HOSTILE, lastName: HOSTILE }, links }),
  ),
  kase('verify email', 2, ['code'], (given) =>
    renderVerifyEmailPage({ ...base, ...target, ...given, resendAction: target.action, email: HOSTILE, notice: HOSTILE }),
  ),
  kase('forgot password', 1, ['email'], (given) => renderForgotPasswordPage({ ...base, ...target, ...given, email: HOSTILE, links })),
  kase('reset password', 1, ['password', 'confirm'], (given) => renderResetPasswordPage({ ...base, ...target, ...given, email: HOSTILE })),
  kase('consent', 1, [], (given) => renderConsentPage({ ...base, ...target, error: given.error, clientName: HOSTILE, email: HOSTILE })),
  kase('select account', 1, [], (given) =>
    renderSelectAccountPage({
      ...base,
      ...target,
      error: given.error,
      clientName: HOSTILE,
      accounts: [{ email: HOSTILE, name: HOSTILE, choice: HOSTILE }],
    }),
  ),
  kase(
    'logout confirmation',
    1,
    [],
    () => renderLogoutPage({ ...base, ...target, state: 'confirm', email: HOSTILE, cancelUrl: HOSTILE }),
    false,
  ),
  kase('signed out', 0, [], () => renderLogoutPage({ ...base, state: 'signed-out', continueUrl: HOSTILE }), false),
  kase(
    'error',
    0,
    [],
    () => renderErrorPage({ ...base, title: `Expired ${HOSTILE}`, message: HOSTILE, link: { href: HOSTILE, label: HOSTILE } }),
    false,
  ),
];

/** A failure of every field of the case, each message carrying the hostile string. */
const problem = (pageCase: Case): Problem => ({
  error: `Failed ${HOSTILE}`,
  fieldErrors: Object.fromEntries(pageCase.fields.map((field) => [field, `${field} is wrong ${HOSTILE}`])),
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe.each(cases)('the $page page', (pageCase) => {
  const html = pageCase.render(problem(pageCase));
  const doc = parse(html);

  it('is a complete document with language, title, viewport, no-referrer, skip link and a main landmark', () => {
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(doc.title).toContain(`– Shop ${HOSTILE}`);
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
    const handlers = [...doc.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)),
    );
    expect(handlers).toEqual([]);
  });

  it('escapes hostile strings: they show as text and add no element', () => {
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img');
    expect(doc.querySelectorAll('img, script')).toHaveLength(0);
    expect(doc.body.textContent).toContain(HOSTILE);
  });

  it('posts each form to the given action with the hidden inputs', () => {
    const forms = [...doc.querySelectorAll('form')];
    expect(forms).toHaveLength(pageCase.forms);
    for (const form of forms) {
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(target.action);
      const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]);
      expect(Object.fromEntries(hidden)).toEqual(target.hidden);
    }
  });

  it('labels every visible input with a label whose for matches its id', () => {
    const inputs = [...doc.querySelectorAll<HTMLInputElement>('input:not([type=hidden])')];
    expect(inputs.map((input) => input.name)).toEqual(pageCase.fields);
    for (const input of inputs) {
      expect(doc.querySelectorAll(`#${input.id}`)).toHaveLength(1);
      expect(doc.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
    }
  });

  it('shows no error summary and no invalid field when there is no error', () => {
    const clean = parse(pageCase.render({}));
    expect(clean.querySelector('[role=alert]')).toBeNull();
    expect(clean.querySelector('[aria-invalid]')).toBeNull();
    expect(clean.title.startsWith('Error: ')).toBe(false);
  });
});

describe.each(cases.filter((pageCase) => pageCase.errors))('the $page page given an error', (pageCase) => {
  const doc = parse(pageCase.render(problem(pageCase)));

  it('summarises the error in a role="alert" region and marks the title', () => {
    expect(doc.querySelector('[role=alert]')?.textContent).toContain(`Failed ${HOSTILE}`);
    expect(doc.title.startsWith('Error: ')).toBe(true);
  });
});

describe.each(cases.filter((pageCase) => pageCase.fields.length > 0))('the $page page given field errors', (pageCase) => {
  const doc = parse(pageCase.render(problem(pageCase)));

  it('marks each field with an error aria-invalid, described by its message', () => {
    for (const name of pageCase.fields) {
      const input = doc.querySelector(`input[name="${name}"]`)!;
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => doc.getElementById(id)?.textContent);
      expect(described).toContain(`${name} is wrong ${HOSTILE}`);
      expect(doc.querySelector(`[role=alert] a[href="#${input.id}"]`)?.textContent).toContain(`${name} is wrong`);
    }
  });
});
