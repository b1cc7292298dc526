/**
 * A minimal browser for the hosted pages without JavaScript: keeps cookies per name, reads forms out of
 * the HTML, posts them urlencoded, and never follows redirects (tests look at each Location).
 */
export class FormClient {
  private cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async get(url: string): Promise<Page> {
    return this.send(url, { method: 'GET' });
  }

  /** Posts a form: its hidden fields, overridden/extended by `fields`. */
  async submit(form: Form, fields: Record<string, string>): Promise<Page> {
    const body = new URLSearchParams({ ...form.fields, ...fields });
    return this.send(form.action, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  /** Follows a redirect as a browser does after a post (Post/Redirect/Get); any other answer is kept. */
  async follow(page: Page): Promise<Page> {
    const location = page.status >= 300 && page.status < 400 ? page.location : undefined;
    return location ? this.get(location.toString()) : page;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private async send(url: string, init: RequestInit): Promise<Page> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()];
      const expired = attrs.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return new Page(res.status, res.headers, await res.text());
  }
}

export interface Form {
  action: string;
  fields: Record<string, string>;
}

export class Page {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
  ) {}

  get location(): URL | undefined {
    const response = this.headers.get('location');
    return response ? new URL(response) : undefined;
  }

  /** The first form whose action contains `actionPart`, with its hidden fields. */
  form(actionPart: string): Form {
    for (const match of this.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
      const action = attr(match[1], 'action');
      if (!action?.includes(actionPart)) continue;
      const fields: Record<string, string> = {};
      for (const input of match[2].matchAll(/<input\b([^>]*)>/g)) {
        if (attr(input[1], 'type') !== 'hidden') continue;
        const name = attr(input[1], 'name');
        if (name) fields[name] = attr(input[1], 'value') ?? '';
      }
      return { action, fields };
    }
    throw new Error(`no form with action ${actionPart} in:\n${this.html.slice(0, 2000)}`);
  }

  /** The text of the page's alert (the form's error summary), if any. */
  get alert(): string | undefined {
    const match = /role="alert"[^>]*>([\s\S]*?)<\/(div|section)>/.exec(this.html);
    return match
      ? decode(match[1].replace(/<[^>]+>/g, ' '))
          .replace(/\s+/g, ' ')
          .trim()
      : undefined;
  }
}

/** The page's text as a reader sees it: no style sheet, tags as spaces, runs of white space as one. */
export function pageText(page: Page): string {
  return decode(page.html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : undefined;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
