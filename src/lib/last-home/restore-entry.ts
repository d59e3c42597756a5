// The classic script app.html runs before the app (scripts/vite-app-shell.ts bundles it on its own).
import { restoreLastHome } from './restore';

try {
  restoreLastHome(document, localStorage, Date.now());
} catch {
  // No picture: the app starts as it would without one.
}
