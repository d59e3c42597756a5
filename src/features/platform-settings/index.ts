// Public entry of the platform feature (decision 088): what other features and the routes may use.
export { PLATFORM_SETTINGS_PATH } from './paths';
export { PlatformBannerLine } from './components/platform-banner-line';
export { InvoiceTransmissionBadge } from './components/invoice-transmission-badge';
