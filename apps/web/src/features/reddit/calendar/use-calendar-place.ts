import { useSearchParams } from 'react-router';
import { isDayKey, type CalendarView } from './calendar-dates';

export const postViews = ['list', 'week', 'month'] as const;
export type PostView = (typeof postViews)[number];

const isPostView = (value: string | null): value is PostView => postViews.includes(value as PostView);

/**
 * Which view of the posts and which day it shows, kept in the URL (?view=week&date=2026-12-01) so
 * a reload, the back button and a shared link open the same place. The list is the default.
 */
export function useCalendarPlace(today: string) {
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: PostView = isPostView(viewParam) ? viewParam : 'list';
  const dateParam = params.get('date');
  const day = isDayKey(dateParam) ? dateParam : today;
  const update = (changes: { view?: PostView; day?: string }) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      const nextView = changes.view ?? view;
      if (nextView === 'list') next.delete('view');
      else next.set('view', nextView);
      const nextDay = changes.day ?? day;
      if (nextView === 'list' || nextDay === today) next.delete('date');
      else next.set('date', nextDay);
      return next;
    });
  return {
    view,
    calendarView: view === 'list' ? null : (view satisfies CalendarView),
    day,
    setView: (next: PostView) => update({ view: next }),
    setDay: (next: string) => update({ day: next }),
  };
}
