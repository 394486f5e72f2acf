/** Constants named by SPEC.md section 9 and DESIGN.md; every other file imports them from here. */

export const PRODUCT = 'parkly';
export const API_BASE = '/backend/api/v1';

/** Browser storage keys (SPEC section 3). */
export const STORAGE_KEYS = {
  token: `${PRODUCT}_token`,
  hostUser: 'host_user',
  deviceToken: 'device_token',
  userLat: 'user_lat',
  userLng: 'user_lang',
  /** sessionStorage: JSON {latitude, longitude, accuracy} */
  locationLat: 'location_lat',
  /** when the push subscription was last refreshed (ms since epoch) */
  deviceTokenAt: 'device_token_at',
} as const;

/** The literal fallback stored as device_token when push cannot be had (SPEC section 3). */
export const DEVICE_TOKEN_FALLBACK = 'currentToken';

export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
export const GEOLOCATION_FIRST_TIMEOUT_MS = 10_000;
export const GEOLOCATION_HELPER_TIMEOUT_MS = 5_000;
export const GEOLOCATION_DECISION_TIMEOUT_MS = 5_000;
export const CHAT_PANEL_HEIGHT_PX = 500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const STORAGE_OPERATION_TIMEOUT_MS = 120_000;
export const STORAGE_UPLOAD_TIMEOUT_MS = 600_000;
export const STORAGE_RETRY_STATUSES = [408, 429, 500, 502, 503, 504] as const;
export const COPYRIGHT_YEAR = 2025;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ID_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;

/** Messages the spec fixes word for word. */
export const MESSAGES = {
  unauthenticated: 'Unauthenticated User',
  unauthorised: 'Unauthorised User',
  pageNotFound: 'Page Not Found',
  noNotification: 'No Notification',
  notificationDeleted: 'Notification Deleted Successfully',
  notificationDeleteFailed: 'Failed to delete Notification. Please try again.',
  chatWelcome: 'Welcome to our website',
  chatReplyError: 'Error: Unable to fetch response.',
  chatNetworkError: 'Error: Network issue or server is unavailable.',
  slowConnection: 'Warning: You are on a 3G ,2g connection, which may affect performance.',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  geolocationDisabled: 'Geolocation is not enabled.',
  noFileSelected: 'No file selected.',
  uploadSuccessful: 'Upload successful!',
  uploadFailed: 'Upload failed.',
  newMessage: 'New Message!',
} as const;

/**
 * The mail outbox (apps/api/src/modules/mail): the first retry a minute after a failure, each next one
 * twice as late (with jitter) up to an hour apart, given up after 24 attempts (about 19 hours).
 */
export const MAIL_RETRY = { firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, maxAttempts: 24 } as const;
/** SMTP timeouts, so a hanging server fails one attempt instead of stalling the outbox worker. */
export const MAIL_SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;
/** How long a claimed e-mail stays 'sending' before another worker may take it over (its sender died). */
export const MAIL_SEND_LEASE_MS = 5 * 60_000;
