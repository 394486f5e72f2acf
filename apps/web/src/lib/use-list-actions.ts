import { useEffect, useRef, useState } from 'react';

/**
 * The bookkeeping of a page that manages a list of saved things (vehicles, cards): the item waiting for
 * its delete confirmation, the note that says what just happened, the error of the last action, and
 * focus that lands somewhere sensible after a change (the note, or back on the button that opened the
 * confirmation).
 */
export function useListActions<T>() {
  const [toDelete, setToDelete] = useState<T | null>(null);
  // an object, so the same sentence twice still moves focus to it again
  const [note, setNote] = useState<{ text: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const returnFocus = useRef<HTMLButtonElement | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);

  // after a change the form or the button pressed may be gone: focus the confirmation instead
  useEffect(() => {
    if (note && !toDelete) noteRef.current?.focus();
  }, [note, toDelete]);
  // the confirm dialog has no Radix trigger: hand focus back once it (and its focus trap) is gone
  useEffect(() => {
    if (toDelete || !returnFocus.current) return;
    if (returnFocus.current.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  }, [toDelete]);

  /** Says what happened (and clears an earlier error). */
  const announce = (text: string) => {
    setActionError(null);
    setNote({ text });
  };
  /** Runs an action that answers the sentence to announce; its failure becomes the error shown. */
  const run = async (action: () => Promise<string>) => {
    try {
      announce(await action());
      return true;
    } catch (err) {
      setActionError((err as Error).message);
      return false;
    }
  };
  /** Opens the delete confirmation for `item`, remembering the button to return focus to. */
  const askDelete = (item: T, button: HTMLButtonElement) => {
    returnFocus.current = button;
    setToDelete(item);
  };
  return { toDelete, setToDelete, askDelete, note: note?.text ?? null, noteRef, actionError, announce, run };
}
