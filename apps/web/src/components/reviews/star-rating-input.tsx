import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { RATING_WORDS } from './stars';

interface StarRatingInputProps {
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * 1 to 5 stars as a group of native radio buttons: Tab reaches the group, the arrow keys move between
 * stars, each is read as '4 stars, Very good'. The stars up to the chosen (or pointed at) one fill.
 */
export function StarRatingInput({ legend, value, onChange, onBlur, error }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onPointerLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative cursor-pointer p-1" onPointerEnter={() => setHover(n)}>
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => {
                  // the keyboard moves the choice while a resting pointer would still show its own star
                  setHover(null);
                  onChange(n);
                }}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}, {RATING_WORDS[n]}
              </span>
              <Star
                aria-hidden="true"
                className={`size-9 rounded-md transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 sm:size-8 ${
                  n <= shown ? 'fill-amber-400 text-amber-500' : 'fill-white text-slate-400'
                }`}
              />
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="min-w-20 text-sm font-medium text-slate-700">
          {shown ? RATING_WORDS[shown] : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
