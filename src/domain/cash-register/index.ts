// The cash register rulebook (decision 037): shared by the server, the browser and the archive's CLI.
export * from './movement-types';
export * from './amounts';
export * from './journal';
export * from './crypto';
export * from './canonical';
export * from './chain';
export * from './verify';
export * from './closings';
export * from './archive';
export * from './corrections';
