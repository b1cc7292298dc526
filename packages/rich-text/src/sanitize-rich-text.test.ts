import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text.js';

/** Hostile merchant HTML and exactly what is left of it (#18). */
const HOSTILE: [string, string][] = [
  ['<p>Mug<img src=x onerror=alert(1)></p>', '<p>Mug</p>'],
  ['<p>Hot<script>alert(document.cookie)</script> coffee</p>', '<p>Hot coffee</p>'],
  ['<a href="javascript:alert(1)">Care guide</a>', 'Care guide'],
  ['<a href="JaVaScRiPt:alert(1)">a</a>', 'a'],
  ['<a href="java&#x09;script:alert(1)">b</a>', 'b'],
  ['<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">c</a>', 'c'],
  ['<p onclick="alert(1)">Click</p>', '<p>Click</p>'],
  ['<iframe src="https://evil.example/"></iframe><p>after</p>', '<p>after</p>'],
  ['<svg onload=alert(1)><circle r="4"/></svg>shape', 'shape'],
  ['<style>body{display:none}</style><p>styled</p>', '<p>styled</p>'],
  ['<p style="color:red" class="x" id="y">plain</p>', '<p>plain</p>'],
  ['<form action="https://evil.example/"><input name="card"><button>Pay</button></form>', 'Pay'],
  ['<img src="https://tracker.example/pixel.gif" alt="pixel">', ''],
  [
    '<a href="https://shop.example/" rel="opener" target="_blank">Shop</a>',
    '<a href="https://shop.example/" rel="noopener nofollow">Shop</a>',
  ],
  ['<h1>Title</h1>', '<h2>Title</h2>'],
];

/** The formatting a shop uses, which comes out as it went in. */
const KEPT: string[] = [
  '<p>A paragraph</p>',
  '<p>line one<br />line two</p>',
  '<ul><li>one</li><li>two</li></ul>',
  '<ol><li>first</li></ol>',
  '<p><strong>strong</strong> <b>bold</b> <em>em</em> <i>italic</i> <u>underline</u> <s>struck</s></p>',
  '<blockquote>quoted</blockquote>',
  '<h2>h2</h2><h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>',
  '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow">https</a>',
  '<a href="http://example.com/" rel="noopener nofollow">http</a>',
  '<a href="mailto:shop@example.com" rel="noopener nofollow">mail</a>',
  '<a href="/collections/mugs" rel="noopener nofollow">relative</a>',
  '<p>Tom &amp; Jerry’s café, 3 &lt; 4</p>',
];

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('reduces %s to exactly %s (#18)', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each(KEPT)('keeps %s unchanged', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives the same string when sanitising its own output', () => {
    for (const [input] of HOSTILE) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});
