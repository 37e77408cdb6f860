import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpClient, SIGN_IN_PROBLEM_PATH } from '@portal/plugin-api';
import { renderPortal, testRegistry } from '@portal/plugin-api/testing';
import authorize from './index';
import SignInProblemView, { problemKind } from './SignInProblemView';

afterEach(() => vi.unstubAllGlobals());

function open(search: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, search, assign });
  return assign;
}

describe('the sign-in problem page', () => {
  it('is a route of the authorize plugin', async () => {
    const registry = await testRegistry([authorize]);
    expect(registry.routes.map((r) => r.value.path)).toContain(SIGN_IN_PROBLEM_PATH);
  });

  it('takes only a known kind from the address; anything else reads as a bad request', () => {
    expect(problemKind(new URLSearchParams('kind=redirectUri'))).toBe('redirectUri');
    expect(problemKind(new URLSearchParams('kind=<b>x</b>'))).toBe('invalidRequest');
    expect(problemKind(new URLSearchParams(''))).toBe('invalidRequest');
  });

  it("says the kind's fixed message, never text from the address, and starts again", async () => {
    const assign = open('?kind=redirectUri&error_description=INJECTED');
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize]), http: {} as HttpClient });
    expect(await screen.findByRole('heading', { name: 'Sign-in could not be completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The service that sent you here gave a return address this portal does not allow. For your security, you were not sent there.');
    expect(document.body.textContent).not.toContain('INJECTED');
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(assign).toHaveBeenCalledWith('/');
  });
});
