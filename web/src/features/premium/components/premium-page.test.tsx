import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { PremiumPage } from './premium-page';

describe('PremiumPage', () => {
  it('lists the perks and answers Upgrade Now honestly', async () => {
    const router = createMemoryRouter([{ path: '/premium', element: <PremiumPage /> }], {
      initialEntries: ['/premium'],
    });
    render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Go Premium' })).toBeInTheDocument();
    const perks = screen.getByRole('list', { name: 'Premium perks' });
    expect(perks).toHaveTextContent('Multiple daily profiles');
    expect(perks).toHaveTextContent('Priority matches');
    expect(perks).toHaveTextContent('Early access to features');

    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByText('Premium is coming soon')).toBeInTheDocument();
  });
});
