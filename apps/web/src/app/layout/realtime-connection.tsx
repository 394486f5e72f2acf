import { useRealtimeConnection } from '../../lib/realtime';

/** The realtime socket of the app shell (app-layout.tsx loads this once someone has signed in). */
export default function RealtimeConnection() {
  useRealtimeConnection();
  return null;
}
