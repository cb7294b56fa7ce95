import { Suspense, useState } from "react";
import { useAuthDialog } from "./dialog-store";
import { AuthDialog } from "./lazy";
import { DialogFrame } from "./DialogFrame";

/**
 * The sign-in dialog of one page, loaded the first time it opens. Once opened it stays mounted, so that what was
 * typed survives closing and reopening. After signing in, the browser goes to `returnTo` (the landing page: "/").
 */
export function AuthDialogHost({ returnTo }: { returnTo: string | null }) {
  const open = useAuthDialog((s) => s.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={<DialogFrame />}>
      <AuthDialog returnTo={returnTo} />
    </Suspense>
  );
}
