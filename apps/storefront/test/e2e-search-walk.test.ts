/**
 * What a walk through search showed (#22), in Chromium on the built storefront with the demo shop: a
 * product page's address names the chosen colour (not its code), the filters' URL names only what is
 * chosen, a search that finds nothing offers no filters of zeros ("Filter (0)"), the header's box keeps
 * the words on the results page and caps them, its listbox holds options only, and a long word stays
 * on a phone's screen. Screenshots under e2e/artifacts/search-walk-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, storefrontPageForFile } from './storefront-page.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const shop = storefrontPageForFile();
const { errors } = shop;
// a wait that fails says which, before the test's own timeout
beforeAll(() => shop.page.setDefaultTimeout(10_000));

const shot = (name: string) => shop.page.screenshot({ path: `${ARTIFACTS}search-walk-${name}.png`, fullPage: true });
/** Opens a storefront path and waits for it to hydrate. */
async function open(path: string, viewport = DESKTOP): Promise<void> {
  await shop.page.setViewportSize(viewport);
  await shop.page.goto(`${shop.server.url}${path}`);
  await shop.page.waitForSelector('html[data-hydrated="true"]');
}
const pressed = (name: string) => shop.page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
/** The address's query as the shopper sees it, decoded. */
const shownQuery = () => decodeURIComponent(new URL(shop.page.url()).search.replaceAll('+', ' '));
const settled = () => shop.page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

describe('a product page’s address (#22)', () => {
  it('names the chosen colour by its name, and the back button returns to it', async () => {
    await open('/products/classic-diner-mug');
    await shop.page.getByRole('button', { name: 'Sky', exact: true }).click();
    await shop.page.waitForURL((url) => url.searchParams.get('opt.Color') === 'Sky');
    expect(shownQuery()).toBe('?opt.Color=Sky&opt.Size=11 oz');
    // the swatch still shows the colour itself
    expect(
      await shop.page
        .getByRole('button', { name: 'Sky', exact: true })
        .locator('.swatch__color')
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(111, 168, 220)');
    await shot('product-address');
    await shop.page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link')
      .last()
      .click();
    await shop.page.waitForURL((url) => !url.pathname.startsWith('/products/classic-diner-mug'));
    await shop.page.goBack();
    await shop.page.waitForURL((url) => url.searchParams.get('opt.Color') === 'Sky');
    await shop.page.waitForFunction(() => document.querySelector('button[aria-label="Sky"]')?.getAttribute('aria-pressed') === 'true');
    expect(await pressed('White')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('opens a link naming the colour on it, and an older link carrying its code too', async () => {
    await open('/products/classic-diner-mug?opt.Color=Sky&opt.Size=15+oz');
    expect(await pressed('Sky')).toBe('true');
    expect(await pressed('15 oz')).toBe('true');
    expect((await shop.page.getByTestId('product-price').textContent())?.trim()).toBe('$17.00');
    await open('/products/classic-diner-mug?opt.Color=%236fa8dc');
    expect(await pressed('Sky')).toBe('true');
  });
});

describe('a listing narrowed to a colour (#22)', () => {
  it('opens each product on that colour', async () => {
    await open('/collections/mugs?o.Color=Sky');
    const card = shop.page.locator('.product-grid a', { hasText: 'Classic Diner Mug' });
    expect(await card.getAttribute('href')).toBe('/products/classic-diner-mug?opt.Color=Sky');
    await card.click();
    await shop.page.waitForURL((url) => url.pathname === '/products/classic-diner-mug');
    await shop.page.waitForFunction(() => document.querySelector('button[aria-label="Sky"]')?.getAttribute('aria-pressed') === 'true');
    expect((await shop.page.getByTestId('product-price').textContent())?.trim()).toBe('$14.00');
  });
});

describe('the active filters (#22)', () => {
  it('keep a space between their chips and the products', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await open('/products?inStock=1', viewport);
      const chips = await shop.page.getByRole('list', { name: 'Active filters' }).boundingBox();
      const grid = await shop.page.locator('.product-grid').boundingBox();
      expect(grid && chips && grid.y - (chips.y + chips.height)).toBeGreaterThanOrEqual(12);
    }
  });
});

describe('the filters’ URL (#22)', () => {
  it('names only what is chosen: no empty price bounds, no default sort', async () => {
    await open('/search?q=tee');
    await shop.page
      .getByRole('group', { name: 'Color' })
      .getByRole('checkbox', { name: /^Black\b/ })
      .check();
    await shop.page.waitForURL((url) => url.searchParams.get('o.Color') === 'Black');
    expect(shownQuery()).toBe('?q=tee&o.Color=Black');
    await settled();
    await shop.page.getByLabel('Sort by').selectOption('price-asc');
    await shop.page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    expect(shownQuery()).toBe('?q=tee&o.Color=Black&sort=price-asc');
    await settled();
    await shop.page.getByLabel('Minimum price').fill('10');
    await shop.page.getByRole('button', { name: 'Apply' }).click();
    await shop.page.waitForURL((url) => url.searchParams.get('min') === '10');
    expect(shownQuery()).toBe('?q=tee&o.Color=Black&min=10&sort=price-asc');
    await settled();
    await shot('filters-url');
  });
});

describe('a search that finds nothing (#22)', () => {
  it('offers no filters when none is on: no "Filter (0)" on a phone, no column of zeros beside it', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await open('/search?q=zzqxv', viewport);
      await shop.page.getByRole('heading', { level: 2, name: 'No results for “zzqxv”' }).waitFor();
      expect(await shop.page.getByRole('button', { name: /^Filter/ }).count()).toBe(0);
      expect(await shop.page.getByRole('form', { name: 'Filter and sort products' }).count()).toBe(0);
      await shot(`nothing-found-${viewport.width}`);
    }
  });

  it('keeps the filters when one is on, so the shopper can take it off there too', async () => {
    await open('/search?q=mug&price=200-', PHONE);
    await shop.page.getByRole('heading', { level: 2, name: 'No results for “mug”' }).waitFor();
    await shop.page.getByRole('button', { name: 'Filter (0)' }).click();
    await shop.page
      .getByRole('dialog', { name: 'Filters' })
      .getByRole('checkbox', { name: /and up/ })
      .uncheck();
    await shop.page.waitForURL((url) => !url.searchParams.has('price'));
    await shop.page.getByRole('button', { name: /^Show \d+ results$/ }).waitFor();
  });
});

