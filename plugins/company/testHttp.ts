/** Test and story helpers of the company plugin: fixed data and an HTTP fake answering by method and path. */
import { vi } from 'vitest';
import type { HttpClient } from '@portal/plugin-api';

export type Call = { method: string; path: string; body: unknown; form?: FormData; options?: Record<string, unknown> };
export type Answer = unknown | ((call: Call) => unknown);

/** `answers['PUT /orgs']`: a value, an Error to throw, or a function of the call. Unknown calls fail the test. */
export function routeHttp(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const send = async (method: string, path: string, body: unknown, options?: { form?: FormData } & Record<string, unknown>) => {
    const call: Call = { method, path, body, form: options?.form, options };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in answers)) throw new Error(`unexpected call ${key}`);
    const answer = answers[key];
    const value = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
    if (value instanceof Error) throw value;
    return value;
  };
  const http = {
    get: vi.fn((path: string, options?: { form?: FormData }) => send('GET', path, undefined, options)),
    post: vi.fn((path: string, body?: unknown, options?: { form?: FormData }) => send('POST', path, body, options)),
    put: vi.fn((path: string, body?: unknown, options?: { form?: FormData }) => send('PUT', path, body, options)),
    delete: vi.fn((path: string, body?: unknown, options?: { form?: FormData }) => send('DELETE', path, body, options)),
  } as unknown as HttpClient;
  return { http, calls, answers };
}
