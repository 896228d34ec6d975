import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useMoney, usePage, type PublicService } from './api';
import { ChoiceList, Loading, need } from './shared';

/** Step 3: the services offered online, with price, length and deposit — or the client's package that covers one. */
export const ServicesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  if (!page) return <Loading />;
  const pick = (s: PublicService) => w.next({ service: s.id });
  // The client's own package that includes the service with a session left: it pays, no deposit is asked.
  const packageFor = (s: PublicService) =>
    (page.verified?.packages ?? [])
      .map((p) => ({ title: p.title, left: p.services.find((x) => x.id === s.id)?.left ?? 0 }))
      .find((p) => p.left > 0);
  return (
    <ChoiceList
      items={page.services.map((s) => {
        const pack = s.price > 0 ? packageFor(s) : undefined;
        return {
          key: s.id,
          title: s.title,
          selected: w.data.service === s.id,
          onClick: () => pick(s),
          lines: [
            `${t('units.minutes', { count: s.duration })} · ${s.price > 0 ? money(s.price) : t('bookingPage.free')}`,
            pack
              ? t('bookingPage.packageCovers', { title: pack.title, count: pack.left })
              : s.deposit > 0
                ? t('bookingPage.depositLine', { amount: money(s.deposit) })
                : '',
            s.description ?? '',
          ],
        };
      })}
    />
  );
};