describe('the header’s search box (#22)', () => {
  const box = () => shop.page.getByRole('combobox', { name: 'Search products' });

  it('keeps the words on the results page, to refine them, without suggesting them again', async () => {
    await open('/search?q=mug');
    expect(await box().inputValue()).toBe('mug');
    await box().focus();
    expect(await box().getAttribute('aria-expanded')).toBe('false');
    await shop.page.keyboard.press('End');
    await shop.page.keyboard.type(' white');
    await shop.page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first().waitFor();
    await shop.page.keyboard.press('Escape');
    await shop.page.keyboard.press('Enter');
    await shop.page.waitForURL((url) => url.searchParams.get('q') === 'mug white');
    await shop.page.getByRole('heading', { level: 1, name: 'Results for “mug white”' }).waitFor();
    expect(await box().inputValue()).toBe('mug white');
    // elsewhere it starts empty
    await shop.page.locator('.product-grid a').first().click();
    await shop.page.waitForURL((url) => url.pathname.startsWith('/products/'));
    expect(await box().inputValue()).toBe('');
  });

  it('takes at most the 100 characters a search keeps', async () => {
    await open('/');
    await box().fill('a'.repeat(140));
    expect((await box().inputValue()).length).toBe(100);
  });

  it('says "no match" beside its listbox, which holds options only', async () => {
    await open('/');
    await box().focus();
    await shop.page.keyboard.type('zzqxv');
    await shop.page.getByText('No products match “zzqxv”').waitFor();
    const listbox = shop.page.getByRole('listbox', { name: 'Matching products' });
    expect(await listbox.locator(':scope > :not([role="option"])').count()).toBe(0);
    expect(await shop.page.locator('.search-box [role="status"]').textContent()).toBe('0 products found');
  });
});

describe('a long search word on a phone (#22)', () => {
  it('wraps in the heading instead of running off the screen', async () => {
    const word = 'verylongword'.repeat(8);
    await open(`/search?q=${word}`, PHONE);
    const heading = shop.page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe(`Results for “${word}”`);
    const box = await heading.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await shot('long-word');
    expect(errors).toEqual([]);
  });
});
