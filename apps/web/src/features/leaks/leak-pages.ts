// The leak pages load as one chunk: one lazy import instead of four keeps the app's entry (which
// names every chunk it may load) within the signed-out script budget.
export { LeakCasesPage } from './leak-cases-page';
export { LeakCasesNewPage } from './leak-cases-new-page';
export { LeakCasesDetailPage } from './leak-cases-detail-page';
export { LeakTracePage } from './leak-trace-page';
