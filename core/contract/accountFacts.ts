/**
 * What a feature knows of one account, as the ops console's help desk shows it (issue 28, section 4):
 * each plugin's server half answers for its own rows through the `accountFacts` point, so the help
 * desk shows whatever features are installed without reading their tables.
 */

/** One named thing a fact lists: a passkey, a trusted browser, a company. */
export interface AccountFactItem {
  /** As the feature shows it to the account's owner (a passkey's name, "Chrome 131, Windows", a company's name). */
  name: string;
  /** When it was made or last used (epoch ms), if the feature knows. */
  at?: number | null;
}

/** One fact a feature tells the help desk about an account (the server's `accountFacts` point). */
export interface AccountFact {
  /**
   * What it is (`passkeys`, `recoveryCodes`, `trustedDevices`, `company`): the help desk words it
   * (`ops-helpdesk:facts.<id>`); an id it has no words for is shown as it is.
   */
  id: string;
  /** How many (passkeys, recovery codes left, trusted browsers). */
  count?: number;
  /** The things counted, by name, when the feature names them. */
  items?: AccountFactItem[];
}
