/**
 * Two servers on one PostgreSQL database (#23): what one changes, the other uses within a second,
 * whatever it remembered. Each server has its own services, caches and change channel, as two
 * `vitrine serve` processes have. PostgreSQL only: the embedded database has one process.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertActiveMember } from '../../../test/support/members.js';
import { copyOfTemplate, type SharedDatabaseServer, startSharedDatabaseServer } from '../../../test/support/shared-database-server.js';

const template = inject('databaseTemplate');
const RECENT = { recent: true };
const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0] as string, 'base64url').toString()).kid as string;

/** Asks `read` again until it answers `wanted` or a second has passed since the change; answers the last answer. */
async function withinOneSecond<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const changedAt = Date.now();
  let seen = await read();
  while (JSON.stringify(seen) !== JSON.stringify(wanted) && Date.now() - changedAt < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await read();
  }
  return seen;
}

describe.runIf(template.kind === 'postgres')('caches of two servers on one PostgreSQL database (#23)', () => {
  const apiKey = `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`;
  let serverA: SharedDatabaseServer;
  let serverB: SharedDatabaseServer;
  let database: Awaited<ReturnType<typeof copyOfTemplate>> | undefined;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    database = await copyOfTemplate(template);
    serverA = await startSharedDatabaseServer(database.url, apiKey);
    serverB = await startSharedDatabaseServer(database.url, apiKey);
  });
  afterAll(async () => {
    for (const server of [serverA, serverB]) await server?.close();
    await database?.drop();
  });

  it('applies on B a tax rate changed through A', async () => {
    const rate = await serverA.services.pricing.tax.createRate({ name: 'DK', jurisdictionType: 'COUNTRY', country: 'DK', rate: '0.25' });
    const ratesOfB = async () => (await serverB.services.pricing.taxRatesFor({ country: 'DK' }, RECENT)).map((taxRate) => taxRate.rate);
    expect(await withinOneSecond(ratesOfB, ['0.25'])).toEqual(['0.25']);
    await serverA.services.pricing.tax.updateRate(rate.id, { rate: '0.2' });
    expect(await withinOneSecond(ratesOfB, ['0.2'])).toEqual(['0.2']);
  });

  it('applies on B the tax settings changed through A', async () => {
    const includedOnB = async () => (await serverB.services.pricing.settings(RECENT)).taxIncludedInPrices;
    const before = await includedOnB();
    await serverA.services.pricing.tax.updateSettings({ taxIncludedInPrices: !before });
    expect(await withinOneSecond(includedOnB, !before)).toBe(!before);
  });

  it('applies on B a shipping price changed through A', async () => {
    const region = await serverA.services.pricing.shipping.createRegion({ name: 'Norway', countries: ['NO'] });
    const option = await serverA.services.pricing.shipping.addOption(region.id, {
      code: 'no-std',
      title: 'Standard',
      kind: 'FLAT',
      price: '4.50',
    });
    const pricesOfB = async () =>
      (await serverB.services.pricing.shippingOptionsFor({ country: 'NO' }, RECENT)).map((shippingOption) => String(shippingOption.price));
    expect(await withinOneSecond(pricesOfB, ['450'])).toEqual(['450']);
    await serverA.services.pricing.shipping.updateOption(region.id, option.id, { price: '6.00' });
    expect(await withinOneSecond(pricesOfB, ['600'])).toEqual(['600']);
  });

  it('applies on B a coupon changed through A', async () => {
    const coupon = await serverA.services.pricing.coupons.create({ code: 'SHARED10', name: 'Ten', kind: 'PERCENT', value: '10' });
    const valueOnB = async () => (await serverB.services.pricing.couponForCode('SHARED10')).value;
    expect(await withinOneSecond(valueOnB, '10')).toBe('10');
    await serverA.services.pricing.coupons.update(coupon.id, { value: '15' });
    expect(await withinOneSecond(valueOnB, '15')).toBe('15');
  });

  it('applies on B a membership plan changed through A', async () => {
    const memberId = await insertActiveMember(serverA.database.db, `shared-${crypto.randomUUID()}@example.com`);
    const plan = await serverA.services.pricing.memberships.createPlan({ name: 'Gold' });
    await serverA.services.pricing.memberships.grant({ planId: plan.id, memberId });
    const plansOfB = async () => (await serverB.services.pricing.membershipsOf(memberId)).map((membership) => membership.name);
    expect(await withinOneSecond(plansOfB, ['Gold'])).toEqual(['Gold']);
    await serverA.services.pricing.memberships.updatePlan(plan.id, { name: 'Platinum' });
    expect(await withinOneSecond(plansOfB, ['Platinum'])).toEqual(['Platinum']);
  });

  it('uses on B a shop setting changed through A', async () => {
    const nameOnB = async () => (await serverB.services.settings.current()).shopName;
    await nameOnB();
    await serverA.services.settings.update({ shopName: 'Renamed through A' });
    expect(await withinOneSecond(nameOnB, 'Renamed through A')).toBe('Renamed through A');
  });

  it('stops verifying on B a signing key revoked through A', async () => {
    // (each server is its own token issuer here: B verifies the tokens B signs, with the keys both share)
    const signedByB = () => serverB.services.keys.sign({ sub: 'v1', role: 'visitor', client_id: 'c' }, 600);
    const token = await signedByB();
    const kid = kidOf(token);
    const verifiedOnB = async () => (await serverB.services.keys.verify(token)) !== null;
    expect(await verifiedOnB()).toBe(true);
    const { revoked, signingKid } = await serverA.services.keys.revoke(kid);
    expect(revoked).toBe(true);
    expect(signingKid).not.toBe(kid);
    expect(await withinOneSecond(verifiedOnB, false)).toBe(false);
    // B signs with the key A made in the revoked one's place, and verifies its tokens
    expect(await withinOneSecond(async () => kidOf(await signedByB()), signingKid)).toBe(signingKid);
    expect(await serverB.services.keys.verify(await signedByB())).toMatchObject({ sub: 'v1' });
  });
});
