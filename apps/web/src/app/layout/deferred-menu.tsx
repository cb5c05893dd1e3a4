import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';

export interface DeferredMenuProps {
  /** The placeholder was activated before the menu's code arrived: open at once. */
  defaultOpen?: boolean;
}

export interface PlaceholderProps {
  /** Called on activation (click, Enter, Space, ArrowDown): load the menu and open it. */
  onRequestOpen: () => void;
  /** Called on hover or focus: the menu is probably wanted soon. */
  onIntent: () => void;
}

const noSubscription = () => () => undefined;

/** false while React hydrates server HTML (and on the server), true in every other render. */
function useIsClientRender(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

/**
 * A header menu whose Radix code loads once the page is idle (decision 033): until then its
 * trigger is drawn by a light placeholder with the same look and aria. Activating the placeholder
 * loads the menu and opens it; a placeholder that had focus hands it to the real trigger.
 */
export function deferMenu<Props extends object>(
  load: () => Promise<ComponentType<Props & DeferredMenuProps>>,
  Placeholder: ComponentType<Props & PlaceholderProps>,
): ComponentType<Props> {
  let loaded: ComponentType<Props & DeferredMenuProps> | null = null;
  let loading: Promise<ComponentType<Props & DeferredMenuProps>> | null = null;
  const start = () =>
    (loading ??= load().then((menu) => {
      loaded = menu;
      return menu;
    }));

  return function DeferredMenu(props: Props) {
    const [swapped, setMenu] = useState<ComponentType<Props & DeferredMenuProps> | null>(null);
    // Once the code is here, later mounts draw the menu at once; hydration still starts with the placeholder.
    const clientRender = useIsClientRender();
    const Menu = swapped ?? (clientRender ? loaded : null);
    const [openRequested, setOpenRequested] = useState(false);
    const wrapper = useRef<HTMLSpanElement>(null);
    const hadFocus = useRef(false);

    const show = () => {
      void start().then((menu) => {
        hadFocus.current = Boolean(wrapper.current?.contains(document.activeElement));
        setMenu(() => menu);
      });
    };

    // The first render matches the prerendered HTML (always the placeholder); the swap comes after.
    useEffect(() => {
      if (Menu) return;
      if (loaded) {
        show();
        return;
      }
      return whenIdle(show);
      // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per mount
    }, []);

    useLayoutEffect(() => {
      if (Menu && hadFocus.current && !openRequested) wrapper.current?.querySelector('button')?.focus();
    }, [Menu, openRequested]);

    return (
      <span ref={wrapper} className="contents">
        {Menu ? (
          <Menu {...props} defaultOpen={openRequested} />
        ) : (
          <Placeholder
            {...props}
            onIntent={() => void start()}
            onRequestOpen={() => {
              if (openRequested) return;
              setOpenRequested(true);
              show();
            }}
          />
        )}
      </span>
    );
  };
}
