/** Query keys of the gate feature. */
export const gateKeys = {
  key: ['gate', 'key'] as const,
  lookup: (q: string) => ['gate', 'lookup', q] as const,
  accounts: ['gate', 'accounts'] as const,
};
