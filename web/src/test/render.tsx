import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query/query-client';

/** A wrapper for renderHook: a fresh query cache. */
export function withQueryClient() {
  const queryClient = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

/** Renders `ui` as the app does: inside a fresh query cache, with the toaster beside it. */
export function renderWithApp(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const queryClient = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return { ...render(ui, { ...options, wrapper: Wrapper }), queryClient };
}

/** Mounts routes in a memory router with the query cache and the toaster, as the app does. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  return { ...renderWithApp(<RouterProvider router={router} />), router };
}

/** A route that only shows where the user landed. */
export const landing = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });
