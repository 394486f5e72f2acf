import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToken } from '../../lib/use-session';
import type { PushState } from './push-state';
import { ensurePushSubscription } from './push-subscription';
import { useForegroundMessages } from './use-foreground-messages';

/**
 * Push for a signed-in user, loaded after the page: keeps the subscription on the server (a query, so
 * it runs once per token and permission) and shows pushes that arrive in the foreground.
 */
export default function PushSetup({ state }: { state: PushState }) {
  const token = useToken();
  const queryClient = useQueryClient();
  useQuery({
    queryKey: ['push', 'subscription', token, state],
    queryFn: () => ensurePushSubscription(queryClient, state),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  useForegroundMessages();
  return null;
}
