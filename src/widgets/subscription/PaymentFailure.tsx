import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link, useRenderer } from '@soloist/renderer';

/** A payment refused in words; when the card was the problem, a way to the cards page beside it. */
export function PaymentFailure({ message, card }: { message: string; card: boolean }) {
  const { t } = useRenderer();
  return (
    <Alert
      severity="error"
      action={
        card ? (
          <Button color="inherit" size="small" component={Link} to="/account-setup/subscription/cards">
            {t('billing.manageCards')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
