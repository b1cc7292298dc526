/**
 * Authenticates every request with an API key (`Authorization: <apiKey>`), e.g. for merchant calls
 * from a server.
 * @example createClient({ host, modules: { products }, auth: ApiKeyStrategy({ apiKey: process.env.API_KEY }) })
 */
export const ApiKeyStrategy = ({ apiKey }: { apiKey: string }) => ({
  getAuthHeaders: async () => ({ headers: { Authorization: apiKey } }),
});
