// Payroll single sign-on (issue 17, decision 045): the profile menu's entry, mounted by the app layout.
export { PayrollMenuItem } from './payroll-menu-item';
