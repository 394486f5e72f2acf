/** A backup or restore that cannot go on, with a message for the person at the terminal (no stack). */
export class BackupError extends Error {}
