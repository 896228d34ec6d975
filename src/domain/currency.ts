/**
 * A region's currency: hryvnias in Ukraine, pounds in Great Britain (and for an account that has not chosen one). A
 * product rule — the server answers in it, and the app hands it to the renderer (`formContext.currency`), which has
 * no default of its own.
 */
export const regionCurrency = (region: string | null | undefined): string => (region === 'UA' ? 'UAH' : 'GBP');

/**
 * An owner's currency: the one kept on their account (chosen at sign-up in region OTHER), else their region's. What
 * their ledger, prices and figures are in.
 */
export const currencyOf = (owner: { region: string | null | undefined; currency?: string | null }): string =>
  owner.currency ?? regionCurrency(owner.region);

/**
 * An owner's country (ISO 3166 alpha-2): the one kept on their account (chosen at sign-up in region OTHER), else
 * their region's — Ukraine, or Great Britain (also for an owner elsewhere who signed up before the app asked).
 */
export const countryOf = (owner: { region: string | null | undefined; country?: string | null }): string =>
  owner.country ?? (owner.region === 'UA' ? 'UA' : 'GB');
