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

export const ROLE_USER = 'USER';

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';
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

/** Socket.io path (SPEC §7 Live connection). */
export const SOCKET_PATH = '/socket.io/';

/**
 * SPEC §9 "A game identifier constant exists; its value is not shown": the game provider (distributor) the
 * store's coins are bought for, named by GET v1/payment/coinflow/session?gameProvider=. The demo install seeds
 * a distributor under this id; a real install registers its game provider's keys under it.
 */
export const GAME_IDENTIFIER = 'demo-games';
