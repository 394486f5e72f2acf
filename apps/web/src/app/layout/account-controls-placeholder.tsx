/** Holds the place of the controls while they load, so the bar does not jump. */
export function AccountControlsPlaceholder() {
  return (
    <div aria-hidden="true" className="flex items-center gap-2">
      <span className="size-10 rounded-full bg-slate-100" />
      <span className="h-10 w-28 rounded-full bg-slate-100" />
    </div>
  );
}
