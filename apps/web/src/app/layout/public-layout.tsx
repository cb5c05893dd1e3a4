import { useLocation } from 'react-router';
import { SessionContext, isLookupFreePath } from '../../lib/session-context';
import { Header } from './header';
import { LayoutFrame } from './layout-frame';

/**
 * The layout for visitors (decision 033): the entry already knows nobody is signed in, so there is
 * no current-user query, no onboarding and no Reddit notice here; those live in the signed-in shell.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <SessionContext value={null}>
      <LayoutFrame header={<Header minimal={isLookupFreePath(pathname)} />} />
    </SessionContext>
  );
}
