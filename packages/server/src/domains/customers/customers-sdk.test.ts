/** The SDK's `customers` module (`@vitrine/sdk/admin`, #24) against the real server: dates converted, ids renamed, 404s as errors. */
import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { customers } from '@vitrine/sdk/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = usShippingServerForFile();
let member: Awaited<ReturnType<typeof memberClient>>;
let guestOrder: string;
const admin = () => createClient({ host: server.url, modules: { customers }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

beforeAll(async () => {
  const mug = await stockedProduct(server, { price: 10, quantity: 10 });
  member = await memberClient(server);
  await placedOrder(server, [{ productId: mug._id }], { shop: member.client, email: member.email });
  guestOrder = (await placedOrder(server, [{ productId: mug._id }], { email: 'guest@example.com' })).id;
});

describe('customers through the SDK', () => {
  it('searchCustomers resolves to customers with dates as Date', async () => {
    const { customers: found, metadata } = await admin().customers.searchCustomers({ limit: 10 });
    expect(metadata).toEqual({ count: 2, offset: 0, total: 2 });
    expect(found.map((customer) => customer.kind)).toEqual(['GUEST', 'MEMBER']);
    expect(found[1]?.registeredDate).toBeInstanceOf(Date);
    expect(found[1]?.lastOrderDate).toBeInstanceOf(Date);
  });

  it("getCustomer resolves to a member's or a guest's page, orders converted", async () => {
    const mine = await admin().customers.getCustomer(member.memberId);
    expect(mine.orders[0]?._id).toEqual(expect.any(String));
    expect(mine.orders[0]?._createdDate).toBeInstanceOf(Date);
    const guest = await admin().customers.getCustomer(guestOrder);
    expect(guest.customer).toMatchObject({ _id: guestOrder, kind: 'GUEST', email: 'guest@example.com', orderCount: 1 });
  });

  it('rejects an unknown customer with the status and code', async () => {
    const error = await thrown(admin().customers.getCustomer('00000000-0000-4000-8000-000000000000'));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });
});
