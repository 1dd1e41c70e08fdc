import { apiClient, type ApiClient } from './client';
import type { JwtLoginResponse } from './types';

/** The WordPress JWT plugin's login route, and the gateway's revocation of a token or of them all. */
export function createAuthApi(client: ApiClient = apiClient) {
  return {
    login: (username: string, password: string) =>
      client.request<JwtLoginResponse>('/wp-json/jwt-auth/v1/token', {
        method: 'POST',
        body: { username, password },
      }),
    /** Revokes the token at the gateway (204): it is refused everywhere afterwards. */
    logout: (token: string) =>
      client.request<undefined>('/api/session/logout', { method: 'POST', token }),
    /** Revokes every token of the token's learner issued until now (204), on every device. */
    logoutEverywhere: (token: string) =>
      client.request<undefined>('/api/session/logout-all', { method: 'POST', token }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi = createAuthApi();
