import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './styles.css';
import 'dayjs/locale/fr';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadBranding } from './lib/branding';
import { store } from './lib/session';
import { TOAST_DURATION } from './lib/toast';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { registerServiceWorker } from './lib/service-worker';
import { startOfflineData } from './data/start';

dayjs.extend(customParseFormat);
dayjs.locale('fr');
void loadBranding();
registerServiceWorker();
startOfflineData();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <JotaiProvider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
          <Notifications position="bottom-right" autoClose={TOAST_DURATION} />
          <RouterProvider router={router} />
        </DatesProvider>
      </MantineProvider>
    </JotaiProvider>
  </StrictMode>,
);
