import { VitrineError } from '@vitrine/sdk';

/** The SDK error a call failed with; fails the test when the call succeeds or throws something else. */
export async function thrown(pending: Promise<unknown>): Promise<VitrineError> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof VitrineError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
