// What other layers use of « Ma comptabilité »: the signed-in shell installs its cached dataset.
export { installAccountingDataset } from './accounting-data';
