// What other features use of the notifications: the device's copy of the bell's last answer (kept
// by the bell), and one notification of it (an information request opened offline from its
// notification finds its request with it).
export { keepBellOnDevice, useKeptNotification } from './device-copy';
