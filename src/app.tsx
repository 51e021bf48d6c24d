import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { BrowserRouter } from 'react-router-dom';
import { browserStore } from './services/storage.ts';
import { AuthActor, NoticesActor, SpinnerActor } from './views/shell/actor-contexts.ts';
import { AppRoutes } from './views/shell/app-routes.tsx';
import { NoticesArea } from './views/shell/notices-area.tsx';
import { SessionTracking } from './views/shell/session-tracking.tsx';
import { VersionWatch } from './views/shell/version-watch.tsx';
import { SpinnerOverlay } from './views/shell/spinner-overlay.tsx';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      <AuthActor.Provider options={{ input: { store: browserStore } }}>
        <SpinnerActor.Provider>
          <NoticesActor.Provider>
            <SessionTracking />
            <VersionWatch />
            <SpinnerOverlay />
            <NoticesArea />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </NoticesActor.Provider>
        </SpinnerActor.Provider>
      </AuthActor.Provider>
    </MantineProvider>
  );
}
