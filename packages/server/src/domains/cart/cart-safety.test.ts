import { createClient, type LineItem, OAuthStrategy } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartClient, loginVisitor, newMember, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;
let poster: InsertedProduct;

beforeAll(async () => {
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
  poster = await insertProduct(server.database.db, { name: 'Poster', price: '4.00' });
});

/** A visitor client that sends an Idempotency-Key on every call. */
async function visitorWithKey(key: string) {
  const tokens = await visitorTokens(server.url);
  const auth = OAuthStrategy({
    clientId: TEST_CLIENT_ID,
    tokens: {
      accessToken: { value: tokens.access_token, expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: tokens.refresh_token, role: 'visitor' },
    },
  });
  return createClient({ host: server.url, modules: { currentCart }, auth, headers: { 'Idempotency-Key': key } });
}

const quantities = (cart: { lineItems?: { quantity?: number }[] } | undefined) => cart?.lineItems?.map((line) => line.quantity);

describe('concurrent writes', () => {
  it('counts every unit of 200 concurrent add-to-cart calls from 50 visitors (no lost update, no error)', async () => {
    const visitors = await Promise.all(Array.from({ length: 50 }, () => newVisitor(server)));
    const calls = Array.from({ length: 200 }, (_, i) =>
      (visitors[i % 50] as (typeof visitors)[number]).client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] }),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const carts = await Promise.all(visitors.map((visitor) => visitor.client.currentCart.getCurrentCart()));
    expect(carts.map((cart) => quantities(cart))).toEqual(visitors.map(() => [4]));
    expect(carts.reduce((sum, cart) => sum + (cart.lineItems?.[0]?.quantity ?? 0), 0)).toBe(200);
  });

  it('serialises 40 writes to one cart at once: each answer and event sees the one before (unlocked writes that lose the race plan again)', async () => {
    const { client } = await newVisitor(server);
    const first = await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const cartId = first.cart?._id as string;
    const answers = await Promise.all(Array.from({ length: 40 }, () => client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] })));
    // every answer is the cart right after its own write: 2..41 units, each once
    const answered = answers.map((answer) => answer.cart?.lineItems?.[0]?.quantity).sort((left, right) => (left ?? 0) - (right ?? 0));
    expect(answered).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([41]);
    // one event per write, numbered in the order the writes happened (a write that lost the race recorded none)
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('entity_id', '=', cartId)
      .orderBy('sequence')
      .execute();
    expect(events.map((published) => published.type)).toEqual(['cart.created', ...Array.from({ length: 40 }, () => 'cart.updated')]);
    const units = events.map(
      (published) => (published.payload as { entity: { lineItems: { quantity: number }[] } }).entity.lineItems[0]?.quantity,
    );
    expect(units).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
  });

  it('plans again when the cart this process remembers was changed elsewhere (another server process)', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const cartId = (await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] })).cart?._id as string;
    // another process sets the line to 10 units (bumping the revision as every cart write does), unseen here
    const db = server.database.db;
    await db.updateTable('cart_line_items').set({ quantity: 10 }).where('cart_id', '=', cartId).execute();
    await db.updateTable('carts').set({ revision: sql<number>`revision + 1` }).where('id', '=', cartId).execute();
    const after = await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    expect(quantities(after.cart)).toEqual([11]);
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([11]);
  });

  it('creates one cart when a new visitor sends its first writes at once', async () => {
    const { client } = await newVisitor(server);
    await Promise.all(Array.from({ length: 10 }, () => client.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] })));
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([10]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, with one effect', async () => {
    const client = await visitorWithKey(`k-${crypto.randomUUID()}`);
    const first = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    const again = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    expect(again).toEqual(first);
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([2]);
  });

  it('refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const client = await visitorWithKey(`k-${crypto.randomUUID()}`);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const error = await thrown(client.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] }));
    expect(error.status).toBe(422);
    expect(error.details?.applicationError?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([1]);
  });

  it('has one effect when the same keyed request arrives many times at once', async () => {
    const client = await visitorWithKey(`k-${crypto.randomUUID()}`);
    await Promise.all(Array.from({ length: 8 }, () => client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] })));
    expect(quantities(await client.currentCart.getCurrentCart())).toEqual([1]);
  });

  it('scopes keys by owner: another visitor with the same key gets its own effect', async () => {
    const key = `k-${crypto.randomUUID()}`;
    const [first, second] = [await visitorWithKey(key), await visitorWithKey(key)];
    await first.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    await second.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    expect(quantities(await second.currentCart.getCurrentCart())).toEqual([1]);
  });

  it.each([
    ['a key over 255 characters', 'k'.repeat(256)],
    ['a key with a space', 'a b'],
  ])('refuses %s with 400', async (_n, key) => {
    const client = await visitorWithKey(key);
    const error = await thrown(client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] }));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.[0]?.field).toBe('Idempotency-Key');
  });
});

