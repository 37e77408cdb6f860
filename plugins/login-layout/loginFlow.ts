import { proxy } from 'valtio';

/** Which login view shows and what it was handed (spec section 4, login views). */
export interface LoginFlowState {
  view: string;
  data: unknown;
  /** Bumped on every switch so the host can move focus to the new view. */
  seq: number;
}

export function createLoginFlow(initialView: string): LoginFlowState {
  return proxy<LoginFlowState>({ view: initialView, data: undefined, seq: 0 });
}

export function goTo(flow: LoginFlowState, view: string, data?: unknown): void {
  flow.view = view;
  flow.data = data;
  flow.seq += 1;
}

/**
 * The first view: the register module when an invitation opened the page (and register is
 * available), a view that claims the `module` (a mailed link's page), else the contributed
 * default, else the first view there is.
 */
export function initialView(query: URLSearchParams, views: readonly { id: string; isDefault?: boolean; module?: string }[]): string | null {
  const has = (id: string) => views.some((v) => v.id === id);
  const module = query.get('module');
  if (module === 'register' && has('register')) return 'register';
  const claimed = module ? views.find((v) => v.module === module) : undefined;
  if (claimed) return claimed.id;
  return views.find((v) => v.isDefault)?.id ?? views[0]?.id ?? null;
}
