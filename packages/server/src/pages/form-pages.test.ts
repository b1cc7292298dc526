// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './components.js';
import { renderForgotPasswordPage, renderLoginPage, renderRegisterPage, renderResetPasswordPage, renderVerifyEmailPage } from './render.js';

const base = { shopName: 'Shop', nonce: 'n0nce', action: '/go', hidden: { csrf: 'c1', session: 's1' } };
const links = { register: '/register', forgotPassword: '/forgot', login: '/login' };
const captcha = { challengeUrl: '/altcha/challenge?x=1&y=2', scriptUrl: '/altcha/widget.js', cssUrl: '/altcha/altcha.css' };
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const pages = {
  login: (extra = {}) => renderLoginPage({ ...base, links, ...extra }),
  register: (extra = {}) => renderRegisterPage({ ...base, links, ...extra }),
  forgot: (extra = {}) => renderForgotPasswordPage({ ...base, links, ...extra }),
  reset: () => renderResetPasswordPage(base),
  verify: (extra = {}) => renderVerifyEmailPage({ ...base, resendAction: '/resend', ...extra }),
};

describe('input types and autocomplete', () => {
  it.each([
    ['login', 'email', 'email', 'email', true],
    ['login', 'password', 'password', 'current-password', true],
    ['register', 'firstName', 'text', 'given-name', false],
    ['register', 'lastName', 'text', 'family-name', false],
    ['register', 'email', 'email', 'email', true],
    ['register', 'password', 'password', 'new-password', true],
    ['forgot', 'email', 'email', 'email', true],
    ['reset', 'password', 'password', 'new-password', true],
    ['reset', 'confirm', 'password', 'new-password', true],
    ['verify', 'code', 'text', 'one-time-code', true],
  ] as const)('%s: %s is type %s with autocomplete %s (required: %s)', (page, name, type, autocomplete, required) => {
    const input = parse(pages[page]()).querySelector<HTMLInputElement>(`input[name=${name}]`)!;
    expect(input.type).toBe(type);
    expect(input.getAttribute('autocomplete')).toBe(autocomplete);
    expect(input.required).toBe(required);
  });
});

describe('password policy hint', () => {
  it.each(['register', 'reset'] as const)('%s describes the new password as 8 to 256 characters and bounds it', (page) => {
    const doc = parse(pages[page]());
    const input = doc.querySelector<HTMLInputElement>('input[name=password]')!;
    expect(doc.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('8 to 256 characters');
    expect([input.minLength, input.maxLength]).toEqual([8, 256]);
  });
});

describe('values shown again after a failed post', () => {
  it('fills in the e-mail and names on register', () => {
    const doc = parse(pages.register({ values: { email: 'a@b.c', firstName: 'Ann', lastName: 'Lee' } }));
    const values = ['email', 'firstName', 'lastName'].map((name) => doc.querySelector<HTMLInputElement>(`input[name=${name}]`)?.value);
    expect(values).toEqual(['a@b.c', 'Ann', 'Lee']);
  });

  it('never renders a password value, even when one is passed', () => {
    const html = renderToStaticMarkup(
      createElement(Field, { name: 'password', label: 'P', type: 'password', autoComplete: 'x', value: 'hunter2' }),
    );
    expect(html).not.toContain('hunter2');
  });
});

describe('the verify email page', () => {
  const doc = parse(pages.verify({ email: 'a@b.c', notice: 'We sent a new code.' }));

  it('asks for 6 digits with a numeric keyboard and one-time-code autofill', () => {
    const code = doc.querySelector<HTMLInputElement>('input[name=code]')!;
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('pattern')).toBe('[0-9]{6}');
    expect(code.maxLength).toBe(6);
  });

  it('resends from a second form posting the same hidden values to the resend action', () => {
    const resend = doc.querySelectorAll('form')[1];
    expect(resend.getAttribute('action')).toBe('/resend');
    expect([...resend.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => `${input.name}=${input.value}`)).toEqual([
      'csrf=c1',
      'session=s1',
    ]);
    expect(resend.querySelector('button[type=submit]')?.textContent).toBe('Send a new code');
  });

  it('says where the code went and announces a notice as a status', () => {
    expect(doc.querySelector('main p strong')?.textContent).toBe('a@b.c');
    expect(doc.querySelector('[role=status]')?.textContent).toBe('We sent a new code.');
  });
});

describe('the forgot password page', () => {
  it('confirms a sent link without the form and without saying whether the account exists', () => {
    const doc = parse(pages.forgot({ sentTo: 'a@b.c' }));
    expect(doc.querySelector('form')).toBeNull();
    expect(doc.querySelector('[role=status]')?.textContent).toContain('If an account exists for a@b.c');
    expect(doc.querySelector('a[href="/login"]')).not.toBeNull();
  });
});

describe('the login page', () => {
  it('links to registration and password recovery', () => {
    const doc = parse(pages.login());
    expect(doc.querySelector('a[href="/register"]')?.textContent).toBe('Create an account');
    expect(doc.querySelector('a[href="/forgot"]')?.textContent).toBe('Forgot your password?');
  });
});

describe.each(['login', 'register', 'forgot'] as const)('the captcha on the %s page', (page) => {
  it('is absent, with no script, unless requested', () => {
    const html = pages[page]();
    expect(html).not.toContain('altcha');
    expect(html).not.toContain('csp-nonce');
    expect(parse(html).querySelectorAll('script')).toHaveLength(0);
  });

  it('puts the widget inside the form, loads its module script and links its stylesheet with the nonce', () => {
    const doc = parse(pages[page]({ captcha }));
    const widget = doc.querySelector('form altcha-widget');
    expect(widget?.getAttribute('challenge')).toBe(captcha.challengeUrl);
    expect(widget?.getAttribute('name')).toBe('altcha');
    const script = doc.querySelector('head script');
    expect([script?.getAttribute('type'), script?.getAttribute('src'), script?.textContent]).toEqual(['module', captcha.scriptUrl, '']);
    expect(script?.getAttribute('nonce')).toBe('n0nce');
    const link = doc.querySelector('head link[rel=stylesheet]');
    expect([link?.getAttribute('href'), link?.getAttribute('nonce')]).toEqual([captcha.cssUrl, 'n0nce']);
  });

  it('hands the default bundle the nonce for the style element it injects', () => {
    const doc = parse(pages[page]({ captcha }));
    expect(doc.querySelector('meta[name=csp-nonce]')?.getAttribute('content')).toBe('n0nce');
  });

  it('links no stylesheet when the widget build needs none', () => {
    const doc = parse(pages[page]({ captcha: { challengeUrl: '/c', scriptUrl: '/w.js' } }));
    expect(doc.querySelector('altcha-widget')).not.toBeNull();
    expect(doc.querySelector('link[rel=stylesheet]')).toBeNull();
  });
});
