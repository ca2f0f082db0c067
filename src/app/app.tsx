/** The back-office application: providers around the router. */
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';

const router = createRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
