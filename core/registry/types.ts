import type { ComponentType } from 'react';
import type { ApiError } from '../http/ApiError';
import type { NamespaceLoader } from '../i18n/namespaces';
import type { TranslationKey } from '../i18n/resources';
import type { Shape } from '../config/shape';
import type { DeploymentConfig } from '../config/types';
import type { ExtensionPoint } from './extensionPoints';
import type { Guard } from '../router/guardTypes';
import type { UserInfo } from '../contract/api';
import type { SessionGrant } from '../session/grant';

/** A lazily imported view: its code is fetched only when it is first shown. */
export type LazyView<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** The mount points of the router; `accountSetting` takes child paths. */
export type RouteParent = 'accountSetting';

/** A route a plugin adds: a path (or a child of /accountSetting), its lazy view and title. */
export interface RouteContribution {
  /** Absolute path ('/token') or, with `parent`, a child segment ('security'). */
  path: string;
  parent?: RouteParent;
  view: LazyView;
  /** i18n key (`ns:key`) for the document title while the route shows. */
  titleKey?: TranslationKey;
}

/** What a menu entry's `visible` may look at. */
export interface MenuContext {
  user: UserInfo | null;
  config: DeploymentConfig;
  viewportWidth: number;
}

/** An entry of the account menu. */
export interface MenuEntry {
  id: string;
  /** Child segment of /accountSetting ('myProfile'), an absolute path, or an https URL. */
  path: string;
  /** An absolute path served outside the SPA (another app on the portal's origin): a full page load, not a route. */
  external?: boolean;
  labelKey: TranslationKey;
  order: number;
  visible?: (ctx: MenuContext) => boolean;
}

/** Props every login view receives from the login layout. */
export interface LoginViewProps {
  /** Switch the login page to another view id, e.g. 'register'. */
  goTo: (view: string, data?: unknown) => void;
  data?: unknown;
}

/** A view of the login page (sign-in, register, reset…): its id and lazy view. */
export interface LoginViewContribution {
  id: string;
  view: LazyView<LoginViewProps>;
  /** The default view when the page opens; exactly one plugin should set it. */
  isDefault?: boolean;
  /**
   * The page opens on this view when its `module` query names it (a mailed link's page); the
   * registry also lets such a link past the login guards, signed in or not (registry.ts).
   */
  module?: string;
}

/** What an error handler may use: navigation, a toast, translations and the error's catalogue message. */
export interface ErrorContext {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  toast: (message: string, kind?: 'error' | 'success' | 'info' | 'warning') => void;
  t: (key: TranslationKey, options?: Record<string, unknown>) => string;
  /** The catalogue message for the error (spec section 8 lookup). */
  message: string;
}

/** Returns true when it handled the error; false passes it on to the next handler. */
export type ErrorHandler = (error: ApiError, ctx: ErrorContext) => boolean;

/**
 * A handler with its place among other plugins' handlers of the same code: the higher
 * `priority` runs first. Two plugins that handle one code must both give one, and they must
 * differ; otherwise start-up fails naming both plugins (config order never decides).
 */
export interface PrioritisedErrorHandler {
  handle: ErrorHandler;
  priority: number;
}

/** An error handler, or one with its priority among other plugins' handlers of the same code. */
export type ErrorHandlerContribution = ErrorHandler | PrioritisedErrorHandler;

/** The ways a plugin contributes, in `register()` (the manifest's fields do the same). */
export interface ContributionApi {
  addRoute(route: RouteContribution): void;
  addMenuEntry(entry: MenuEntry): void;
  addLoginView(view: LoginViewContribution): void;
  /** `priority` (higher runs first) is required when another plugin handles the same code. */
  addErrorHandler(code: number, handler: ErrorHandler, options?: { priority?: number }): void;
  addGuard(guard: Guard): void;
  addNamespace(ns: string, loader: NamespaceLoader): void;
  declareExtensionPoint<T>(point: ExtensionPoint<T>): void;
  contribute<T>(point: ExtensionPoint<T>, value: T): void;
}

/** What a plugin's `register()` gets: the ways to contribute, its settings, the deployment and its session capability. */
export interface RegisterContext<C> extends ContributionApi {
  pluginId: string;
  config: C;
  deployment: DeploymentConfig;
  /** The session capability, granted to this plugin: its operations are logged under the plugin's id. */
  session: SessionGrant;
}

/** What a plugin's `bootstrap()` gets: its settings, the deployment, other plugins' contributions and which plugins are on. */
export interface BootstrapContext<C> {
  pluginId: string;
  config: C;
  deployment: DeploymentConfig;
  /** Contributions to a declared point; asking for an undeclared point throws. */
  getContributions<T>(point: ExtensionPoint<T>): T[];
  isEnabled(pluginId: string): boolean;
}

/** What a plugin declares; see definePlugin(). */
export interface PluginDefinition<C extends object> {
  id: string;
  /** Shape of this plugin's `config` block in the deployment config (core/config/shape.ts), checked at start-up. */
  configSchema?: Shape<C>;
  routes?: RouteContribution[];
  menu?: MenuEntry[];
  loginViews?: LoginViewContribution[];
  errorHandlers?: Record<number, ErrorHandlerContribution>;
  guards?: Guard[];
  /** Locale namespaces: name -> loader of `locales/<lang>/<name>.json`. */
  locales?: Record<string, NamespaceLoader>;
  register?(ctx: RegisterContext<C>): void | Promise<void>;
  bootstrap?(ctx: BootstrapContext<C>): void | Promise<void>;
}

/** A plugin with its config type erased, as the registry handles it. */
export interface PluginManifest {
  readonly id: string;
  readonly configSchema?: Shape<unknown>;
  readonly routes: readonly RouteContribution[];
  readonly menu: readonly MenuEntry[];
  readonly loginViews: readonly LoginViewContribution[];
  readonly errorHandlers: Readonly<Record<number, ErrorHandlerContribution>>;
  readonly guards: readonly Guard[];
  readonly locales: Readonly<Record<string, NamespaceLoader>>;
  register?(ctx: RegisterContext<unknown>): void | Promise<void>;
  bootstrap?(ctx: BootstrapContext<unknown>): void | Promise<void>;
}

export interface PluginModule {
  default: PluginManifest;
}
