import { renderHook, screen as view } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RendererContext } from '../../../packages/renderer/react/context';
import Agenda from '../../../src/widgets/dashboard/Agenda';
import { useGoalWords } from '../../../src/widgets/goals/shared';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

const year = new Date().getFullYear();
const nextYear = `${year + 1}-01-08`;

describe('dates in another year carry their year', () => {
  it("the dashboard agenda's next appointments", async () => {
    const answer = {
      data: {
        appointments: {
          today: [],
          next: [
            {
              id: 4,
              date: nextYear,
              start_time: '10:00',
              end_time: '11:00',
              type: 'service',
              title: null,
              service: 'Haircut',
              clients: ['Amelia Stone'],
              cancelled: false,
            },
          ],
        },
      },
    };
    const context = rendererContext({
      locale: 'en-GB',
      manifest: {
        hash: 'h',
        navigation: { areas: [], redirects: [], notFound: '/404' },
        screens: [
          { id: 'appointments.form', route: '/appointments/calendar/form/:id?' },
          { id: 'appointments.calendar', route: '/appointments/calendar/events' },
        ],
        resources: {},
      } as never,
      rest: { peek: () => undefined, getJson: async () => answer } as never,
    });
    renderScreen(
      <Agenda screen={{} as never} card={{ title: 'x', source: '/api/v1/data/statistic' } as never} />,
      context,
    );
    expect(await view.findByText(new RegExp(`8 Jan ${year + 1}, 10:00–11:00`))).toBeTruthy();
  });

  it("a goal's period that ends in another year", () => {
    const context = rendererContext({ locale: 'en-GB', t: (k, o) => `${k} ${JSON.stringify(o)}` });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RendererContext.Provider value={context}>{children}</RendererContext.Provider>
    );
    const { result } = renderHook(() => useGoalWords('GBP'), { wrapper });
    expect(result.current.period(`${year}-12-01`, nextYear)).toBe(
      `goals.period {"from":"1 Dec","to":"8 Jan ${year + 1}"}`,
    );
  });
});
