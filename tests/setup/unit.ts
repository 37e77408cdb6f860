import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissToast, getToast } from '../../core/ui/toastStore';

// jsdom has no ResizeObserver; headlessui's Combobox and Dialog watch element
// boxes with it. An inert one for every test file, so no file can forget it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// findBy*/waitFor give up after 1 s by default: on a 2-core machine running the whole unit stage, a
// page's first render (lazy chunks, i18n) can take longer. A test that is right passes as soon as it can.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The toast store is module state: a toast from one test (4 s) must not be seen by the next.
  const left = getToast();
  if (left) dismissToast(left.id);
});
