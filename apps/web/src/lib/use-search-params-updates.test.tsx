import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { useSearchParamsUpdates } from './use-search-params-updates';

const set = (key: string, value: string) => (previous: URLSearchParams) => {
  const next = new URLSearchParams(previous);
  next.set(key, value);
  return next;
};

/** The address, and buttons that change it: one makes two changes before the page draws again. */
function Address() {
  const [searchParams, update] = useSearchParamsUpdates();
  return (
    <>
      <output aria-label="address">{searchParams.toString()}</output>
      <button
        type="button"
        onClick={() => {
          update(set('sort', 'members'), { replace: true });
          update(set('promotion', 'yes'), { replace: true });
        }}
      >
        Two changes
      </button>
      <button type="button" onClick={() => update(set('promotion', 'yes'))}>
        One change
      </button>
    </>
  );
}

function renderAt(url: string) {
  return renderApp(url, { user: null, routes: [{ path: '/list', element: <Address /> }] }).router;
}

describe('useSearchParamsUpdates', () => {
  it('keeps both of two changes made before the page draws the first', async () => {
    renderAt('/list?page=3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Two changes' }));
    });
    expect(screen.getByLabelText('address').textContent).toBe('page=3&sort=members&promotion=yes');
  });

  it('starts from where a link or Back moved the address', async () => {
    const router = renderAt('/list?sort=members');
    await act(async () => {
      await router.navigate('/list?category=cosplay');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'One change' }));
    });
    expect(screen.getByLabelText('address').textContent).toBe('category=cosplay&promotion=yes');
  });
});
