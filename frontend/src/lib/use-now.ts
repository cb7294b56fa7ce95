import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs`: relative times ("3 min ago") and countdowns keep going without new data. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
