import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ChangePasswordSection } from './change-password-section';

describe('ChangePasswordSection', () => {
  it("changes the password and goes on with the fresh sign-in's token", async () => {
    const before = fakeJwt({ id: 'me', email: 'me@example.com' });
    const after = `${fakeJwt({ id: 'me', email: 'me@example.com' })}-of-the-fresh-sign-in`;
    authStore.setAuth({ id: 'me', email: 'me@example.com', accessToken: before, verification: true });
    const { calls } = mockFetch(() => json(201, { changed: true, accessToken: after }));
    renderWithApp(<ChangePasswordSection />);

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new password' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'a new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/password/change',
        body: { currentPassword: 'old password', newPassword: 'a new password' },
      }),
    );
    await waitFor(() => expect(authStore.getState().auth?.accessToken).toBe(after));
  });
});
