import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { useSearchParamsUpdates } from '../lib/use-search-params-updates';
import { AddressSearchField } from './address-search-field';

/** A list page's search box and its "Clear filters", with the search in ?q=. */
function SearchPage() {
  const [searchParams, update] = useSearchParamsUpdates();
  const write = (text: string) =>
    update(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (text) next.set('q', text);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <AddressSearchField
        label="Search"
        value={searchParams.get('q') ?? ''}
        placeholder="Name"
        onChange={write}
      />
      <output aria-label="address">{searchParams.toString()}</output>
      <button type="button" onClick={() => write('')}>
        Clear filters
      </button>
    </>
  );
}

function renderAt(url: string) {
  return renderApp(url, { user: null, routes: [{ path: '/list', element: <SearchPage /> }] }).router;
}

/** Keys typed one after another before the router draws the address (a slow phone). */
function typeQuickly(input: HTMLInputElement, keys: string) {
  act(() => {
    for (const key of keys) fireEvent.change(input, { target: { value: input.value + key } });
  });
}

describe('AddressSearchField', () => {
  it('keeps every key typed before the page draws the address again, and the address follows', async () => {
    renderAt('/list?sort=members');
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    typeQuickly(input, 'sunday');
    expect(input.value).toBe('sunday');
    await act(async () => {});
    expect(input.value).toBe('sunday');
    expect(screen.getByLabelText('address').textContent).toBe('sort=members&q=sunday');
  });

  it('takes a search from the address, and a change made elsewhere (Clear filters, a link)', async () => {
    const router = renderAt('/list?q=balcony');
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    expect(input.value).toBe('balcony');
    typeQuickly(input, ' light');
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await act(async () => {});
    expect(input.value).toBe('');
    await act(async () => {
      await router.navigate('/list?q=mirror');
    });
    expect(input.value).toBe('mirror');
  });
});
