import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';

export type PopupKind = 'success' | 'error' | 'info';
export interface PopupOptions {
  title: string;
  message?: string;
  kind?: PopupKind;
  /** Runs when the popup is closed. */
  onClose?: () => void;
}

const PopupContext = createContext<((p: PopupOptions) => void) | null>(null);

/** `const popup = usePopup(); popup({ title: 'Success!', message: '…', kind: 'success' })` */
export function usePopup() {
  const show = use(PopupContext);
  if (!show) throw new Error('usePopup outside PopupProvider');
  return show;
}

/** Shown instead when the dialog code cannot be loaded (the connection dropped): the message still gets through. */
function PlainPopup({ current, onClose }: { current: PopupOptions | null; onClose: () => void }) {
  if (!current) return null;
  return (
    <div role="alertdialog" aria-label={current.title} className="fixed inset-x-4 top-24 z-[60] mx-auto max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{current.title}</p>
      {current.message && <p className="mt-2 text-sm text-slate-600">{current.message}</p>}
      <button type="button" onClick={onClose} className="mt-6 min-h-10 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white">
        OK
      </button>
    </div>
  );
}

/** The dialog code (Radix) loads the first time a popup opens, so a first visit does not download it. */
const PopupDialog = lazy(() => import('./popup-dialog').catch(() => ({ default: PlainPopup })));

export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PopupOptions | null>(null);
  // once shown, the dialog stays mounted so that closing it returns focus as Radix does
  const [used, setUsed] = useState(false);
  const show = useCallback((p: PopupOptions) => {
    setCurrent(p);
    setUsed(true);
  }, []);
  const close = () => {
    const onClose = current?.onClose;
    setCurrent(null);
    onClose?.();
  };
  const value = useMemo(() => show, [show]);
  return (
    <PopupContext value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <PopupDialog current={current} onClose={close} />
        </Suspense>
      )}
    </PopupContext>
  );
}
