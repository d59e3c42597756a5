// React's "adjusting some state when a prop changes" (react.dev, « You Might Not Need an Effect »):
// a form resets in the render that sees it open, so no frame shows the last opening's state and no
// effect sets state after the commit (react-compiler/set-state-in-effect; decision 083).
import { useState } from 'react';

/**
 * Calls `onChange`, which sets this component's state, during the first render and each render
 * where one of `deps` differs (Object.is) from the previous render's. React then renders again at
 * once with the new state, before anything is shown.
 */
export function useOnChange(deps: readonly unknown[], onChange: () => void): void {
  const [seen, setSeen] = useState<readonly unknown[] | null>(null);
  if (seen && seen.length === deps.length && seen.every((d, i) => Object.is(d, deps[i]))) return;
  setSeen(deps);
  onChange();
}
