/**
 * The owner's currency, as their region has it: hryvnias in Ukraine, pounds everywhere else. A product rule — the
 * server answers in it, and the app hands it to the renderer (`formContext.currency`), which has no default of its
 * own.
 */
export const regionCurrency = (region: string | null | undefined): string => (region === 'UA' ? 'UAH' : 'GBP');
