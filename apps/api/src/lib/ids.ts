const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and bodies: anything that is not a UUID cannot name a row, so it is simply not found. */
export const isUuid = (id: string) => UUID.test(id);
