import { RootLayout } from './layout/root-layout';
import { createRoutes } from './route-tree';

/** The routes inside the signed-in shell (and in the tests, which render the whole app). */
export const routes = createRoutes(<RootLayout />);
