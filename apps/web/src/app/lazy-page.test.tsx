import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazy pages', () => {
  it('suspends while its code loads, then renders', async () => {
    let finish = (_: { Greeting: typeof Greeting }) => {};
    const Page = lazyPage(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (finish = resolve)),
      'Greeting',
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => finish({ Greeting }));
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
  });

  it('renders at once, without suspending, when its code was preloaded (hydration needs this)', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Page = lazyPage(load, 'Greeting');
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Bea" />
      </Suspense>,
    );
    // Synchronously: no fallback was ever shown.
    expect(screen.getByText('Hello Bea')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ Greeting });
    const Page = lazyPage(load, 'Greeting');
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
