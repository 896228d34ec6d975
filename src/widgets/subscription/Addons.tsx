import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCall, useRenderer } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { dayInWords, moneyIn } from '../money/shared';

type AddonOffer = CallAnswer<'subscription.addons', '200'>['data'][number];

/**
 * The add-ons (spec §4: subscribe to an add-on, cancel an add-on): each with its price for the plan's billing
 * period, and add or cancel; one the plan includes says so, one cancelled says until when it is kept. `act` is the
 * subscription page's: it asks, calls, tells the result and reads the user again.
 */
export function Addons(props: {
  subscribed: boolean;
  busy: boolean;
  /** The end of the billing period in words: where a cancelled add-on stops. */
  periodEnd: string;
  /** The subscription page's: asks, makes the named call (which reads the subscription's answers again), tells. */
  act(call: string, body: Record<string, unknown>, question: string): Promise<void>;
}) {
  const { t, locale } = useRenderer();
  // A subscription's answer: a change of plan or add-on (the page's calls) reads it again.
  const { data } = useCall<{ data: AddonOffer[] }>('subscription.addons');
  const offers = data?.data ?? [];
  if (offers.length === 0) return null;
  const run = (call: string, a: AddonOffer, question: string) => props.act(call, { plan_id: a.id }, question);
  return (
    <Box component="section" aria-labelledby="addons-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="addons-title" variant="h6" component="h2">
        {t('billing.addonsTitle')}
      </Typography>
      {offers.map((a) => {
        const name = t(`billing.addons.${a.id}.name`);
        const price = moneyIn(locale, a.currency)(a.price);
        const until = a.ends_at ? dayInWords(a.ends_at.slice(0, 10), locale) : '';
        return (
          <Paper
            key={a.id}
            variant="outlined"
            sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 240px' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {name} · {price} {t(a.interval === 'annual' ? 'billing.perYear' : 'billing.perMonth')}{' '}
                {a.active && <Chip size="small" color="primary" label={t('billing.addonOn')} sx={{ ml: 1 }} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {a.included
                  ? t('billing.addonIncludedNote')
                  : until
                    ? t('billing.addonKeptUntil', { date: until })
                    : props.subscribed
                      ? t(`billing.addons.${a.id}.description`)
                      : t('billing.addonNeedsPlan')}
              </Typography>
            </Box>
            {props.subscribed && !a.included && (
              <Button
                size="small"
                variant={a.active ? 'text' : 'outlined'}
                color={a.active ? 'error' : 'primary'}
                disabled={props.busy}
                onClick={() =>
                  void (a.active
                    ? run(
                        'subscription.addon-cancel',
                        a,
                        t('billing.addonRemoveQuestion', { addon: name, date: props.periodEnd }),
                      )
                    : run('subscription.addon', a, t('billing.addonAddQuestion', { addon: name, price })))
                }
              >
                {t(a.active ? 'billing.addonRemove' : 'billing.addonAdd', { addon: name })}
              </Button>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
