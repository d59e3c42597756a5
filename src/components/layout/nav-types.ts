import type { ComponentType } from 'react';
import type { Capability, Child, Menu } from '../../domain/rights';

export interface NavChild {
  label: string;
  to: string;
  /** Child right (menu > child, view) needed to show this entry; none = the menu right suffices. */
  child?: Child;
  /** A named rule of can() needed besides (the firm's « Importer un FEC »). */
  capability?: Capability;
  /** Another menu's view right needed besides (« Factures reçues » lives with the invoices, reads the inbox). */
  menu?: Menu;
}

export interface NavEntry {
  key: string;
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  to?: string;
  /** The appRights menu that opens the module; undefined = always shown ("Accueil"). */
  menu?: Menu;
  children?: NavChild[];
  /** Without the right, shown as a promotion link with a badge (RIGHTS-4: invoices, "Gratuit"). */
  promotion?: { to: string; badge: string };
}
