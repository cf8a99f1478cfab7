import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query/query-client';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);

  // What one account loaded is never shown to the next one on this device.
  useEffect(() => {
    let owner = authStore.getState().auth?.id ?? null;
    return authStore.subscribe(() => {
      const id = authStore.getState().auth?.id ?? null;
      if (id === owner) return;
      owner = id;
      queryClient.clear();
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
