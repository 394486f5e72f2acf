/**
 * Faults a fake provider (fake-stripe.ts, fake-razorpay.ts) injects on request: the next `times` calls
 * to a path matching `path` suffer `fault` (what each fault does is the fake's to say).
 */
export function faultQueue<F extends string>() {
  const faults: { fault: F; path: RegExp; times: number }[] = [];
  return {
    add(fault: F, path: RegExp, times = 1) {
      faults.push({ fault, path, times });
    },
    /** the fault the next call to `path` suffers, if any (counted off) */
    take(path: string): F | undefined {
      const f = faults.find((x) => x.times > 0 && x.path.test(path));
      if (f) f.times -= 1;
      return f?.fault;
    },
    clear() {
      faults.length = 0;
    },
  };
}
