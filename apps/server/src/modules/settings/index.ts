// Public surface of the settings module: the store's settings (cached per database handle), who may buy
// and with what (the purchase settings: whitelisted states, enabled payment method kinds), and its routes.
export { default as settingsRoutes } from './routes.ts';
// The admin console's settings page (issue 12): role ADMIN.
export { default as adminSettingsRoutes } from './admin-routes.ts';
export {
  DISTRIBUTORS_SETTINGS_KEY,
  getConversionRate,
  getDistributorKeys,
  getPurchaseSettings,
  getStoreSettings,
  isStateWhitelisted,
  listWhitelistedStates,
  PURCHASE_SETTINGS_KEY,
  savePurchaseSettings,
  saveDistributorKeys,
  saveStoreSettings,
  seedDistributorKeys,
  seedStoreSettings,
  STORE_SETTINGS_KEY,
  type DistributorKeys,
} from './service.ts';
export { CASHOUT_SETTINGS_KEY, getCashoutSettings, saveCashoutSettings } from './service.ts';
export type { CashoutSettings, PurchaseSettings } from './settings-shapes.ts';
export { STARTER_CASHOUT_SETTINGS, STARTER_PURCHASE_SETTINGS, STARTER_SETTINGS } from './starter-settings.ts';
export { getRecordingSettings, RECORDING_SETTINGS_KEY, saveRecordingSettings, STARTER_RECORDING_SETTINGS } from './recording-settings.ts';
