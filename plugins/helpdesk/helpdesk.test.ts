import { describe, expect, it } from 'vitest';
import { type GuardContext, type HttpClient, LOGIN_SLOT_POINT } from '@portal/plugin-api';
import { testDeployment, testRegistry } from '@portal/plugin-api/testing';
import helpdesk, { helpdeskEntry, helpdeskFields } from './index';

const ctx = (query: string): GuardContext => ({
  route: 'login', pathname: '/login', query: new URLSearchParams(query), child: undefined, config: testDeployment,
  http: {} as HttpClient, viewportWidth: 1366, origin: 'http://portal.test', host: 'portal.test',
});

describe('help-desk sign-in', () => {
  it('sends source, brand_id, locale_id and return_to with the sign-in', () => {
    expect(helpdeskFields(new URLSearchParams('source=zendesk&brand_id=7&locale_id=2&return_to=https%3A%2F%2Fhelp.example%2F'))).toEqual({
      source: 'zendesk', brand_id: '7', locale_id: '2', return_to: 'https://help.example/',
    });
    expect(helpdeskFields(new URLSearchParams('source=other&brand_id=7'))).toBeNull();
  });
  it('without a login session goes to the server help-desk entry first', async () => {
    expect(await helpdeskEntry.run(ctx('source=zendesk&brand_id=7&return_to=https%3A%2F%2Fhelp.example%2F'))).toEqual({
      kind: 'external', url: 'http://portal.test/api/helpdesk/sso?brand_id=7&return_to=https%3A%2F%2Fhelp.example%2F',
    });
    expect(await helpdeskEntry.run(ctx('source=zendesk&session_code=s'))).toEqual({ kind: 'next' });
    expect(await helpdeskEntry.run(ctx('session_code=s'))).toEqual({ kind: 'next' });
  });
});

describe('the help-desk notice above the form', () => {
  it('shows (and so loads) only on a help-desk sign-in', async () => {
    const registry = await testRegistry([helpdesk]);
    const [slot] = registry.getContributions(LOGIN_SLOT_POINT);
    expect(slot!.shows!(new URLSearchParams('source=zendesk&brand_id=7'))).toBe(true);
    expect(slot!.shows!(new URLSearchParams('session_code=s'))).toBe(false);
  });
});
