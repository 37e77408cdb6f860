import { describe, expect, it } from 'vitest';
import { problemOf, problemUrl } from './problemPage';

describe('the sign-in problem page of provider errors', () => {
  it('maps error codes and classes to known kinds only', () => {
    expect(problemOf('invalid_client', 'InvalidClient')).toBe('unknownClient');
    expect(problemOf('invalid_redirect_uri', 'InvalidRedirectUri')).toBe('redirectUri');
    expect(problemOf('invalid_request', 'SessionNotFound')).toBe('expired');
    expect(problemOf('server_error', 'Error')).toBe('serverError');
    expect(problemOf('invalid_request', 'InvalidRequest')).toBe('invalidRequest');
    expect(problemOf('<script>', undefined)).toBe('invalidRequest');
  });

  it('carries the kind and a portal language, nothing else', () => {
    const ctx = { options: { publicOrigin: 'https://id.example' } } as Parameters<typeof problemUrl>[0];
    expect(problemUrl(ctx, 'redirectUri', 'de-AT fr')).toBe('https://id.example/sign-in-problem?kind=redirectUri&lang=de_DE');
    expect(problemUrl(ctx, 'expired', 'xx "><b>')).toBe('https://id.example/sign-in-problem?kind=expired');
    expect(problemUrl(ctx, 'expired')).toBe('https://id.example/sign-in-problem?kind=expired');
  });
});
