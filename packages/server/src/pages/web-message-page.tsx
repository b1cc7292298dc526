/** What the authorization answer carries back to the opener frame (the SDK matches on `state`). */
export type WebMessageData = { code: string; state: string } | { error: string; error_description?: string; state?: string };

/** The `response_mode=web_message` answer; it has no layout because it runs in a hidden frame. */
export interface WebMessagePageProps {
  /** The exact origin allowed to receive the message (never `*`). */
  targetOrigin: string;
  data: WebMessageData;
  /** The CSP nonce: this page's inline script needs `script-src 'nonce-…'` (and `frame-ancestors <targetOrigin>`). */
  nonce: string;
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A value as a JavaScript literal that is safe inside an inline `<script>`: JSON with `<`, `>`, `&`
 * and the two line separators escaped, so no string can close the element (`</script>`), open a
 * comment (`<!--`) or end a line of the script. The result still evaluates to the same value.
 */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c]);
}

/**
 * The page's only script posts the answer to the parent window for that origin alone. It is the
 * one inline script of the hosted pages, and it carries the nonce.
 */
export function WebMessagePage({ targetOrigin, data, nonce }: WebMessagePageProps) {
  const script = `window.parent.postMessage(${scriptLiteral(data)}, ${scriptLiteral(targetOrigin)});`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Signing in</title>
      </head>
      <body>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: scriptLiteral escapes everything that could leave the script element. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
      </body>
    </html>
  );
}
