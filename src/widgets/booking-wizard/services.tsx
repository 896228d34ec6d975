import { useRenderer, type ScreenWidget } from '../../../renderer';
import { useMoney, usePage, type PublicService } from './api';
import { ChoiceList, Loading, need } from './shared';

/** Step 3: the services offered online, with price, length and deposit. */
export const ServicesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  if (!page) return <Loading />;
  const pick = (s: PublicService) => w.next({ service: s.id });
  return (
    <ChoiceList
      items={page.services.map((s) => ({
        key: s.id,
        title: s.title,
        selected: w.data.service === s.id,
        onClick: () => pick(s),
        lines: [
          `${t('units.minutes', { count: s.duration })} · ${s.price > 0 ? money(s.price) : t('bookingPage.free')}`,
          s.deposit > 0 ? t('bookingPage.depositLine', { amount: money(s.deposit) }) : '',
          s.description ?? '',
        ],
      }))}
    />
  );
};
