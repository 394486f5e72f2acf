/** The page's shape while it loads, so nothing jumps when it arrives. */
export function ListingSkeleton() {
  const bar = 'animate-pulse rounded-lg bg-slate-200';
  return (
    <div role="status" aria-label="Loading the space" className="mx-auto w-full max-w-6xl px-4 pt-4 pb-16 sm:px-6 sm:pt-8">
      <div className={`${bar} hidden h-9 w-2/3 sm:block`} />
      <div className={`${bar} mt-4 aspect-[4/3] rounded-2xl sm:aspect-auto sm:h-[min(28rem,56vw)]`} />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          <div className={`${bar} h-6 w-1/2`} />
          <div className={`${bar} h-4 w-full`} />
          <div className={`${bar} h-4 w-5/6`} />
          <div className={`${bar} h-4 w-2/3`} />
        </div>
        <div className={`${bar} hidden h-80 rounded-2xl lg:block`} />
      </div>
    </div>
  );
}
