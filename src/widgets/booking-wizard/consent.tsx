import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useRenderer } from '@soloist/renderer';

/**
 * Marketing messages only by explicit opt-in (UK/EU): an unticked box on the booking page; the answer is sent with
 * the booking or purchase and stored on the client.
 */
export function ConsentBox({
  owner,
  checked,
  onChange,
}: {
  owner: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { t } = useRenderer();
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={t('bookingPage.marketingConsent', { name: owner })}
      sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
    />
  );
}
