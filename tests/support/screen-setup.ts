import { configure } from '@testing-library/react';
import './unit-setup';

// Screen tests (jsdom) wait on conditions, never on time: 1 s (the library's default) is too short
// when `npm test` runs its lanes side by side on 2 cores (decision 029). A failing wait still fails.
configure({ asyncUtilTimeout: 10_000 });
