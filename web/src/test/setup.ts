import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { realtime } from '@/lib/realtime/realtime';
import { fakeSockets } from './fake-socket';

// No test opens a real socket: signed-in pages listen to the server through this stand-in (test/fake-socket.ts).
vi.mock('socket.io-client', async () => (await import('./fake-socket')).fakeSocketModule);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  authStore.reset();
  fakeSockets.length = 0;
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  realtime.reset();
});
