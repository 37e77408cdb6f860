import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { AppRouter } from './AppRouter';

const http = { get: vi.fn(async () => null), post: vi.fn(async () => null) } as unknown as HttpClient;

function Form() {
  const [email, setEmail] = useState('');
  return <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />;
}

describe('choosing a language on a guarded page', () => {
  it('keeps what was typed: the guards do not run again for ?lang, and the view stays mounted', async () => {
    let runs = 0;
    const feature = definePlugin({
      id: 'typed-form',
      guards: [{ id: 'count', route: 'invite', order: 1, run: () => (runs++, { kind: 'allow' as const }) }],
      routes: [{ path: '/invite', view: () => Promise.resolve({ default: Form }) }],
    });
    const registry = await testRegistry([feature]);
    const { location } = renderPortal(<AppRouter />, { registry, http, path: '/invite?code=abc' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ana@example.com');
    expect(runs).toBe(1);
    // The language menu writes ?lang= into the address (core/i18n chooseLanguage).
    act(() => location.navigate('/invite?code=abc&lang=de_DE', { replace: true }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
    expect(runs).toBe(1);
    // Any other change of the query is a new entry: the chain runs again.
    act(() => location.navigate('/invite?code=other&lang=de_DE', { replace: true }));
    await vi.waitFor(() => expect(runs).toBe(2));
  });
});
