/** What to show of a failed cart call. */

interface ServerError {
  message: string;
  details?: { applicationError?: { description?: string } };
}

/** The server's own words (its application error's description), else the error's message. */
export function serverMessage(error: ServerError): string {
  return error.details?.applicationError?.description || error.message;
}
