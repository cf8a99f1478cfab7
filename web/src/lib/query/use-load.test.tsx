import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { useLoad } from './use-load';

/** A load function whose calls the test settles by hand. */
function manualLoad<T>() {
  const calls: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, load };
}

function renderLoad<T>(load: () => Promise<T>) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useLoad(['test'], load), { wrapper }) };
}

describe('useLoad', () => {
  it('reads as loading, then ready with the loaded data', async () => {
    const { calls, load } = manualLoad<string>();
    const { result } = renderLoad(load);
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('Ava'));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'Ava' }));
  });

  it('reports a failure at once, with a retry that reads as loading until the new answer', async () => {
    const { calls, load } = manualLoad<string>();
    const failure = new Error('No server response');
    const { result } = renderLoad(load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(failure));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', error: failure }));

    act(() => (result.current as { retry(): void }).retry());
    await waitFor(() => expect(result.current).toEqual({ status: 'loading' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.resolve('Ava'));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'Ava' }));
  });

  it('keeps what is shown when a later refetch fails', async () => {
    const { calls, load } = manualLoad<string>();
    const { result, queryClient } = renderLoad(load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('Ava'));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'Ava' }));

    void queryClient.invalidateQueries({ queryKey: ['test'] });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.reject(new Error('down')));
    await waitFor(() => expect(queryClient.getQueryState(['test'])?.status).toBe('error'));
    expect(result.current).toEqual({ status: 'ready', data: 'Ava' });
  });
});
