// Fraud device id for the checkout URL's deviceId.
export {
  DEVICE_ID_APP_ID,
  DEVICE_ID_SCRIPTS,
  DEVICE_ID_TIMEOUT_MS,
  loadDeviceId,
  partnerIdOf,
  type DeviceIdOptions,
  type NSureSdk,
} from './load-device-id.ts';
