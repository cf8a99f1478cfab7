import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';

beforeEach(() => {
  window.localStorage.clear();
  authStore.reset();
});

afterEach(() => {
  cleanup();
  toast.dismiss();
});