describe('visitor → member', () => {
  it("transfers the visitor's cart to a member who has none", async () => {
    const visitor = await newVisitor(server);
    const { cart: before } = await visitor.client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    const { memberId } = await newMember(server);
    const member = await loginVisitor(server, visitor.tokens, memberId);
    const cart = await member.currentCart.getCurrentCart();
    expect(cart._id).toBe(before?._id);
    expect(cart.buyerInfo).toEqual({ memberId });
    expect(quantities(cart)).toEqual([2]);
    expect((await thrown(visitor.client.currentCart.getCurrentCart())).status).toBe(404);
  });

  it("merges the visitor's cart into the member's: same items add up, others are appended", async () => {
    const { memberId, client: memberBefore } = await newMember(server);
    const { cart: memberCart } = await memberBefore.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 1 }] });
    const visitor = await newVisitor(server);
    await visitor.client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }, ref(poster.id)] });
    const member = await loginVisitor(server, visitor.tokens, memberId);
    const { cart } = await member.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] });
    expect(cart?._id).toBe(memberCart?._id);
    expect(cart?.lineItems?.map((line: LineItem) => [line.productName?.original, line.quantity])).toEqual([
      ['Mug', 3],
      ['Poster', 2],
    ]);
    const events = await server.database.db.selectFrom('events').select(['type', 'entity_id']).where('type', '=', 'cart.deleted').execute();
    expect(events.length).toBeGreaterThan(0);
  });

  it('merges once even when the member sends many first calls at once', async () => {
    const { memberId } = await newMember(server);
    const visitor = await newVisitor(server);
    await visitor.client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    const member = await loginVisitor(server, visitor.tokens, memberId);
    await Promise.all(Array.from({ length: 5 }, () => member.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] })));
    expect(quantities(await member.currentCart.getCurrentCart())).toEqual([7]);
  });
});

describe('events', () => {
  it('publishes cart.created, cart.updated and cart.deleted with the wire cart', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    await client.currentCart.deleteCurrentCart();
    const rows = await server.database.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('entity_id', '=', cart?._id as string)
      .orderBy('sequence')
      .execute();
    expect(rows.map((row) => row.type)).toEqual(['cart.created', 'cart.updated', 'cart.deleted']);
    const updated = (rows[1]?.payload as { entity: { lineItems: { quantity: number }[] } } | undefined)?.entity;
    expect(updated?.lineItems.map((line) => line.quantity)).toEqual([2]);
    expect(rows[1]?.payload).toMatchObject({ identity: { identityType: 'ANONYMOUS_VISITOR' } });
  });
});

describe('a member cart', () => {
  it('is the member’s own, with the member as buyer', async () => {
    const { client, memberId, tokens } = await newMember(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] });
    expect(cart?.buyerInfo).toEqual({ memberId });
    const again = cartClient(server, tokens, 'member');
    expect((await again.currentCart.getCurrentCart())._id).toBe(cart?._id);
  });
});
