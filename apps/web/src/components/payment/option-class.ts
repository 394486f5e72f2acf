/** A payment choice drawn as a bordered radio card (a saved card, how renewals are paid). */
export const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60';
