// What other layers use of « Mes caisses »: the routes install its cached dataset.
export { installCashRegisterDataset } from './cash-registers-data';
