// The first load (the login page) takes only the styles of what it shows; the signed-in frame
// brings the whole Mantine stylesheet with it.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Avatar.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { onSessionEnded } from './api';
import { turkishMessage } from '../common/zodTr';
import { App } from './App';
import { routes } from './routes';
import { signOut } from './session/actions';
import { useSession } from './session/store';

// zod's settings, given before zod itself loads (with the first screen that has a schema): zod
// takes a settings object already on globalThis as its own. Turkish messages; and no compiled
// parsers, since the Content-Security-Policy forbids eval (zod must not even try it).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true, customError: turkishMessage };

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
