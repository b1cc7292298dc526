/**
 * The fake DOM of silent-login cases (README "Replaying a case" step 8): `document.createElement`,
 * `document.body`, `window` (= `globalThis`) with `addEventListener`/`removeEventListener` and
 * `location.href`. One macrotask after the first element is appended, each of `drive.dom.messages`
 * is dispatched to the `message` listeners. Everything that happens is logged; `report()` is what
 * `{"$domReport": true}` evaluates to.
 */
import type { DomMessage, Json } from './corpus.js';
import { decode } from './encoding.js';
import type { GlobalPatch } from './globals.js';
import { later } from './globals.js';

export interface DomReport {
  log: Record<string, unknown>[];
  remainingChildren: number;
  remainingListeners: Record<string, number>;
}

export interface FakeDom {
  report(): DomReport;
}

export interface DomOptions {
  messages: DomMessage[];
  /** the api host's origin (`origin: "api"`) */
  apiOrigin: string;
  /** the `state` of the last request whose body had `auth.authRequest.state` (`{"$sentState": true}`) */
  sentState: () => unknown;
  href?: string;
}

type Listener = ((event: unknown) => unknown) | { handleEvent(event: unknown): unknown };
interface Registered {
  listener: Listener;
  once: boolean;
}

interface FakeElement {
  tagName: string;
  style: Record<string, string>;
  src: string;
  hidden: boolean;
  contentWindow: object;
  parentNode: object | null;
  setAttribute(name: string, value: unknown): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  remove(): void;
}

/** `display` from `style.display`, `style.cssText` or a `style` attribute. */
function styleDisplay(el: FakeElement, attrs: Map<string, string>): string | undefined {
  if (el.style.display) return el.style.display;
  const css = `${el.style.cssText ?? ''};${attrs.get('style') ?? ''}`;
  return /(?:^|;)\s*display\s*:\s*([^;]+)/i.exec(css)?.[1]?.trim();
}

/** Replaces `{"$sentState": true}` by the state sent, decodes the rest. */
function resolveData(v: Json, sentState: () => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => resolveData(x, sentState));
  if (v && typeof v === 'object') {
    if (v.$sentState === true) return sentState();
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0].startsWith('$')) return decode(v);
    return Object.fromEntries(keys.map((k) => [k, resolveData(v[k], sentState)]));
  }
  return v;
}

export function installDom(patch: GlobalPatch, o: DomOptions): FakeDom {
  const log: Record<string, unknown>[] = [];
  const listeners = new Map<string, Registered[]>([['message', []]]);
  const children: FakeElement[] = [];
  let lastAppended: FakeElement | undefined;
  let dispatched = false;
  const otherWindow = { name: 'unrelated window', postMessage() {} };

  const removeChild = (el: FakeElement) => {
    const i = children.indexOf(el);
    if (i < 0) throw new Error('removeChild: the node is not a child of document.body');
    children.splice(i, 1);
    el.parentNode = null;
    log.push({ event: 'removeChild', tag: el.tagName });
    return el;
  };

  const createElement = (tag: string): FakeElement => {
    log.push({ event: 'createElement', tag });
    const attrs = new Map<string, string>();
    const el: FakeElement = {
      tagName: String(tag).toUpperCase(),
      style: {},
      src: '',
      hidden: false,
      contentWindow: { name: `contentWindow of ${tag}`, postMessage() {} },
      parentNode: null,
      setAttribute(name, value) {
        const n = name.toLowerCase();
        attrs.set(n, String(value));
        if (n === 'src') el.src = String(value);
        if (n === 'hidden') el.hidden = true;
      },
      getAttribute: (name) => (name.toLowerCase() === 'src' ? el.src || null : (attrs.get(name.toLowerCase()) ?? null)),
      removeAttribute: (name) => void attrs.delete(name.toLowerCase()),
      remove: () => void (el.parentNode ? removeChild(el) : undefined),
    };
    (el as FakeElement & { _attrs: Map<string, string> })._attrs = attrs;
    return el;
  };

  const dispatchAll = () => {
    for (const m of o.messages) {
      const origin = m.origin === 'api' ? o.apiOrigin : m.origin;
      const source = m.source === 'iframe' ? lastAppended?.contentWindow : otherWindow;
      const data = resolveData(m.data, o.sentState);
      log.push({ event: 'dispatch', name: 'message', data, origin });
      const event = { type: 'message', origin, source, data, lastEventId: '', ports: [] };
      for (const r of [...(listeners.get('message') ?? [])]) {
        if (!listeners.get('message')?.includes(r)) continue; // removed by an earlier listener
        if (r.once)
          listeners.set(
            'message',
            (listeners.get('message') ?? []).filter((x) => x !== r),
          );
        try {
          if (typeof r.listener === 'function') r.listener(event);
          else r.listener.handleEvent(event);
        } catch (e) {
          log.push({ event: 'listenerThrew', message: e instanceof Error ? e.message : String(e) });
        }
      }
    }
  };

  const appendChild = (el: FakeElement) => {
    children.push(el);
    el.parentNode = body;
    lastAppended = el;
    const attrs = (el as FakeElement & { _attrs?: Map<string, string> })._attrs ?? new Map<string, string>();
    log.push({ event: 'appendChild', tag: el.tagName, src: el.src, styleDisplay: styleDisplay(el, attrs) });
    if (!dispatched) {
      dispatched = true;
      later(dispatchAll);
    }
    return el;
  };

  const body = {
    tagName: 'BODY',
    appendChild,
    append: (...nodes: FakeElement[]) => void nodes.forEach(appendChild),
    removeChild,
    contains: (el: unknown) => children.includes(el as FakeElement),
    get children() {
      return [...children];
    },
  };

  const addEventListener = (type: string, listener: Listener, opts?: boolean | AddEventListenerOptions) => {
    log.push({ event: 'addEventListener', name: type });
    if (!listener) return;
    const list = listeners.get(type) ?? [];
    if (list.some((r) => r.listener === listener)) return;
    const once = typeof opts === 'object' && opts.once === true;
    listeners.set(type, [...list, { listener, once }]);
    if (typeof opts === 'object' && opts.signal) opts.signal.addEventListener('abort', () => removeEventListener(type, listener));
  };
  const removeEventListener = (type: string, listener: Listener) => {
    log.push({ event: 'removeEventListener', name: type });
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((r) => r.listener !== listener),
    );
  };

  const document = { createElement, body, documentElement: body, defaultView: globalThis };
  patch.set(globalThis, 'document', document);
  patch.set(globalThis, 'window', globalThis);
  patch.set(globalThis, 'addEventListener', addEventListener);
  patch.set(globalThis, 'removeEventListener', removeEventListener);
  patch.set(globalThis, 'location', {
    href: o.href ?? 'https://shop.example.com/',
    origin: new URL(o.href ?? 'https://shop.example.com/').origin,
  });

  return {
    report: () => ({
      log: log.map((e) => ({ ...e })),
      remainingChildren: children.length,
      remainingListeners: Object.fromEntries([...listeners].map(([k, v]) => [k, v.length])),
    }),
  };
}
