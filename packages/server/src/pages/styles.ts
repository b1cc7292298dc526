/** A colour scheme's tokens; the names become CSS custom properties (`--color-text`, ...). */
export interface ColorTokens {
  bg: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  primary: string;
  onPrimary: string;
  primaryHover: string;
  danger: string;
  dangerBg: string;
  noticeBg: string;
  focus: string;
}

/**
 * Both schemes, kept as data so a test can check every text/background pair against WCAG AA
 * (styles.test.ts) instead of trusting the hex values by eye.
 */
export const colorTokens: { light: ColorTokens; dark: ColorTokens } = {
  light: {
    bg: '#f4f5f7',
    surface: '#ffffff',
    text: '#16181d',
    muted: '#4a5361',
    border: '#767f8c',
    primary: '#1f4fd1',
    onPrimary: '#ffffff',
    primaryHover: '#183fa8',
    danger: '#b42318',
    dangerBg: '#fef3f2',
    noticeBg: '#eef4ff',
    focus: '#1f4fd1',
  },
  dark: {
    bg: '#0e1014',
    surface: '#181b21',
    text: '#e9ecf1',
    muted: '#a6aebb',
    border: '#788192',
    primary: '#8fb3ff',
    onPrimary: '#0b1220',
    primaryHover: '#b3cbff',
    danger: '#ff9c92',
    dangerBg: '#2b1514',
    noticeBg: '#16233d',
    focus: '#8fb3ff',
  },
};

/** `primaryHover` -> `--color-primary-hover`. */
function declarations(tokens: ColorTokens): string {
  return Object.entries(tokens)
    .map(([name, value]) => `--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value};`)
    .join('');
}

/** The hosted pages' whole stylesheet: small enough to inline in a nonce'd `<style>` on every page. */
export const stylesheet = `
:root{color-scheme:light dark;${declarations(colorTokens.light)}
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
--space-1:.25rem;--space-2:.5rem;--space-3:.75rem;--space-4:1rem;--space-6:1.5rem;--space-8:2rem;
--radius:.5rem;--radius-lg:.75rem;--ring:3px solid var(--color-focus)}
@media (prefers-color-scheme:dark){:root{${declarations(colorTokens.dark)}}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--color-bg);color:var(--color-text);font:1rem/1.5 var(--font)}
a{color:var(--color-primary);text-underline-offset:.15em}
:focus-visible{outline:var(--ring);outline-offset:2px}
.skip-link{position:absolute;left:var(--space-2);top:-4rem;padding:var(--space-2) var(--space-4);background:var(--color-surface);
color:var(--color-text);border-radius:var(--radius);z-index:1}
.skip-link:focus{top:var(--space-2)}
.site-header{padding:var(--space-4);text-align:center;font-weight:600;font-size:1.125rem}
.shop-footer{max-width:28rem;margin:calc(-1*var(--space-4)) auto 0;padding:0 var(--space-2) var(--space-8);text-align:center;font-size:.875rem;
color:var(--color-muted);overflow-wrap:anywhere}
.shop-footer p,.shop-footer address{margin:var(--space-1) 0;font-style:normal}
.shop-footer a{display:inline-block}
main{display:block;padding:0 var(--space-2) var(--space-8)}
.card{max-width:28rem;margin:0 auto;padding:clamp(var(--space-4),5vw,var(--space-8));background:var(--color-surface);
border-radius:var(--radius-lg);box-shadow:0 1px 3px rgb(0 0 0/.12)}
h1{margin:0 0 var(--space-4);font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
p{margin:0 0 var(--space-4)}
.muted{color:var(--color-muted)}
form{margin:0 0 var(--space-4)}
.field{margin-bottom:var(--space-4)}
label{display:block;font-weight:600;margin-bottom:var(--space-1)}
.hint{display:block;color:var(--color-muted);font-size:.875rem;margin-bottom:var(--space-1)}
input,select{display:block;width:100%;padding:var(--space-3);font:inherit;font-size:1rem;color:var(--color-text);
background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius)}
input[aria-invalid="true"],select[aria-invalid="true"]{border:2px solid var(--color-danger)}
.field-error{display:block;color:var(--color-danger);font-size:.875rem;margin-top:var(--space-1);font-weight:600}
.code-input{letter-spacing:.4em;font-variant-numeric:tabular-nums;font-size:1.25rem}
.button{display:block;width:100%;padding:var(--space-3) var(--space-4);font:inherit;font-weight:600;text-align:center;
text-decoration:none;cursor:pointer;border-radius:var(--radius);border:2px solid var(--color-primary);
background:var(--color-primary);color:var(--color-on-primary)}
.button:hover{background:var(--color-primary-hover);border-color:var(--color-primary-hover)}
.button-secondary{background:transparent;color:var(--color-primary)}
.button-secondary:hover{background:var(--color-notice-bg);color:var(--color-primary)}
.account-list{list-style:none;margin:0 0 var(--space-4);padding:0}
.account-list li+li{margin-top:var(--space-2)}
.account{display:block;width:100%;padding:var(--space-3) var(--space-4);font:inherit;text-align:left;cursor:pointer;
color:var(--color-text);background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius)}
.account:hover{background:var(--color-notice-bg)}
.account-name{display:block;font-weight:600}
.account-email{display:block;color:var(--color-muted);overflow-wrap:anywhere}
.form-error{margin-bottom:var(--space-4);padding:var(--space-3) var(--space-4);border:2px solid var(--color-danger);
border-radius:var(--radius);background:var(--color-danger-bg);color:var(--color-text)}
.form-error p{margin:0;font-weight:600}
.form-error ul{margin:var(--space-2) 0 0;padding-left:var(--space-6)}
.form-error a{color:var(--color-danger);font-weight:600}
.notice{margin-bottom:var(--space-4);padding:var(--space-3) var(--space-4);border-radius:var(--radius);background:var(--color-notice-bg)}
.actions{display:grid;gap:var(--space-3)}
.links{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-4);justify-content:space-between;margin:var(--space-4) 0 0}
.captcha{margin-bottom:var(--space-4)}
@media (min-width:40rem){main{padding-top:var(--space-8)}.site-header{padding:var(--space-6)}}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;
