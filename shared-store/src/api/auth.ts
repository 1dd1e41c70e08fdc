import { apiClient, type ApiClient } from './client';
import type { JwtLoginResponse } from './types';

/** The WordPress JWT plugin's login route. */
export function createAuthApi(client: ApiClient = apiClient) {
  return {
    login: (username: string, password: string) =>
      client.request<JwtLoginResponse>('/wp-json/jwt-auth/v1/token', {
        method: 'POST',
        body: { username, password },
      }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi = createAuthApi();
