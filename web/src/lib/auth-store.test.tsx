import { describe, expect, it } from 'vitest';
import { authStore } from './auth-store';

describe('authStore.clearAuth', () => {
  it("forgets the member's unsent messages in this tab, and nothing else kept there", () => {
    window.sessionStorage.setItem('fa_unsent:u1:c1', '[{"clientId":"x","text":"Private words"}]');
    window.sessionStorage.setItem('fa_unsent:u1:c2', '[{"clientId":"y","text":"More"}]');
    window.sessionStorage.setItem('other', 'kept');
    authStore.setAuth({ id: 'u1', email: 'a@example.com', accessToken: 't', verification: true });
    authStore.clearAuth();
    expect(authStore.getState().auth).toBeNull();
    expect(window.sessionStorage.getItem('fa_unsent:u1:c1')).toBeNull();
    expect(window.sessionStorage.getItem('fa_unsent:u1:c2')).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
});
