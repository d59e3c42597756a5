// Payroll single sign-on (decision 045): the profile menu's entry, mounted by the app layout.
export { PayrollMenuItem } from './payroll-menu-item';
