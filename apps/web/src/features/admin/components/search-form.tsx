import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';

/** The search box above a console list; submitting puts the words in the address. */
export function SearchForm({ label, placeholder, value, onSearch }: { label: string; placeholder?: string; value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get('q') ?? ''));
  };
  return (
    <form role="search" onSubmit={submit} className="flex max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={id}
          name="q"
          type="search"
          key={value}
          defaultValue={value}
          placeholder={placeholder}
          maxLength={200}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
