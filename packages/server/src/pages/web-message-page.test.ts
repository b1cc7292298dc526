import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderWebMessagePage } from './render.js';
import { scriptLiteral, type WebMessageData } from './web-message-page.js';

const nonce = 'n0nce+/=';
const origin = 'https://shop.example';

/** The text of the page's script elements, cut the way an HTML parser would: up to the first `</script`. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script/gi)].map((match) => match[1]);
}

/** Runs the page's script against a stub parent window and answers what it posted. */
function posted(script: string): { data: unknown; origin: unknown } {
  let message: { data: unknown; origin: unknown } | undefined;
  const window = { parent: { postMessage: (data: unknown, target: unknown) => (message = { data, origin: target }) } };
  new Function('window', script)(window);
  return message!;
}

describe('scriptLiteral', () => {
  it.each([
    ['</script>', '"\\u003c/script\\u003e"'],
    ['<!--', '"\\u003c!--"'],
    ['a&b', '"a\\u0026b"'],
    ['\u2028\u2029', '"\\u2028\\u2029"'],
    ['"\\', '"\\"\\\\"'],
  ])('writes %j as %s', (value, literal) => {
    expect(scriptLiteral(value)).toBe(literal);
  });
});

describe('the web_message page', () => {
  it('posts the code and state to the target origin only, from one nonce’d script', () => {
    const html = renderWebMessagePage({ targetOrigin: origin, data: { code: 'vac_1', state: 's1' }, nonce });
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(scripts(html)).toHaveLength(1);
    expect(posted(scripts(html)[0])).toEqual({ data: { code: 'vac_1', state: 's1' }, origin });
  });

  it('posts an error answer with its description and state', () => {
    const data = { error: 'login_required', error_description: 'No session', state: 's1' };
    const html = renderWebMessagePage({ targetOrigin: origin, data, nonce });
    expect(posted(scripts(html)[0])).toEqual({ data, origin });
  });

  it('keeps hostile values inside the script element and delivers them unchanged', () => {
    const hostile = '</script><script>alert(1)</script><!--<script>\u2028\u2029&lt;"\'\\';
    const data = { error: hostile, error_description: `</SCRIPT >${hostile}`, state: hostile };
    const html = renderWebMessagePage({ targetOrigin: `${origin}${hostile}`, data, nonce });
    const [script] = scripts(html);
    expect(scripts(html)).toHaveLength(1);
    expect(script).not.toMatch(/[<>&\u2028\u2029]/);
    expect(html.endsWith(`${script}</script></body></html>`)).toBe(true);
    expect(posted(script)).toEqual({ data, origin: `${origin}${hostile}` });
  });

  it('round-trips any string values without a second script or a raw <, >, & or line separator', () => {
    // Mostly the characters that matter here, so the property meets `</script` and friends often.
    const char = fc.oneof(
      fc.constantFrom('<', '>', '&', '/', '!', '-', 'script', '\u2028', '\u2029', '"', '\\'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    const text = fc.string({ unit: char });
    const answer: fc.Arbitrary<WebMessageData> = fc.oneof(
      fc.record({ code: text, state: text }),
      fc.record({ error: text, error_description: text, state: text }),
    );
    fc.assert(
      fc.property(answer, text, (data, targetOrigin) => {
        const found = scripts(renderWebMessagePage({ targetOrigin, data, nonce }));
        expect(found).toHaveLength(1);
        expect(found[0]).not.toMatch(/[<>&\u2028\u2029]/);
        expect(posted(found[0])).toEqual({ data, origin: targetOrigin });
      }),
    );
  });
});
