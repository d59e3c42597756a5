// The error and pending components of every signed-in screen, as small wrappers: the route tree
// is in the first chunk (/login), Mantine is not (decision 014), so the real components load
// with the signed-in layer. They are only ever shown inside the signed-in frame.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

const Error = lazy(() => import('./module-boundary').then((m) => ({ default: m.ModuleError })));
const Pending = lazy(() => import('./module-boundary').then((m) => ({ default: m.ModulePending })));

export function ModuleErrorBoundary(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <Error {...props} />
    </Suspense>
  );
}

export function ModulePendingState() {
  return (
    <Suspense fallback={null}>
      <Pending />
    </Suspense>
  );
}
