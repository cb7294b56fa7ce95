import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs`, for countdowns that must tick without a refetch. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
