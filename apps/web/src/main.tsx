import { boot } from './app/boot';
import { startThemeSync } from './lib/theme';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root not found');

startThemeSync();
void boot(rootElement);
