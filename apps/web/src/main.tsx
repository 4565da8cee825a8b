import './styles/global.css';
import { startFirstScreen } from './app/first-screen';

// The entry stays tiny: it starts the first screen's requests at once, while the app's code
// (preloaded from index.html, see vite.config.ts) downloads. The app is evaluated after the home
// chunk, so the two large module graphs run in two tasks instead of one long one.
void startFirstScreen()
  .then(() => import('./app/bootstrap'))
  .then(({ bootstrap }) => bootstrap(document.getElementById('root')!));
