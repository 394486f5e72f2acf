/** `%`, `_` and `\` typed in a search box are letters, not LIKE wildcards (the default escape is `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching text that contains `s` anywhere. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;
