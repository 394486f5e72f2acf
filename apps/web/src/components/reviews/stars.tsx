import { Star } from 'lucide-react';

/** Five stars, `rating` of them filled; read out as 'Rated 4 out of 5'. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`${className} ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-300'}`} />
      ))}
    </span>
  );
}

export const RATING_WORDS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };
