import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRequest } from './use-request';

/** A load function whose calls the test settles by hand, in any order. */
function manualLoad<T>() {
  const calls: { key: string; signal: AbortSignal; resolve(value: T): void; reject(error: unknown): void }[] =
    [];
  const loadFor = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ key, signal, resolve, reject });
      // Behave like fetch: an abort rejects the pending request.
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { calls, loadFor };
}

describe('useRequest', () => {
  it('reads as loading, then ready with the loaded data', async () => {
    const { calls, loadFor } = manualLoad<string>();
    const { result } = renderHook(() => useRequest('u1', loadFor('u1')));

    expect(result.current).toEqual({ status: 'loading' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);

    await act(async () => calls[0]!.resolve('Ava'));
    expect(result.current).toEqual({ status: 'ready', data: 'Ava' });
  });

  it('reports a failure with a retry that loads again, reading as loading meanwhile', async () => {
    const { calls, loadFor } = manualLoad<string>();
    const failure = new Error('No server response');
    const { result } = renderHook(() => useRequest('u1', loadFor('u1')));

    await act(async () => calls[0]!.reject(failure));
    expect(result.current).toMatchObject({ status: 'error', error: failure });

    const { retry } = result.current as { retry(): void };
    act(() => retry());
    expect(result.current).toEqual({ status: 'loading' });
    expect(calls).toHaveLength(2);

    await act(async () => calls[1]!.resolve('Ava'));
    expect(result.current).toEqual({ status: 'ready', data: 'Ava' });
  });

  it('only loads again for a new key or a retry, not for a new load closure', async () => {
    const load = vi.fn(async (_signal: AbortSignal) => 'Ava');
    const { result, rerender } = renderHook(() => useRequest('u1', (signal) => load(signal)));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'Ava' }));

    rerender();
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a new key aborts the old request and never shows its answer', async () => {
    const { calls, loadFor } = manualLoad<string>();
    const { result, rerender } = renderHook(({ id }) => useRequest(id, loadFor(id)), {
      initialProps: { id: 'u1' },
    });
    await act(async () => calls[0]!.resolve('Ava'));
    expect(result.current).toEqual({ status: 'ready', data: 'Ava' });

    rerender({ id: 'u2' });
    // The previous key's data reads as loading at once, before any effect has run its course.
    expect(result.current).toEqual({ status: 'loading' });
    expect(calls.map((c) => c.key)).toEqual(['u1', 'u2']);

    rerender({ id: 'u3' });
    expect(calls[1]!.signal.aborted).toBe(true);
    // The aborted u2 request rejected with an AbortError: not a failure, still loading u3.
    await act(async () => Promise.resolve());
    expect(result.current).toEqual({ status: 'loading' });

    await act(async () => calls[2]!.resolve('Cleo'));
    expect(result.current).toEqual({ status: 'ready', data: 'Cleo' });
  });

  it('ignores a late answer from a superseded request', async () => {
    const calls: { resolve(value: string): void }[] = [];
    // A load that does not listen to its signal, so the old answer still arrives.
    const load = () => new Promise<string>((resolve) => calls.push({ resolve }));
    const { result, rerender } = renderHook(({ id }) => useRequest(id, load), { initialProps: { id: 'u1' } });

    rerender({ id: 'u2' });
    await act(async () => calls[0]!.resolve('Ava'));
    expect(result.current).toEqual({ status: 'loading' });

    await act(async () => calls[1]!.resolve('Cleo'));
    expect(result.current).toEqual({ status: 'ready', data: 'Cleo' });
  });

  it('keeps the current answer when a superseded request answers after it', async () => {
    const calls: { resolve(value: string): void }[] = [];
    const load = () => new Promise<string>((resolve) => calls.push({ resolve }));
    const { result, rerender } = renderHook(({ id }) => useRequest(id, load), { initialProps: { id: 'u1' } });

    rerender({ id: 'u2' });
    await act(async () => calls[1]!.resolve('Cleo'));
    await act(async () => calls[0]!.resolve('Ava'));
    expect(result.current).toEqual({ status: 'ready', data: 'Cleo' });
  });

  it('aborts the request in flight on unmount', () => {
    const { calls, loadFor } = manualLoad<string>();
    const { unmount } = renderHook(() => useRequest('u1', loadFor('u1')));

    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
