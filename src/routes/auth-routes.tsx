import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyScreen } from '../lib/lazy-screen';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { title: 'Connexion' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
});

export const forgottenPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgotten-password',
  staticData: { title: 'Mot de passe oublié' },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: lazyScreen(() => import('../features/auth/components/forgotten-password-page'), 'ForgottenPasswordPage'),
});
