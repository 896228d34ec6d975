import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { defaultCountry, toE164 } from '../../infra/phones';

/**
 * A phone cell as the import reads it, before the client form's check (E.164 with the owner's country): digits alone
 * that are no number of the owner's country but a valid number with a "+" in front are that international number.
 * A spreadsheet keeps `+380501234567` typed into a cell as the number 380501234567; read as British it would be
 * refused (or, worse, stored as +44380…), and the owner could not see why.
 */
export function importedPhone(cell: string, country: string | null | undefined): string {
  const text = cell.trim();
  if (!/^[1-9][0-9]{6,14}$/.test(text) || toE164(text, defaultCountry(country))) return cell;
  const international = parsePhoneNumberFromString(`+${text}`);
  return international?.isValid() ? international.number : cell;
}
