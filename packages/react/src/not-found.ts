/** "Nothing there" answers that the hooks turn into `null` data instead of errors. */

/** What the hooks read of an SDK error (`VitrineError`): its status and application error code. */
interface ErrorLike {
  status?: number;
  details?: { applicationError?: { code?: string } };
}

/** Whether `e` is the server's 404, optionally with this application error code. */
function isNotFound(e: unknown, code?: string): boolean {
  const err = e as ErrorLike | null | undefined;
  return err?.status === 404 && (code === undefined || err.details?.applicationError?.code === code);
}

/** `call`'s answer, or null when the server answers 404 (with `code`, when given); other failures are thrown on. */
export async function orNull<T>(call: Promise<T>, code?: string): Promise<T | null> {
  try {
    return await call;
  } catch (e) {
    if (isNotFound(e, code)) return null;
    throw e;
  }
}
