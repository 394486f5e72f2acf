import type { ListingSummary } from '@parkly/shared/listings';

/** How a host's listing is named in cards, dialogs and summaries: its title, or a placeholder for a fresh draft. */
export const listingTitle = (l: Pick<ListingSummary, 'title'>) => l.title?.trim() || 'Untitled space';
export const listingPlace = (l: Pick<ListingSummary, 'locality' | 'city'>) => [l.locality, l.city].filter(Boolean).join(', ');
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
