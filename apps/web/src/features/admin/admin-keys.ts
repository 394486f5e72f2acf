import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the console, all under ['admin'], so signing out of an admin account or any admin
 * action can refresh what it touched (the dashboard's waiting counts go with every action).
 */
export const adminKeys = {
  all: () => ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  health: () => ['admin', 'health'] as const,
  area: (area: string, ...rest: unknown[]) => ['admin', area, ...rest] as const,
};

/** After an admin action in an area: its lists and the dashboard's counts are read again. */
export const refreshAdminArea = (queryClient: QueryClient, area: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.area(area) }), queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() })]);
