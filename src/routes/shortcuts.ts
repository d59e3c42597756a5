import type { ComponentType } from 'react';

export interface ModuleShortcut {
  label: string;
  description: string;
  to: string;
  menu: string;
  icon: ComponentType<{ size?: number }>;
}

/** Home page shortcuts; modules add theirs when their screens exist. */
export const moduleShortcuts: ModuleShortcut[] = [];
