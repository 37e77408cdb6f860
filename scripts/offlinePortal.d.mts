/** One page load: the core and the plugins evaluated anew. */
export interface PortalPage {
  import<T>(file: string): Promise<T>;
  close(): Promise<void>;
}

/** A Vite server over a checkout (or a copy of one) that hands out fresh pages. */
export interface OfflinePortal {
  page(): Promise<PortalPage>;
  close(): Promise<void>;
}

export function openOfflinePortal(root: string): Promise<OfflinePortal>;
