/** What the Vitrine server hands each request of the mounted storefront (packages/server storefront-mount.ts). */
declare module 'react-router' {
  interface AppLoadContext {
    /** The server's own public URL: where server-side catalogue reads go. Absent under `npm run dev`. */
    vitrineApiUrl?: string;
    /** Where browsers reach the shop (VITRINE_PUBLIC_URL): the base of canonical and sitemap URLs. Absent under `npm run dev`. */
    publicUrl?: string;
    /** The shop's name (SHOP_NAME). */
    shopName?: string;
    /** The shop's currency (SHOP_CURRENCY). */
    currency?: string;
    /** This response's Content-Security-Policy nonce: every inline script and style must carry it. */
    cspNonce?: string;
  }
}

export {};
