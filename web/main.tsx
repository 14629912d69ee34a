import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createBrowserRouter } from 'react-router';
import { installTurkishZodMessages } from '../common/zodTr';
import { onSessionEnded } from './api';
import { App } from './App';
import { routes } from './routes';
import { signOut } from './session/actions';
import { useSession } from './session/store';

dayjs.extend(customParseFormat);
dayjs.locale('tr');
installTurkishZodMessages();
// The Content-Security-Policy forbids eval: zod must not even try its compiled parsers.
z.config({ jitless: true });

const router = createBrowserRouter(routes);

// A 401 with a held user logs out and goes to /{level}/login (the toast is the client's).
let ending = false;
onSessionEnded(() => {
  if (ending) return; // several calls may answer 401 at once: one logout, one redirect
  ending = true;
  const level = useSession.getState().level;
  void signOut()
    .then(() => router.navigate(`/${level}/login`))
    .finally(() => {
      ending = false;
    });
});

// After each navigation the page scrolls to the top (a hash-only change is no navigation).
let lastPlace = `${window.location.pathname}${window.location.search}`;
router.subscribe((state) => {
  const place = `${state.location.pathname}${state.location.search}`;
  if (state.navigation.state === 'idle' && place !== lastPlace) {
    lastPlace = place;
    window.scrollTo(0, 0);
  }
});

/** The app mounts on the root element once the router is ready, so the first screen is the right one. */
function routerReady(r: typeof router): Promise<void> {
  if (r.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = r.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

void routerReady(router).then(() => {
  createRoot(document.getElementById('root')!).render(<App router={router} />);
});
