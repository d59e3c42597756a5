import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import './unit-setup';

// The screen project shares a worker between files (isolate: false: an isolated file imports React,
// Mantine and jsdom again, 150 s instead of 23 s for the project). Screen tests stand in for the
// app's modules with vi.mock, so each file starts from a fresh registry of the app's modules: a module
// a previous file loaded (real, or with that file's stand-ins) is loaded again for this one. React
// and Mantine, loaded by Node itself, are kept. Without this line, menus.screen.test.tsx fails when
// a file that loads the real company menu runs before it (checked with --sequence.shuffle.files).
vi.resetModules();
// Screen tests (jsdom) wait on conditions, never on time: 1 s (the library's default) is too short
// when `npm test` runs its lanes side by side on 2 cores (decision 029). A failing wait still fails.
configure({ asyncUtilTimeout: 10_000 });
