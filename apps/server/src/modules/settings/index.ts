// Public surface of the settings module: the store's settings (cached per database handle) and its routes.
export { default as settingsRoutes } from './routes.ts';
export { getConversionRate, getStoreSettings, saveStoreSettings, seedStoreSettings, STORE_SETTINGS_KEY } from './service.ts';
export { STARTER_SETTINGS } from './starter-settings.ts';
