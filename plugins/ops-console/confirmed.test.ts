import i18next, { type TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/plugin-api';
import core from '../../locales/en_US/core.json';
import texts from '../../locales/en_US/ops-console.json';
import { needsConfirmation } from './api';
import { runConfirmed } from './confirmed';
import { consoleError } from './messages';

const confirmAsked = () => new ApiError(-20677, 'Confirm this action with your second factor.', 403, { confirm: true });

describe('needsConfirmation', () => {
  it('is a -20677 refusal that says confirm: true, nothing else', () => {
    expect(needsConfirmation(confirmAsked())).toBe(true);
    // A sign-in's second step (the same code without the flag) is not a confirmation.
    expect(needsConfirmation(new ApiError(-20677, 'mfa', 403))).toBe(false);
    expect(needsConfirmation(new ApiError(-20677, 'mfa', 403, { confirm: 'yes' }))).toBe(false);
    expect(needsConfirmation(new ApiError(-40005, 'no', 403, { confirm: true }))).toBe(false);
    expect(needsConfirmation(Object.assign(new Error('x'), { code: -20677, result: { confirm: true } }))).toBe(false);
    expect(needsConfirmation(null)).toBe(false);
  });
});

describe('runConfirmed', () => {
  it('answers the action’s result without asking when the server needs no confirmation', async () => {
    const action = vi.fn(async () => 'done');
    const confirm = vi.fn(async () => true);
    await expect(runConfirmed(action, confirm)).resolves.toBe('done');
    expect(action).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks for the second factor on a confirmation refusal, then runs the action once more', async () => {
    const order: string[] = [];
    let tries = 0;
    const action = vi.fn(async () => {
      order.push('action');
      if (tries++ === 0) throw confirmAsked();
      return { id: 'op-9' };
    });
    const confirm = vi.fn(async () => {
      order.push('confirm');
      return true;
    });
    await expect(runConfirmed(action, confirm)).resolves.toEqual({ id: 'op-9' });
    expect(order).toEqual(['action', 'confirm', 'action']);
  });

  it('resolves null and does not run the action again when the operator gives up', async () => {
    const action = vi.fn(async () => {
      throw confirmAsked();
    });
    await expect(runConfirmed(action, async () => false)).resolves.toBeNull();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('passes any other failure on without asking', async () => {
    const refused = new ApiError(-40005, 'Not allowed.', 403, { lastAdmin: true });
    const confirm = vi.fn(async () => true);
    await expect(
      runConfirmed(async () => {
        throw refused;
      }, confirm),
    ).rejects.toBe(refused);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks once only: a second refusal after the confirmation is the caller’s to show', async () => {
    const confirm = vi.fn(async () => true);
    const action = vi.fn(async () => {
      throw confirmAsked();
    });
    await expect(runConfirmed(action, confirm)).rejects.toMatchObject({ code: -20677 });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('passes a failure of the repeated action on', async () => {
    let tries = 0;
    const later = new ApiError(-20621, 'Exists.', 409);
    const action = async () => {
      if (tries++ === 0) throw confirmAsked();
      throw later;
    };
    await expect(runConfirmed(action, async () => true)).rejects.toBe(later);
  });
});

describe('consoleError', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en_US', resources: { en_US: { core, 'ops-console': texts } }, defaultNS: 'core', initAsync: false });
  const t = i18n.t.bind(i18n) as unknown as TFunction<['ops-console', 'core']>;

  it.each([
    [0, 0, 'The console did not answer. Check your connection and try again.'],
    [-20601, 400, 'Wrong email address or password.'],
    [-20607, 400, 'That code or passkey was not accepted.'],
    [-20651, 400, 'This invitation link is not valid any more. Ask an administrator for a new one.'],
    [-3063, 400, 'Choose a password of at least 12 characters that is not all one character.'],
    [-40005, 403, 'Your role does not allow this.'],
    [-20621, 409, 'This address is an operator already. Change their role instead.'],
    [-60001, 429, 'Too many attempts. Wait a few minutes, then try again.'],
    [-3092, 401, 'Your console session has ended. Sign in again.'],
  ])('says %i in the console’s own words', (code, status, text) => {
    expect(consoleError(new ApiError(code, 'server text', status), t)).toBe(text);
  });

  it('says a refusal that would leave no admin as such, and only with the flag', () => {
    expect(consoleError(new ApiError(-40005, 'x', 403, { lastAdmin: true }), t)).toBe('The console needs at least one active admin, so this change is not possible.');
    expect(consoleError(new ApiError(-40005, 'x', 403, { lastAdmin: 'true' }), t)).toBe('Your role does not allow this.');
    expect(consoleError(new ApiError(-20651, 'x', 400, { lastAdmin: true }), t)).toBe('This invitation link is not valid any more. Ask an administrator for a new one.');
  });

  it("falls back to the portal's catalogue, then the server's text, then an unknown error", () => {
    expect(consoleError(new ApiError(-20677, 'x', 403), t)).toBe(core.errors.mfaRequired);
    expect(consoleError(new ApiError(-99999, 'Something only the server knows.', 500), t)).toBe('Something only the server knows.');
    expect(consoleError(new Error('boom'), t)).toBe(core.errors.unknown);
  });
});
