/**
 * The storefront is written against React and React Router, and Preact runs it (preact/compat, on the server and
 * in the browser: vite.config.ts aliases `react` and `react-dom`). Both entries install these adjustments.
 */
import { Fragment, options, type VNode } from 'preact';

type Props = Record<string, unknown>;

function addVNodeHook(hook: (vnode: VNode<Props>) => void): void {
  const next = options.vnode;
  options.vnode = (vnode) => {
    hook(vnode as VNode<Props>);
    next?.(vnode);
  };
}

/** React-only props that Preact would write out as attributes. */
export function dropReactOnlyProps(): void {
  addVNodeHook((vnode) => {
    if (typeof vnode.type === 'string' && 'suppressHydrationWarning' in vnode.props) {
      const { suppressHydrationWarning: _, ...props } = vnode.props;
      vnode.props = props;
    }
  });
}

/**
 * In the browser Preact renders a document into its `<html>` element (preactjs/preact#3794), so the root layout's
 * `<html>` becomes a fragment there, its attributes (`lang`) set on the page's own `<html>`.
 */
export function renderIntoDocumentElement(): void {
  addVNodeHook((vnode) => {
    if (vnode.type !== 'html') return;
    const { children, ...attributes } = vnode.props;
    const root = document.documentElement;
    for (const [name, value] of Object.entries(attributes)) {
      const attribute = name === 'className' ? 'class' : name;
      if (value == null || value === false) root.removeAttribute(attribute);
      else if (root.getAttribute(attribute) !== String(value)) root.setAttribute(attribute, String(value));
    }
    vnode.type = Fragment;
    vnode.props = { children };
  });
}
