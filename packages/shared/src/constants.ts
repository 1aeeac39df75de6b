// The spec's constants (SPEC.md §9 and friends), named as the spec names them.

/** localStorage key of the session token (SPEC §4 "Logged in"). */
export const AUTH_TOKEN_KEY = 'xAuthToken';
/** Header that carries the session token on authenticated calls (SPEC §6). */
export const AUTH_HEADER = 'x-auth-token';
/** localStorage key of the path a guest asked for before being sent to /login (SPEC §2). */
export const REDIRECT_KEY = 'redirectedURlBeforeAccess';
/** localStorage key of the signed-in user (removed with the token on forced sign-out). */
export const USER_KEY = 'user';
/** Name of the token cookie cleared on a 401 (expiry set one day in the past, SPEC §9). */
export const TOKEN_COOKIE = 'xAuthToken';
/** SPEC §9: the token cookie is cleared by setting its expiry one day in the past (this long before now). */
export const TOKEN_COOKIE_EXPIRY_PAST_MS = 24 * 60 * 60 * 1000;
/** localStorage key holding the server's transactionLimit (SPEC §7 convertionrate). */
export const TRANSACTION_LIMIT_KEY = 'transactionLimit';
/** localStorage keys of the purchase memory (SPEC §3). */
export const DIGIT_PRODUCT_ID_KEY = 'digitProductID';
export const DIGIT_PRODUCT_TYPE_KEY = 'digitProductType';
/** localStorage key of the verification record (SPEC §3 "Kept locally under the name jumio"). */
export const JUMIO_KEY = 'jumio';
/** sessionStorage flag: a chunk-load failure already reloaded the page once this session. */
export const CHUNK_RELOAD_KEY = 'chunkReloadedOnce';

/** GET calls also send this header (SPEC §7). */
export const NGROK_HEADER = 'ngrok-skip-browser-warning';

export const ORDER_TYPE_DEFAULT = 'DigitalProduct';
export const AMOUNT_TYPE_DEFAULT = 'static';
export const LANGUAGE_CODE_DEFAULT = 'sa';
export const ENVIRONMENT_MARKER = 'prod';

export const ROLE_USER = 'USER';
export const ROLE_ADMIN = 'ADMIN';
export type Role = typeof ROLE_USER | typeof ROLE_ADMIN;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';
export const TOAST_DEFAULT_THEME = 'light';
/** Toasts of the shared handler and header fetches are dark (SPEC §2, §8). */
export const TOAST_THEME = 'dark';
/** A drag of 80 % of the toast's size dismisses it. */
export const TOAST_DRAG_PERCENT = 80;

export const ROUTE_CHANGE_LOADER_MS = 1500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_FAILED_TEXT = 'Loading chunk failed';
export const COPYRIGHT_YEAR = 2024;

export const COUNTRY_RESTRICTED_MESSAGE = 'Sorry! Services not available in your country.';

export const VERIFICATION_LABELS = { verified: 'Verified', pending: 'Pending', retry: 'Retry' } as const;

export const BONUS_TYPE_PERCENTAGE = 'PERCENTAGE';
export const BONUS_TYPE_COINS = 'COINS';
export type BonusType = typeof BONUS_TYPE_PERCENTAGE | typeof BONUS_TYPE_COINS;

/** Socket.io path (SPEC §7 Live connection). */
export const SOCKET_PATH = '/socket.io/';

// SPEC §9 "Embedded checkout" (§2 Embedded checkout page, §4 Embedded frame messages).
/** The skeleton overlay hides this long after the frame reports it has loaded. */
export const EMBEDDED_CHECKOUT_OVERLAY_HIDE_MS = 2000;
/** The checkout frame fades in over this long. */
export const EMBEDDED_CHECKOUT_FADE_MS = 300;
/** The card frame counts as loaded this long after its load event. */
export const CARD_FRAME_LOADED_DELAY_MS = 350;

// SPEC §9 "Blockchain" (and §5 blockchain rules).
/** Largest transaction packet, in bytes. */
export const BLOCKCHAIN_PACKET_BYTES = 1232;
/** Size of a transaction signature, in bytes. */
export const BLOCKCHAIN_SIGNATURE_BYTES = 64;
/** Size of a public key, in bytes. */
export const BLOCKCHAIN_PUBLIC_KEY_BYTES = 32;
/** Largest program-address seed, in bytes. */
export const BLOCKCHAIN_MAX_SEED_BYTES = 32;
/** Mask of the version prefix byte of a versioned transaction (0x7f). */
export const BLOCKCHAIN_VERSION_PREFIX_MASK = 127;
/** WebSocket close code of a normal closure of the node connection. */
export const BLOCKCHAIN_CLOSE_CODE = 1000;

// SPEC §9 "Recording" (session recording, initialised at start: §2 Route behaviour).
/** Events queued at most before older ones are dropped. */
export const RECORDING_QUEUE_LIMIT_EVENTS = 1000;
/** Share of sessions, in percent, that send diagnostics for the one app id that samples them. */
export const RECORDING_DIAGNOSTIC_SAMPLING_PERCENT = 25;
