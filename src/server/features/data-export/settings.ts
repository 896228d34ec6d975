/** The parts an export-information archive can hold: five of the owner's lists and their ledger (income). */
export const EXPORT_PARTS = ['clients', 'services', 'products', 'income', 'expenses', 'invoices'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** The owner's export-information settings (spec §3), kept in their account's settings JSON. */
export interface ExportInformationSettings {
  /** Whether an archive is made by itself every `frequency`. */
  automatic: boolean;
  frequency: 'weekly' | 'monthly';
  parts: ExportPart[];
  /** One file per part, Excel or CSV, in one zip. */
  format: 'xlsx' | 'csv';
  /** Emailed to the owner as it is made, or kept to download from the screen (every archive can be downloaded). */
  delivery: 'email' | 'download';
}

export const SETTINGS_KEY = 'exportInformation';

export const DEFAULT_EXPORT_SETTINGS: ExportInformationSettings = {
  automatic: false,
  frequency: 'monthly',
  parts: [...EXPORT_PARTS],
  format: 'xlsx',
  delivery: 'email',
};

/** The stored settings over the defaults; a part no longer known is dropped. */
export function exportSettingsOf(settings: Record<string, unknown>): ExportInformationSettings {
  const stored = (settings[SETTINGS_KEY] ?? {}) as Partial<ExportInformationSettings>;
  const merged = { ...DEFAULT_EXPORT_SETTINGS, ...stored };
  const parts = (merged.parts ?? []).filter((p): p is ExportPart => (EXPORT_PARTS as readonly string[]).includes(p));
  return { ...merged, parts: parts.length ? parts : [...EXPORT_PARTS] };
}
