import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Routes, UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { browserPageStore } from './services/page-store.ts';
import { historyPort, sharedHistory } from './services/router-port.ts';
import { browserStore } from './services/storage.ts';
import { AppActor } from './app-actor.ts';
import { appRoutes } from './views/shell/app-routes.tsx';
import { NoticesArea } from './views/shell/notices-area.tsx';
import { SpinnerOverlay } from './views/shell/spinner-overlay.tsx';

// Contrast (WCAG AA, 4.5:1 on white): shade 9 of teal and of every other color for filled
// buttons, links and colored text; dimmed text and errors one step darker than Mantine's own.
const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 9,
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  // Plain objects, not `Modal.extend(…)`: naming a component here would put it (a modal brings its
  // scroll area and focus trap) into the login page's JavaScript, loaded before anything shows.
  components: {
    // A link inside a sentence must not be told apart by color alone.
    Anchor: { defaultProps: { underline: 'always' } },
    // A close button says what it does.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // Page controls are icons: say what each does.
    Pagination: {
      defaultProps: {
        getControlProps: (control: string) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
    // A loader is a live status, so the label it carries is read out.
    Loader: { defaultProps: { role: 'status' } },
  },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
});

// Text on a light tint (light buttons, badges, the active menu entry) and on a hovered row needs
// more than Mantine's shade 9: 70 % of shade 9 with black passes 4.5:1 for every palette color.
const deeper = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`;
const readableText: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': deeper('teal'),
    // Mantine hovers shade 9 with shade 8, too light under white text.
    '--mantine-color-teal-filled-hover': deeper('teal'),
    ...Object.fromEntries(Object.keys(t.colors).map((color) => [`--mantine-color-${color}-light-color`, deeper(color)])),
  },
  dark: {},
});

// The address bar: React renders its routes, the app's root actor hears its changes (router-port.ts).
// A history router, not a data router: the portal loads no route data, and a data router would add
// 17 KB (gzip) to the login page.
const history = sharedHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
// The dev server's page is rebuilt on every start and never matches a built version.txt.
const appInput = { store: browserStore, pages: browserPageStore, router: historyPort(history), version: import.meta.env.DEV ? undefined : __APP_VERSION__ };

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableText} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      <AppActor.Provider options={{ input: appInput }}>
        <SpinnerOverlay />
        <NoticesArea />
        <HistoryRouter history={history}>
          <Routes>{appRoutes}</Routes>
        </HistoryRouter>
      </AppActor.Provider>
    </MantineProvider>
  );
}
