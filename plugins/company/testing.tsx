/** Renders the company page (or one screen) the way the account area nests it: under /accountSetting/company. */
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { type HttpClient, type PluginManifest, type UserInfo } from '@portal/plugin-api';
import { renderPortal, setUser, testRegistry } from '@portal/plugin-api/testing';
import { ACCOUNT_ID } from './fixtures';
import company from './index';

export const owner: UserInfo = {
  accountId: ACCOUNT_ID, avatar: null, id: 'u-1', email: 'ana.novak@partner-example.com', phone: null, identityProvider: 'vendorId',
  uuidProvider: 'uuid-1', firstName: 'Ana', lastName: 'Novák', region: 'Euw', language: 'en_US',
};

export async function renderCompany(ui: ReactNode, http: HttpClient, sub = '/', user: UserInfo = owner, others: PluginManifest[] = []) {
  setUser(user);
  const registry = await testRegistry([company, ...others]);
  const path = `/accountSetting/company${sub === '/' ? '' : sub}`;
  const utils = renderPortal(
    <Switch>
      <Route path="/accountSetting/company" nest>
        {ui}
      </Route>
    </Switch>,
    { registry, http, path },
  );
  return utils;
}
