/** 'a minute', '12 minutes', '2 hours': how long until a limit's window ends, for the message of a 429. */
export function waitText(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'a minute';
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
