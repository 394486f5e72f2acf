import { Histogram, type Registry } from 'prom-client';

/** From a quick cached read to the slowest request worth telling apart from a timeout. */
export const HTTP_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function httpDurationHistogram(registry: Registry) {
  return new Histogram({
    name: 'parkly_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template (unmatched for unknown paths) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS_SECONDS,
    registers: [registry],
  });
}
