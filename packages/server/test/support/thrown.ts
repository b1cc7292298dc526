import { VitrineError } from '@vitrine/sdk';

/** The SDK error a call failed with; fails the test when the call succeeds or throws something else. */
export async function thrown(p: Promise<unknown>): Promise<VitrineError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VitrineError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
