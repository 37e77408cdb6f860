import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/ApiError';
import type { ErrorContext } from '../registry/types';
import { dispatchError, type DispatchDeps } from './dispatch';
import { errorMessage } from './message';
import { ERROR_MESSAGE_KEYS } from './catalogue';
import { createTestI18n } from '../testing/testI18n';

function deps(overrides: Partial<DispatchDeps> = {}) {
  const ctx: ErrorContext = { navigate: vi.fn(), toast: vi.fn(), t: (k) => k, message: 'catalogue message' };
  return { ctx, deps: { pluginHandlers: () => [], context: () => ctx, sessionEnded: () => false, ...overrides } satisfies DispatchDeps };
}

describe('dispatchError precedence', () => {
  const error = new ApiError(-40005, 'no permission', 403);

  it('call-site handler wins', () => {
    const plugin = vi.fn(() => true);
    const { deps: d, ctx } = deps({ pluginHandlers: () => [{ pluginId: 'p', value: plugin }] });
    expect(dispatchError(error, d, { handlers: { [-40005]: () => true } })).toBe('call-site');
    expect(plugin).not.toHaveBeenCalled();
    expect(ctx.toast).not.toHaveBeenCalled();
  });

  it('a handler returning false passes on to plugin handlers, then to the toast', () => {
    const first = vi.fn(() => false);
    const second = vi.fn(() => false);
    const { deps: d, ctx } = deps({ pluginHandlers: () => [{ pluginId: 'a', value: first }, { pluginId: 'b', value: second }] });
    expect(dispatchError(error, d, { handlers: { [-40005]: () => false } })).toBe('toast');
    expect(first).toHaveBeenCalled();
    expect(second).toHaveBeenCalled();
    expect(ctx.toast).toHaveBeenCalledWith('catalogue message', 'error');
  });

  it('plugin handler handles before the terminal behaviours', () => {
    const { deps: d } = deps({ pluginHandlers: () => [{ pluginId: 'p', value: () => true }] });
    expect(dispatchError(new ApiError(-20651, 'x', 401), d)).toBe('plugin');
  });

  it.each([
    [new ApiError(-3092, 'x', 400)],
    [new ApiError(-20651, 'x', 400)],
    [new ApiError(-20679, 'expired', 401)],
  ])('forced sign-out and expired sessions are terminal: no toast (%s)', (err) => {
    const { deps: d, ctx } = deps();
    expect(dispatchError(err, d)).toBe('terminal');
    expect(ctx.toast).not.toHaveBeenCalled();
  });

  it('nothing piles on while the session-ended modal is up', () => {
    const { deps: d, ctx } = deps({ sessionEnded: () => true });
    expect(dispatchError(error, d)).toBe('terminal');
    expect(ctx.toast).not.toHaveBeenCalled();
  });

  it('an aborted request passes through untouched', () => {
    const { deps: d, ctx } = deps();
    expect(dispatchError(new DOMException('x', 'AbortError'), d)).toBe('ignored');
    expect(ctx.toast).not.toHaveBeenCalled();
  });

  it('suppressToast leaves showing the error to the caller', () => {
    const { deps: d, ctx } = deps();
    expect(dispatchError(error, d, { suppressToast: true })).toBe('silent');
    expect(ctx.toast).not.toHaveBeenCalled();
  });
});

describe('errorMessage lookup', () => {
  const i18n = createTestI18n();
  const t = i18n.t.bind(i18n);

  it('catalogue message by code, then the server message, then Unknown error', () => {
    expect(errorMessage(new ApiError(-20621, 'server says', 400), t)).toBe('This user already exists.');
    expect(errorMessage(new ApiError(-99999, 'server says', 400), t)).toBe('server says');
    expect(errorMessage(new ApiError(-99999, undefined, 400), t)).toBe('Unknown error');
    expect(errorMessage(new Error('boom'), t)).toBe('Unknown error');
  });

  it('every catalogue code has an English message', () => {
    for (const [code, key] of Object.entries(ERROR_MESSAGE_KEYS)) {
      expect(i18n.exists(`core:errors.${key}`), `code ${code} -> errors.${key}`).toBe(true);
    }
  });

  it('covers every code of spec section 8', () => {
    const spec = [-1, -2, -4, -21, -10000, -10015, -6, -9, -3020, -3041, -3063, -20615, -3064, -3069, -3085, -20206, -3086, -20652,
      -3087, -3088, -3089, -3090, -3091, -3092, -5001, -10010, -10020, -20107, -10999, -11000, -11001, -11002, -11021, -19999,
      -20004, -20661, -20200, -20207, -20208, -20212, -20213, -20214, -20301, -20600, -20601, -20602, -20623, -20607, -20620,
      -20621, -20651, -20653, -20654, -20662, -20676, -20677, -20679, -20681, -20682, -20683, -20684, -20686, -20687, -23029,
      -29999, -40000, -40001, -40002, -40003, -40004, -40005, -40006, -40007, -40008, -40009, -40010, -40011, -40012, -40013,
      -40014, -40015, -40016, -40018, -40020, -40021, -40022, -40023, -40024, -40025, -40026, -40027, -60001];
    expect(spec.filter((code) => !(code in ERROR_MESSAGE_KEYS))).toEqual([]);
  });
});
