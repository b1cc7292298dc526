/**
 * Load through the balancer that remembers what it was told: cart writers that keep every
 * acknowledged add-to-cart, and buyers that place orders, until told to stop.
 */
import { type CallFigures, noCalls } from './retried-calls.js';
import { addToCart, cartLines, placeOrder, visitorToken } from './shopper.js';

/** One writer's cart and the quantity per product of the writes a process acknowledged. */
interface WriterCart {
  token: string;
  acknowledged: Map<string, number>;
}

/** What the load found when read back. */
export interface LoadOutcome {
  figures: CallFigures;
  /** acknowledged add-to-cart writes */
  acknowledgedWrites: number;
  /** acknowledged units missing from the carts read back */
  lostUnits: number;
  /** units in the carts beyond those acknowledged (a write applied twice) */
  extraUnits: number;
  /** checkouts whose place post was acknowledged, and every checkout a buyer tried */
  placedCheckouts: string[];
  triedCheckouts: string[];
}

export interface RunningLoad {
  /** add-to-cart writes acknowledged so far */
  acknowledgedWrites(): number;
  /** Stops sending, waits for the calls under way, reads every cart back. */
  finish(): Promise<LoadOutcome>;
}

/**
 * Starts `writers` cart writers (each its own visitor, adding one unit of the products in turn with a
 * new Idempotency-Key per write) and `buyers` that each place orders of one product one after another.
 */
export async function startCartLoad(
  base: string,
  productIds: string[],
  options: { writers: number; buyers: number },
): Promise<RunningLoad> {
  const figures = noCalls();
  const carts: WriterCart[] = [];
  for (let writer = 0; writer < options.writers; writer++)
    carts.push({ token: await visitorToken(figures, base), acknowledged: new Map() });
  const placedCheckouts: string[] = [];
  const triedCheckouts: string[] = [];
  let stopping = false;
  let acknowledgedWrites = 0;

  const write = async (cart: WriterCart) => {
    for (let round = 0; !stopping; round++) {
      const productId = productIds[round % productIds.length] as string;
      await addToCart(figures, base, cart.token, { productId, idempotencyKey: crypto.randomUUID() });
      cart.acknowledged.set(productId, (cart.acknowledged.get(productId) ?? 0) + 1);
      acknowledgedWrites++;
    }
  };
  const buy = async () => {
    for (let round = 0; !stopping; round++) {
      const token = await visitorToken(figures, base);
      await addToCart(figures, base, token, {
        productId: productIds[round % productIds.length] as string,
        idempotencyKey: crypto.randomUUID(),
      });
      const order = await placeOrder(figures, base, token);
      triedCheckouts.push(order.checkoutId);
      if (order.placed) placedCheckouts.push(order.checkoutId);
    }
  };
  // Settled, not raced: a client that fails stops only itself; its error is rethrown by `finish`.
  const running = Promise.allSettled([...carts.map(write), ...Array.from({ length: options.buyers }, buy)]);

  return {
    acknowledgedWrites: () => acknowledgedWrites,
    async finish() {
      stopping = true;
      const failed = (await running).find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      let lostUnits = 0;
      let extraUnits = 0;
      for (const cart of carts) {
        const stored = new Map((await cartLines(figures, base, cart.token)).map((cartLine) => [cartLine.productId, cartLine.quantity]));
        for (const productId of new Set([...cart.acknowledged.keys(), ...stored.keys()])) {
          const difference = (stored.get(productId) ?? 0) - (cart.acknowledged.get(productId) ?? 0);
          if (difference < 0) lostUnits -= difference;
          else extraUnits += difference;
        }
      }
      return { figures, acknowledgedWrites, lostUnits, extraUnits, placedCheckouts, triedCheckouts };
    },
  };
}
