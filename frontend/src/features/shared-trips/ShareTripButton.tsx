import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { ShareIcon } from "../../components/icons";
import { onDemand, whenOpen } from "../../components/on-demand";

// The dialog and its form load the first time the button is pressed, not with the dashboard.
const ShareTripDialog = onDemand(() => import("./ShareTripDialog").then((m) => m.ShareTripDialog), whenOpen);

/** The dashboard's Share Trip header button, which opens the Share Your Trip dialog. */
export function ShareTripButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        bg="surface.raised"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ShareIcon />
        Share Trip
      </Button>
      <ShareTripDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
