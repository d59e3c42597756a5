import { createRoute, type AnyRoute, type RouteComponent } from '@tanstack/react-router';

/** One screen on its path, with the search validation its route has in the app (src/routes). */
export interface AppScreen {
  path: string;
  component: RouteComponent;
  validateSearch?: (search: Record<string, unknown>) => object;
}

/**
 * For renderInRouter's `routes`: the screens under the signed-in layout's id ('app'), as the app
 * declares them, so a screen reading its search through getRouteApi('/app/…') finds its route
 * (decision 083).
 */
export function appRoutes(root: AnyRoute, screens: AppScreen[]): AnyRoute[] {
  const app = createRoute({ getParentRoute: () => root, id: 'app' });
  return [
    app.addChildren(
      screens.map(({ path, component, validateSearch }) =>
        createRoute({ getParentRoute: () => app, path, component, validateSearch }),
      ),
    ) as AnyRoute,
  ];
}
